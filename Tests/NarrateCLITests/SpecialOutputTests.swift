import Foundation
import NarrateAudio
import NarrateTestSupport
import Testing

/// Outputs that are not regular files: devices, FIFOs, links and standard output on a full
/// device. A device or FIFO is written in place and never replaced (with or without
/// `--force`); a failed write is one line and exit 74, never a success. Devices are made in
/// the test's own folder with mknod, never touched in the real /dev.
@Suite("Outputs onto devices, FIFOs and links", .endToEnd)
struct SpecialOutputTests {
    let scratch: ScratchDirectory
    let article: String

    init() throws {
        scratch = try ScratchDirectory()
        article = try scratch.write(
            "news.txt",
            text: """
                The lighthouse keeper climbed the stairs at dusk. He lit the lamp and watched the sea.
                Ships passed in the night, and none of them ran aground.
                """)
    }

    /// Whether this process may make device nodes (root, outside a restricted container).
    static let canMakeDevices: Bool = {
        let path = NSTemporaryDirectory() + "narrate-cli-mknod-probe-\(getpid())"
        defer { unlink(path) }
        return mknod(path, S_IFCHR | 0o666, makeDevice(1, 3)) == 0
    }()

    /// A null (1, 3) or full (1, 7) device in the scratch folder.
    func device(_ name: String, minor: UInt32) throws -> String {
        let path = "\(scratch.path)/\(name)"
        try #require(mknod(path, S_IFCHR | 0o666, makeDevice(1, minor)) == 0)
        return path
    }

