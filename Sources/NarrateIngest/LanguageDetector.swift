internal import CNarrateTextCat
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Detects the language of a text with libexttextcat: character n-gram profiles of about 160
/// languages (the method of Cavnar and Trenkle, as LibreOffice uses it), plus a check of the
/// letters only one Cyrillic alphabet has, so Ukrainian, Russian and Bulgarian are not confused.
///
/// libexttextcat keeps state in its handle, so calls are serialized; one detector serves a
/// whole process.
public final class LanguageDetector: Sendable {
    private let handle: Mutex<Handle>

    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    /// The directories searched for libexttextcat's `fpdb.conf` and `*.lm` profiles:
    /// `$NARRATE_TEXTCAT_DATA`, then the Debian and Homebrew locations.
    public static func dataDirectories(environment: [String: String]) -> [String] {
        var directories: [String] = []
        if let custom = environment["NARRATE_TEXTCAT_DATA"], !custom.isEmpty { directories.append(custom) }
        directories += ["/usr/share/libexttextcat", "/usr/local/share/libexttextcat", "/opt/homebrew/share/libexttextcat"]
        return directories
    }

    /// Creates a detector from the first data directory that has the profiles; nil when none
    /// does (libexttextcat-data is not installed).
    public init?(dataDirectories: [String] = LanguageDetector.dataDirectories(environment: [:])) {
        for directory in dataDirectories where access("\(directory)/fpdb.conf", R_OK) == 0 {
            if let pointer = special_textcat_Init("\(directory)/fpdb.conf", "\(directory)/") {
                handle = Mutex(Handle(pointer: pointer))
                return
            }
        }
        return nil
    }

    deinit {
        handle.withLock { textcat_Done($0.pointer) }
    }

    /// The ISO 639-1 code (or the profile's code where a language has none) of `text`'s
    /// language; nil when the text is too short or matches no profile.
    public func language(of text: String) -> String? {
        // The first few thousand bytes decide; cut at a scalar boundary.
        var bytes = Array(text.utf8.prefix(6_000))
        while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
        if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        let result: String? = handle.withLock { handle in
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { base in
                    textcat_Classify(handle.pointer, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), buffer.count)
                }.flatMap { $0 }.map { String(cString: $0) }
            }
        }
        guard let result, result.hasPrefix("[") else { return nil }
        let candidates = result.split(separator: "]").map { piece in
            String(piece.dropFirst().split(separator: "-").first ?? "")
        }.filter { !$0.isEmpty }
        guard let first = candidates.first else { return nil }
        return Self.cyrillicCheck(text, candidates: candidates) ?? (first == "sh" ? "sr" : first)
    }

    /// Letters that only one of the common Cyrillic alphabets has decide between them when
    /// the profiles alone are close.
    static func cyrillicCheck(_ text: String, candidates: [String]) -> String? {
        let cyrillic: Set<String> = ["uk", "ru", "bg", "be", "rue", "mk", "sr"]
        guard candidates.contains(where: { cyrillic.contains($0) }) else { return nil }
        var ukrainian = 0
        var russian = 0
        var bulgarian = 0
        var belarusian = 0
        for scalar in text.unicodeScalars.prefix(6_000) {
            switch scalar {
            case "і", "ї", "є", "ґ", "І", "Ї", "Є", "Ґ": ukrainian += 1
            case "ы", "э", "ё", "Ы", "Э", "Ё": russian += 1
            case "ъ", "Ъ", "ѝ": bulgarian += 1
            case "ў", "Ў": belarusian += 1
            default: break
            }
        }
        if belarusian > 0 { return "be" }
        if ukrainian > 0, ukrainian >= russian { return "uk" }
        if russian > 0, russian > ukrainian { return "ru" }
        // Bulgarian has no ы, э or і, and uses ъ as a vowel, often.
        if bulgarian >= 2, russian == 0, ukrainian == 0 { return "bg" }
        return nil
    }
}
