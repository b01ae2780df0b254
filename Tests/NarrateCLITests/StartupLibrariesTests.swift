import Foundation
import NarrateTestSupport
import Testing

/// What starting narrate loads. libcurl, cairo and libpcaudio (with the TLS, LDAP, X11,
/// fontconfig, PulseAudio and ALSA libraries behind them) are opened only by the commands that
/// use them: loaded at start-up they were most of the dynamic linker's work and a quarter of
/// the memory of every command. (libespeak-ng needs libpcaudio itself, so a command that
/// synthesizes loads the audio libraries with it.)
@Suite("Libraries loaded at start-up", .endToEnd)
struct StartupLibrariesTests {
    /// The libraries the dynamic linker opens for `arguments` (glibc's LD_DEBUG=files).
    static func loadedLibraries(_ arguments: [String], environment: [String: String] = [:]) async throws -> [String] {
        let outcome = try await NarrateBinary.run(arguments, environment: environment.merging(["LD_DEBUG": "files"]) { $1 })
        return outcome.standardError.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != "[" })
        }
    }

    /// Loaded only for fetching (libcurl and its TLS and LDAP libraries) or drawing covers.
    static let fetchingAndDrawing = ["libcurl", "libgnutls", "libssl", "libldap", "libcairo", "libpixman", "libfontconfig"]
    /// Loaded only for playing, or with libespeak-ng.
    static let audioOutput = ["libpcaudio", "libpulse", "libasound", "libX11"]

    @Test(.enabled(if: isGlibc, "LD_DEBUG is glibc's"))
    func aCommandThatNeedsNeitherLoadsNoneOfThem() async throws {
        let loaded = try await Self.loadedLibraries(["--version"])
        // The check itself works: libc is always there.
        #expect(loaded.contains { $0.hasPrefix("libc.so") })
        for library in Self.fetchingAndDrawing + Self.audioOutput {
            #expect(!loaded.contains { $0.hasPrefix(library) }, "\(library) was loaded by narrate --version")
        }
    }

    @Test(.enabled(if: isGlibc, "LD_DEBUG is glibc's"))
    func convertingATextLoadsNoneOfThem() async throws {
        let scratch = try ScratchDirectory()
        let article = try scratch.write("short.txt", text: "A short article. It has two sentences.\n")
        let loaded = try await Self.loadedLibraries(["convert", article, "-o", "\(scratch.path)/short.wav", "--voice", "en-us"])
        #expect(loaded.contains { $0.hasPrefix("libespeak-ng") })
        for library in Self.fetchingAndDrawing {
            #expect(!loaded.contains { $0.hasPrefix(library) }, "\(library) was loaded by narrate convert")
        }
    }

    @Test(.enabled(if: isGlibc, "LD_DEBUG is glibc's"))
    func fetchingAPageLoadsLibcurlThen() async throws {
        // A refused connection is enough: the library is loaded to try.
        let loaded = try await Self.loadedLibraries(["extract", "http://127.0.0.1:9/article.html"])
        #expect(loaded.contains { $0.hasPrefix("libcurl") })
    }

    static let isGlibc: Bool = {
        #if os(Linux) && canImport(Glibc)
        return true
        #else
        return false
        #endif
    }()
}