    /// Runs narrate through the shell with standard output redirected to `target`.
    func runRedirected(_ arguments: [String], to target: String) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(["-c", "exec \"$0\" \"$@\" > '\(target)'", NarrateBinary.path] + arguments, executable: "/bin/sh")
    }

    /// `-o DEVICE --force` for WAV (which cannot stream) is a usage error: the device stays a
    /// device and nothing is written anywhere (today's code replaced the node with a file).
    @Test(.enabled(if: canMakeDevices, "needs mknod (root outside a restricted container)"))
    func wavOntoADeviceIsRefusedAndTheDeviceStays() async throws {
        let null = try device("null", minor: 3)
        let run = try await NarrateBinary.run(["convert", article, "-o", null, "--force"])
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("it is a character device"), "\(run.standardError)")
        #expect(fileType(atPath: null) == S_IFCHR)
        #expect(try scratch.entries() == ["news.txt", "null"])
    }

    /// A streaming format goes straight onto the device, with or without --force, and the
    /// device is still a device afterwards: nothing is written to disk.
    @Test(.enabled(if: canMakeDevices, "needs mknod (root outside a restricted container)"), arguments: [false, true])
    func aStreamingFormatIsWrittenOntoTheDevice(_ force: Bool) async throws {
        let null = try device("null", minor: 3)
        let run = try await NarrateBinary.run(["convert", article, "-o", null, "--format", "mp3"] + (force ? ["--force"] : []))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(fileType(atPath: null) == S_IFCHR)
        #expect(try scratch.entries() == ["news.txt", "null"])
    }

    /// Writing onto a full device is exit 74 and one line naming the device and the reason;
    /// the device is not replaced.
    @Test(.enabled(if: canMakeDevices, "needs mknod (root outside a restricted container)"), arguments: ["raw", "mp3", "opus"])
    func aFullDeviceIs74(_ format: String) async throws {
        let full = try device("full", minor: 7)
        let run = try await NarrateBinary.run(["convert", article, "-o", full, "--format", format, "--force"])
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.errorLines == ["narrate: \(full): write failed: No space left on device; what it received is incomplete"])
        #expect(fileType(atPath: full) == S_IFCHR)
        #expect(try scratch.entries() == ["full", "news.txt"])
    }

    /// Standard output on a full device: every format that can stream is exit 74 with one
    /// line (today's code said it wrote the audio).
    @Test(arguments: ["raw", "au", "flac", "ogg", "opus", "mp3"])
    func standardOutputOnAFullDeviceIs74(_ format: String) async throws {
        let run = try await runRedirected(["convert", article, "--format", format, "-o", "-"], to: "/dev/full")
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.errorLines == ["narrate: standard output: write failed: No space left on device; what it received is incomplete"])
    }

    /// Standard output redirected to a file gets the seekable form of the format, the same
    /// length as a file written by path.
    @Test func standardOutputRedirectedToAFileIsAWholeFile() async throws {
        let named = "\(scratch.path)/named.mp3"
        #expect(try await NarrateBinary.run(["convert", article, "-o", named]).status == 0)
        let redirected = "\(scratch.path)/redirected.mp3"
        let run = try await runRedirected(["convert", article, "--format", "mp3", "-o", "-"], to: redirected)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try AudioFileInfo.read(path: redirected).frames == AudioFileInfo.read(path: named).frames)
    }

    /// A FIFO gets the audio as a stream, and stays a FIFO.
    @Test func aFIFOReceivesTheStream() async throws {
        let fifo = "\(scratch.path)/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = FIFOReader(path: fifo)
        let run = try await NarrateBinary.run(["convert", article, "-o", fifo, "--format", "raw"])
        #expect(run.status == 0, "\(run.standardError)")
        let bytes = await received.value()
        let wav = "\(scratch.path)/same.wav"
        #expect(try await NarrateBinary.run(["convert", article, "-o", wav]).status == 0)
        #expect(bytes.count == 2 * (try AudioFileInfo.read(path: wav).frames))
        #expect(fileType(atPath: fifo) == S_IFIFO)
    }

    /// Through a symbolic link the file it points to is replaced with the new audio; the
    /// link stays a link.
    @Test func aLinkStaysALink() async throws {
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/real", withIntermediateDirectories: false)
        let real = try scratch.write("real/old.wav", text: "an older file")
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/link.wav", withDestinationPath: "real/old.wav")
        let run = try await NarrateBinary.run(["convert", article, "-o", "\(scratch.path)/link.wav", "--force"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(fileType(atPath: "\(scratch.path)/link.wav") == S_IFLNK)
        #expect(try AudioFileInfo.read(path: real).duration > 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/real") == ["old.wav"])
    }

    /// Sync maps and chapter files onto a full device: 74 and one line, not a success.
    @Test(.enabled(if: canMakeDevices, "needs mknod (root outside a restricted container)"), arguments: ["--sync", "--chapters"])
    func sideFilesOntoAFullDeviceAre74(_ option: String) async throws {
        let full = try device("full.json", minor: 7)
        let library = "\(scratch.path)/library.sqlite"
        #expect(try await NarrateBinary.run(["add", article, "--library", library]).status == 0)
        let run = try await NarrateBinary.run(["render", "1", "--library", library, option, full])
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.errorLines == ["narrate: \(full): write failed: No space left on device; what it received is incomplete"])
        #expect(fileType(atPath: full) == S_IFCHR)
    }

    /// `render -o FIFO` streams a copy of the library's render into it.
    @Test func renderIntoAFIFOStreamsACopy() async throws {
        let library = "\(scratch.path)/library.sqlite"
        #expect(try await NarrateBinary.run(["add", article, "--library", library]).status == 0)
        let fifo = "\(scratch.path)/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = FIFOReader(path: fifo)
        let run = try await NarrateBinary.run(["render", "1", "--library", library, "-o", fifo, "--format", "flac"])
        #expect(run.status == 0, "\(run.standardError)")
        let bytes = await received.value()
        #expect(bytes.starts(with: Array("fLaC".utf8)))
        #expect(fileType(atPath: fifo) == S_IFIFO)
    }

    /// What a command prints goes to a full device: 74 and one line, not a silent success.
    @Test(arguments: [["segment", "--json"], ["extract", "--json"]])
    func printedOutputOnAFullDeviceIs74(_ command: [String]) async throws {
        let run = try await runRedirected([command[0], article] + command.dropFirst(), to: "/dev/full")
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.errorLines == ["narrate: standard output: write failed: No space left on device; what it received is incomplete"])
    }

    /// `play --sink stdout` onto a full device: 74 with the reason (today's code said it could
    /// not create the output, 73), and the position is kept.
    @Test func playingOntoAFullDeviceIs74() async throws {
        let library = "\(scratch.path)/library.sqlite"
        #expect(try await NarrateBinary.run(["add", article, "--library", library]).status == 0)
        let run = try await runRedirected(["play", "1", "--sink", "stdout", "--speed", "1000", "--library", library], to: "/dev/full")
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.errorLines.last == "narrate: the audio output: write failed: No space left on device; what it received is incomplete")
    }

    /// --split writes numbered files named after -o: a device is no name for them.
    @Test(.enabled(if: canMakeDevices, "needs mknod (root outside a restricted container)"))
    func splittingOntoADeviceIsAUsageError() async throws {
        let null = try device("null.mp3", minor: 3)
        let run = try await NarrateBinary.run(["convert", article, "-o", null, "--split", "minutes:1"])
        #expect(run.status == 64, "\(run.standardError)")
        #expect(try scratch.entries() == ["news.txt", "null.mp3"])
    }
}

/// A Linux device number (glibc's `makedev` is a macro Swift does not import).
func makeDevice(_ major: UInt32, _ minor: UInt32) -> dev_t {
    dev_t(major) << 8 | dev_t(minor)
}

/// Reads a FIFO to its end on a thread of its own (opening it blocks until narrate opens
/// the other end, which must not hold up Swift's cooperative pool).
final class FIFOReader: @unchecked Sendable {
    private let path: String
    private let done = DispatchSemaphore(value: 0)
    private var bytes: [UInt8] = []

    init(path: String) {
        self.path = path
        Thread { [self] in
            if let handle = FileHandle(forReadingAtPath: path) {
                bytes = Array(handle.readDataToEndOfFile())
                try? handle.close()
            }
            done.signal()
        }.start()
    }

    /// Everything read, once the writer has closed the FIFO (call it after the writer has
    /// ended: a writer that never opened the FIFO is stood in for, so this never hangs),
    /// waited for on a thread of its own.
    func value() async -> [UInt8] {
        (try? await onOwnThread { self.waitForValue() }) ?? []
    }

    private func waitForValue() -> [UInt8] {
        if done.wait(timeout: .now() + 5) == .timedOut {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
            done.wait()
        }
        return bytes
    }
}
