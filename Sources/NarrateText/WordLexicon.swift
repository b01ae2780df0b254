internal import CNarrateHunspell
import Foundation
import NarrateCore
import NarrateSystem

/// A language's dictionary of words, Hunspell's, from the system's dictionaries (Debian's
/// `hunspell-uk`, `hunspell-pl`, ...): it tells a common word ("construction", "колокольню",
/// "wieżę"), which the dictionary holds in lower case, from a name ("Friday", "Україна",
/// "Kazimierz"), which it holds only capitalised.
///
/// Where a period after an abbreviation may or may not end a sentence ("Harland Engineering
/// Ltd. Construction begins ...", "w XV w. Wieżę dobudowano ...") and neither the rules nor the
/// document decide, a capitalised common word after it starts a new sentence; a name goes on.
/// Loaded on first use, once a process for each language (0.05 s for English, 0.4 s for
/// Ukrainian's 330,000 stems), so text that never asks never loads one. A language whose
/// dictionary is not installed simply has none, and its sentence ends are decided as before.
///
/// Its state is guarded by `NSLock`s (pthread mutexes), which ThreadSanitizer sees, rather than
/// `Mutex`, whose futex it does not: two feeds refreshed at once segment on two threads.
public final class WordLexicon: @unchecked Sendable {
    /// The language code ("pl").
    public let language: String
    /// Guards `opened` and `handle`.
    private let lock = NSLock()
    private var opened = false
    /// The opened Hunspell dictionary, if any.
    private var handle: OpaquePointer?

    private init(language: String) {
        self.language = language
    }

    deinit {
        narrate_hunspell_close(handle)
    }

    /// Guards `byLanguage`.
    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var byLanguage: [String: WordLexicon] = [:]

    /// The lexicon of language `code` ("en", "uk"), shared by the process; it may turn out to
    /// have no dictionary (see `isInstalled`).
    public static func forLanguage(_ code: String) -> WordLexicon {
        cacheLock.withLock {
            if let lexicon = byLanguage[code] { return lexicon }
            let lexicon = WordLexicon(language: code)
            byLanguage[code] = lexicon
            return lexicon
        }
    }

    /// Whether a dictionary for the language is installed and loads.
    public var isInstalled: Bool {
        lock.withLock {
            openIfNeeded()
            return handle != nil
        }
    }

    /// Whether `word`, lower-cased, is a word of the dictionary in lower case: a common word,
    /// not a name. False when the language has no dictionary.
    public func knowsInLowerCase(_ word: String) -> Bool {
        knowsExactly(word.lowercased())
    }

    /// Whether `word` is a word of the dictionary in lower case or capitalised (a German noun,
    /// a name), in any of its forms the dictionary's affixes make. False when the language has
    /// no dictionary.
    public func knows(_ word: String) -> Bool {
        let lowered = word.lowercased()
        return knowsExactly(lowered) || knowsExactly(lowered.prefix(1).uppercased() + lowered.dropFirst())
    }

    private func knowsExactly(_ word: String) -> Bool {
        var lowered = word
        guard !lowered.isEmpty else { return false }
        return lock.withLock {
            openIfNeeded()
            guard let handle else { return false }
            return lowered.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    narrate_hunspell_knows(handle, characters.baseAddress, Int32(characters.count)) != 0
                }
            }
        }
    }

    /// Opens the dictionary the first time; called with `lock` held.
    private func openIfNeeded() {
        guard !opened else { return }
        opened = true
        guard let path = Self.dictionaryPath(for: language) else { return }
        handle = narrate_hunspell_open(path + ".aff", path + ".dic")
    }

    /// Where dictionaries are looked for: `NARRATE_HUNSPELL_PATH` (folders separated by
    /// colons), then the system's folders.
    static var searchFolders: [String] {
        var folders: [String] = []
        if let value = getenv("NARRATE_HUNSPELL_PATH") {
            folders += String(cString: value).split(separator: ":").map(String.init)
        }
        return folders + [
            "/usr/share/hunspell", "/usr/local/share/hunspell", "/opt/homebrew/share/hunspell",
            "/usr/share/myspell/dicts",
        ]
    }

    /// The region whose dictionary stands for a language when it is not the language's own
    /// code in capitals ("en" is en_US, not en_EN).
    private static let regions: [String: [String]] = [
        "en": ["US", "GB"], "uk": ["UA"], "el": ["GR"], "cs": ["CZ"], "da": ["DK"], "sv": ["SE"],
        "nb": ["NO"], "no": ["NO"], "ca": ["ES"], "et": ["EE"], "kk": ["KZ"], "sr": ["RS"], "bs": ["BA"],
        "pt": ["PT", "BR"], "sl": ["SI"], "ko": ["KR"], "ja": ["JP"], "he": ["IL"], "hi": ["IN"], "vi": ["VN"],
    ]

    /// The path of the dictionary of `language`, without its extension: LL_RR of the
    /// language's usual region, else any region's, else LL.
    static func dictionaryPath(for language: String) -> String? {
        guard !language.isEmpty, language.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) else {
            return nil
        }
        let preferred = (regions[language] ?? []) + [language.uppercased()]
        for folder in searchFolders {
            for region in preferred where exists("\(folder)/\(language)_\(region)") {
                return "\(folder)/\(language)_\(region)"
            }
            if let any = otherRegion(of: language, in: folder) { return any }
            if exists("\(folder)/\(language)") { return "\(folder)/\(language)" }
        }
        return nil
    }

    private static func exists(_ path: String) -> Bool {
        access(path + ".dic", R_OK) == 0 && access(path + ".aff", R_OK) == 0
    }

    /// The first dictionary, by name, of `language` for some region in `folder`.
    private static func otherRegion(of language: String, in folder: String) -> String? {
        guard let entries = DirectoryEntries.list(folder) else { return nil }
        let names = entries.map(\.name).filter { $0.hasPrefix(language + "_") && $0.hasSuffix(".dic") }.map { String($0.dropLast(4)) }
        return names.sorted().lazy.map { "\(folder)/\($0)" }.first(where: exists)
    }
}
