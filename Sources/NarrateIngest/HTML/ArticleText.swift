/// Text measures the extractor decides by.
enum ArticleText {
    /// The text of `node` with white space collapsed and trimmed (Readability's inner text).
    static func innerText(_ node: HTMLNode) -> String {
        node.normalizedText
    }

    /// How much of `b`'s words also appear in `a`, from 0 to 1 (1 when `b` adds no word).
    static func similarity(_ a: String, _ b: String) -> Double {
        let wordsA = Set(words(a))
        let wordsB = words(b)
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return 0 }
        let unique = wordsB.filter { !wordsA.contains($0) }
        let distance = Double(unique.joined(separator: " ").utf16.count) / Double(wordsB.joined(separator: " ").utf16.count)
        return 1 - distance
    }

    /// Lower-case runs of letters, digits and `_`.
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
    }

    /// Words separated by white space, as Readability counts them for titles.
    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }
}
