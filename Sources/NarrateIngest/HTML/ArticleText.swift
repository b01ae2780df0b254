/// Text measures the extractor decides by. Lengths count UTF-16 units of the text with white
/// space runs collapsed and the ends trimmed, as Readability.js measures them, and are
/// computed without building the text (`CollapsedTextLength`, kept in `HTMLNode.measures`).
enum ArticleText {
    /// The text of `node` with white space collapsed and trimmed (Readability's inner text).
    static func innerText(_ node: HTMLNode) -> String {
        node.normalizedText
    }

    /// The UTF-16 length of `innerText(node)`, from the node's measures.
    static func length(_ node: HTMLNode) -> Int {
        node.measures.text.length
    }

    /// Commas (of several scripts) in the text of `node`, from the node's measures.
    static func commaCount(_ node: HTMLNode) -> Int {
        node.measures.commas
    }

    /// Whether `text` is empty or all white space.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { isSpace($0.value) }
    }

    /// White space as JavaScript's `\s` sees it (plus NEL).
    @inline(__always)
    static func isSpace(_ value: UInt32) -> Bool {
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        switch value {
        case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
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
