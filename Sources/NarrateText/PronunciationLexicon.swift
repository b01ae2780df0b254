/// Words a voice should say differently: word → spoken form, applied to whole words.
///
/// The file format (voices/NAME.lexicon beside a preset) is one entry per line,
/// `word = spoken form`; blank lines and lines starting with `#` are ignored. Case rules:
/// an entry written all in lower case matches the word in any case ("nginx" matches
/// "Nginx" and "NGINX"); an entry with a capital letter matches only exactly ("US" does
/// not match "us"). Exact entries win over case-insensitive ones. A word is a run of
/// letters, digits, apostrophes and inner hyphens or periods ("Wi-Fi", "Node.js").
public struct PronunciationLexicon: Sendable, Equatable {
    /// Entries that match only exactly.
    public private(set) var exact: [String: String] = [:]
    /// Entries that match in any case, keyed lower-case.
    public private(set) var caseInsensitive: [String: String] = [:]

    /// An empty lexicon.
    public init() {}

    /// A lexicon of `entries` (word → spoken form) under the case rules above.
    public init(entries: [String: String]) {
        for (word, spoken) in entries { add(word, spoken) }
    }

    /// Every entry, word → spoken form: `init(entries:)` of them makes this same lexicon.
    public var entries: [String: String] {
        exact.merging(caseInsensitive) { exact, _ in exact }
    }

    /// Whether there are no entries.
    public var isEmpty: Bool { exact.isEmpty && caseInsensitive.isEmpty }

    /// A problem in a lexicon file, with its 1-based line number.
    public struct ParseError: Error, Sendable, Equatable {
        /// The line.
        public var line: Int
        /// What is wrong and how to fix it.
        public var message: String

        /// Creates an error for `line`.
        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// Parses the file format above.
    public static func parse(_ text: String) throws(ParseError) -> PronunciationLexicon {
        var lexicon = PronunciationLexicon()
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw ParseError(line: number, message: "expected 'word = spoken form'")
            }
            let word = line[..<equals].trimmingWhitespace()
            let spoken = line[line.index(after: equals)...].trimmingWhitespace()
            guard !word.isEmpty, !spoken.isEmpty else {
                throw ParseError(line: number, message: "both the word and its spoken form are needed")
            }
            guard word.unicodeScalars.allSatisfy({ Self.isWordScalar($0) }) else {
                throw ParseError(line: number, message: "'\(word)' is not one word (letters, digits, ' - . inside)")
            }
            lexicon.add(word, spoken)
        }
        return lexicon
    }

    private mutating func add(_ word: String, _ spoken: String) {
        if word == word.lowercased() {
            caseInsensitive[word] = spoken
        } else {
            exact[word] = spoken
        }
    }

    /// The spoken form of `word`, if the lexicon has one.
    public func spokenForm(of word: String) -> String? {
        exact[word] ?? caseInsensitive[word.lowercased()]
    }

    /// `text` with every listed whole word replaced.
    public func apply(to text: String) -> String {
        guard !isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard Self.isLetterOrDigit(scalars[index]) else {
                result.append(scalars[index])
                index += 1
                continue
            }
            var end = index
            while end < scalars.count {
                if Self.isLetterOrDigit(scalars[end]) {
                    end += 1
                } else if Self.isInnerJoiner(scalars[end]), end + 1 < scalars.count, Self.isLetterOrDigit(scalars[end + 1]) {
                    end += 1
                } else {
                    break
                }
            }
            let word = String(scalars: scalars[index..<end])
            if let spoken = spokenForm(of: word) {
                result.append(contentsOf: spoken.unicodeScalars)
            } else if end - index > 2, scalars[end - 1] == "s", scalars[end - 2] == "'" || scalars[end - 2] == "’",
                let spoken = spokenForm(of: String(scalars: scalars[index..<(end - 2)]))
            {
                // The possessive: "nginx's".
                result.append(contentsOf: spoken.unicodeScalars)
                result.append(contentsOf: scalars[(end - 2)..<end])
            } else {
                result.append(contentsOf: scalars[index..<end])
            }
            index = end
        }
        return String(result)
    }

    static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            || scalar.properties.generalCategory == .nonspacingMark
    }

    static func isInnerJoiner(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "'" || scalar == "’" || scalar == "-" || scalar == "."
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        isLetterOrDigit(scalar) || isInnerJoiner(scalar)
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars: scalars[first...last])
    }
}
