/// Text measures the extractor decides by. Lengths count UTF-16 units of the text with white
/// space runs collapsed and the ends trimmed, as Readability.js measures them, and are
/// computed without building the text.
enum ArticleText {
    /// The text of `node` with white space collapsed and trimmed (Readability's inner text).
    static func innerText(_ node: HTMLNode) -> String {
        node.normalizedText
    }

    /// The UTF-16 length of `innerText(node)`.
    static func length(_ node: HTMLNode) -> Int {
        var counter = LengthCounter()
        counter.add(node)
        return counter.length
    }

    /// Commas (of several scripts) in the text of `node`.
    static func commaCount(_ node: HTMLNode) -> Int {
        if node.isText { return ReadabilityPatterns.commaCount(node.text) }
        return node.children.reduce(0) { $0 + commaCount($1) }
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

    /// Counts collapsed, trimmed text across text nodes in document order.
    private struct LengthCounter {
        var length = 0
        private var pendingSpace = false

        mutating func add(_ node: HTMLNode) {
            if node.isText {
                add(node.text)
                return
            }
            for child in node.children { add(child) }
        }

        private mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                var index = 0
                let count = bytes.count
                while index < count {
                    let byte = bytes[index]
                    let value: UInt32
                    let width: Int
                    // ASCII is most text; other scalars are decoded only to test for white space.
                    if byte < 0x80 {
                        value = UInt32(byte)
                        width = 1
                    } else if byte < 0xE0 {
                        value = (UInt32(byte & 0x1F) << 6) | UInt32(bytes[min(index + 1, count - 1)] & 0x3F)
                        width = 2
                    } else if byte < 0xF0 {
                        value = (UInt32(byte & 0x0F) << 12) | (UInt32(bytes[min(index + 1, count - 1)] & 0x3F) << 6)
                            | UInt32(bytes[min(index + 2, count - 1)] & 0x3F)
                        width = 3
                    } else {
                        value = 0x10000
                        width = 4
                    }
                    index += width
                    if isSpace(value) {
                        pendingSpace = length > 0
                    } else {
                        if pendingSpace { length += 1 }
                        pendingSpace = false
                        length += width == 4 ? 2 : 1
                    }
                }
            }
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
