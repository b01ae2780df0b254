internal import CNarrateTextCat
import NarrateSystem
import Synchronization

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
    ///
    /// `languages` limits the answer to those language codes (the ones the speech engine
    /// speaks): among 160 profiles, rare neighbours such as Scots or Rusyn otherwise win
    /// on short texts.
    public init?(
        dataDirectories: [String] = LanguageDetector.dataDirectories(environment: [:]), languages: Set<String>? = nil
    ) {
        for directory in dataDirectories where access("\(directory)/fpdb.conf", R_OK) == 0 {
            guard let configuration = Self.configuration(in: directory, languages: languages) else { continue }
            defer { if configuration != "\(directory)/fpdb.conf" { unlink(configuration) } }
            if let pointer = special_textcat_Init(configuration, "\(directory)/") {
                handle = Mutex(Handle(pointer: pointer))
                return
            }
        }
        return nil
    }

    /// The profile list to load: the shipped one, or a temporary copy with only the profiles
    /// of `languages` (libexttextcat reads it once, at start).
    private static func configuration(in directory: String, languages: Set<String>?) -> String? {
        let shipped = "\(directory)/fpdb.conf"
        guard let languages else { return shipped }
        guard let file = fopen(shipped, "r") else { return nil }
        defer { fclose(file) }
        var kept = ""
        var buffer = [CChar](repeating: 0, count: 1024)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard fields.count >= 2, !line.hasPrefix("#") else { continue }
            let code = String(fields[1].split(separator: "-").first ?? "")
            if languages.contains(code == "sh" ? "sr" : code) { kept += line.hasSuffix("\n") ? line : line + "\n" }
        }
        guard !kept.isEmpty else { return nil }
        var template = Array("/tmp/narrate-textcat-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { return nil }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bytes = Array(kept.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else {
            unlink(path)
            return nil
        }
        return path
    }

    deinit {
        handle.withLock { textcat_Done($0.pointer) }
    }

    /// The ISO 639-1 code (or the profile's code where a language has none) of `text`'s
    /// language; nil when the text is too short or matches no profile.
    public func language(of text: String) -> String? {
        // Below a few words every profile is a guess.
        guard text.unicodeScalars.lazy.filter({ $0.properties.isAlphabetic }).prefix(20).count >= 20 else { return nil }
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
        let answer =
            Self.cyrillicCheck(text, candidates: candidates) ?? Self.danishOrNorwegian(text, first: first)
            ?? Self.czechOrSlovak(text, first: first) ?? Self.southSlavic(text, candidates: candidates) ?? first
        return answer == "sh" ? "sr" : answer
    }

    /// How many of `text`'s first words are in `words`, and how many of its letters in `letters`.
    private static func markers(in text: String, words: Set<Substring>, letters: Set<Character>) -> Int {
        let sample = String(text.unicodeScalars.prefix(6_000)).lowercased()
        var count = sample.reduce(0) { $0 + (letters.contains($1) ? 1 : 0) }
        for word in sample.split(whereSeparator: { !$0.isLetter }) where words.contains(word) { count += 1 }
        return count
    }

    /// Letters and words only Czech or only Slovak has decide between the two, which the
    /// profiles confuse (most Slovak paragraphs come out Czech).
    static func czechOrSlovak(_ text: String, first: String) -> String? {
        guard first == "cs" || first == "sk" else { return nil }
        let czech = markers(
            in: text, words: ["se", "jako", "nebo", "pro", "jsem", "jsou", "který", "která", "které", "ve", "ze", "pouze", "také"],
            letters: ["ě", "ř", "ů"]
        )
        let slovak = markers(
            in: text, words: ["sa", "ako", "alebo", "pre", "som", "sú", "aj", "vo", "zo", "iba", "ktorý", "ktorá", "ktoré", "tiež"],
            letters: ["ä", "ô", "ľ", "ĺ", "ŕ"]
        )
        if slovak > czech { return "sk" }
        if czech > slovak { return "cs" }
        return nil
    }

    /// Croatian, Serbian and Bosnian taken for Slovenian: their letters (ć, đ) and words
    /// outnumbering Slovenian's give the first of the three among the candidates.
    static func southSlavic(_ text: String, candidates: [String]) -> String? {
        guard candidates.first == "sl" else { return nil }
        let slovenian = markers(in: text, words: ["in", "so", "ki", "kar", "bo", "tudi", "pa", "sem", "smo"], letters: [])
        let others = markers(in: text, words: ["i", "su", "koji", "koja", "koje", "što", "će", "kao", "sa", "od"], letters: ["ć", "đ"])
        guard others > slovenian else { return nil }
        return candidates.first { ["hr", "sr", "sh", "bs"].contains($0) } ?? "hr"
    }

    /// Words that only Danish or only Norwegian (Bokmål) writes decide between the two: the
    /// n-gram profiles take nearly every Norwegian paragraph for Danish (libexttextcat's
    /// Norwegian profile was made from other kinds of text). A tie keeps the profiles' answer.
    static func danishOrNorwegian(_ text: String, first: String) -> String? {
        guard first == "da" || first == "nb" || first == "nn" || first == "no" else { return nil }
        let danishWords: Set<Substring> = [
            "af", "ud", "hvad", "efter", "nu", "meget", "blev", "bliver", "nogen", "noget", "end", "mod", "op", "mellem",
            "frem", "mig", "dig", "sig", "været", "gøre", "gennem",
        ]
        let norwegianWords: Set<Substring> = [
            "av", "ut", "hva", "etter", "nå", "mye", "ble", "blir", "noen", "noe", "enn", "mot", "opp", "mellom", "fram",
            "meg", "deg", "seg", "vært", "gjøre", "gjennom",
        ]
        var danish = 0
        var norwegian = 0
        for word in String(text.unicodeScalars.prefix(6_000)).lowercased().split(whereSeparator: { !$0.isLetter }) {
            if danishWords.contains(word) { danish += 1 }
            if norwegianWords.contains(word) { norwegian += 1 }
            if word.count > 5 {
                if word.hasSuffix("tion") || word.hasSuffix("tionen") || word.hasSuffix("tioner") { danish += 1 }
                if word.hasSuffix("sjon") || word.hasSuffix("sjonen") || word.hasSuffix("sjoner") { norwegian += 1 }
            }
        }
        if norwegian > danish { return "nb" }
        if danish > norwegian { return "da" }
        return nil
    }

    /// Letters and words that only one of the common Cyrillic languages has decide between
    /// them: the n-gram profiles alone take much Ukrainian and Bulgarian for Russian or Rusyn.
    static func cyrillicCheck(_ text: String, candidates: [String]) -> String? {
        let cyrillic: Set<String> = ["uk", "ru", "bg", "be", "rue", "mk", "sr"]
        guard candidates.contains(where: { cyrillic.contains($0) }) else { return nil }
        let sample = String(text.unicodeScalars.prefix(6_000))
        var ukrainian = 0
        var russian = 0
        var bulgarian = 0
        var belarusian = 0
        var serbian = 0
        var macedonian = 0
        for scalar in sample.unicodeScalars {
            switch scalar {
            case "і", "ї", "є", "ґ", "І", "Ї", "Є", "Ґ": ukrainian += 1
            case "ы", "э", "ё", "Ы", "Э", "Ё": russian += 1
            case "ъ", "Ъ", "ѝ": bulgarian += 1
            case "ў", "Ў": belarusian += 1
            case "ђ", "ћ", "Ђ", "Ћ": serbian += 1
            case "ѓ", "ќ", "ѕ", "Ѓ", "Ќ", "Ѕ": macedonian += 1
            default: break
            }
        }
        // Words only Bulgarian has: its future particle, forms of "to be", its demonstratives.
        let bulgarianWords: Set<Substring> = [
            "ще", "са", "във", "със", "съм", "сме", "сте", "беше", "бяха", "тази", "този", "тези", "които", "която",
            "това", "нещо", "някой", "вече", "днес", "защо",
        ]
        for word in sample.lowercased().split(whereSeparator: { !$0.isLetter }) where bulgarianWords.contains(word) {
            bulgarian += 1
        }
        if belarusian > 0 { return "be" }
        // Letters only Serbian (ђ, ћ) or only Macedonian (ѓ, ќ, ѕ) writes.
        if serbian > 0, serbian >= macedonian, russian == 0, ukrainian == 0 { return "sr" }
        if macedonian > 0, russian == 0, ukrainian == 0 { return "mk" }
        if ukrainian > 0, ukrainian >= russian { return "uk" }
        if russian > 0, russian > ukrainian { return "ru" }
        // Bulgarian has no ы, э, ё or і; Russian prose of a few words nearly always has ы.
        if bulgarian >= 1, russian == 0, ukrainian == 0 { return "bg" }
        return nil
    }
}
