/// Which words of a sentence's text each word of its spoken form stands for, so a word the
/// engine reports speaking ("Doctor", "five million dollars") can be shown on the words the
/// reader sees ("Dr.", "$5 million").
///
/// The spoken form is made from the text token by token, in order, so the two word lists
/// are aligned on the words they share (longest common subsequence, case folded); the
/// spoken words between two shared ones are spread over the text's words between them, and
/// spoken words with no text word left between (an added "dollars") stand for the text word
/// before them.
public enum WordAlignment {
    /// Sentences longer than this many words on both sides are aligned by position alone.
    static let maximumCells = 250_000

    /// The words of `text`: runs of letters, digits and marks, with an apostrophe, hyphen,
    /// period or comma inside a run kept ("don't", "e-mail", "3.5"), as ranges of Unicode
    /// scalar offsets.
    public static func words(in text: String) -> [Range<Int>] {
        let scalars = Array(text.unicodeScalars)
        var words: [Range<Int>] = []
        var start: Int?
        for (index, scalar) in scalars.enumerated() {
            if isWordScalar(scalar) {
                if start == nil { start = index }
            } else if let begun = start {
                let joins = "'’-.,".unicodeScalars.contains(scalar)
                if joins, index + 1 < scalars.count, isWordScalar(scalars[index + 1]) { continue }
                words.append(begun..<index)
                start = nil
            }
        }
        if let begun = start { words.append(begun..<scalars.count) }
        return words
    }

    /// For each word of `spoken`, the index of the word of `text` it stands for (nil only
    /// when `text` has no words).
    public static func align(spoken: String, text: String) -> [Int?] {
        align(spoken: spoken, spokenWords: words(in: spoken), text: text, textWords: words(in: text))
    }

    /// `align(spoken:text:)` with both word lists (`words(in:)` of each) already made.
    public static func align(spoken: String, spokenWords spokenRanges: [Range<Int>], text: String, textWords textRanges: [Range<Int>])
        -> [Int?]
    {
        // A sentence spoken as written: each word stands for itself.
        if spokenRanges == textRanges, spoken == text { return spokenRanges.indices.map { $0 } }
        let spokenWords = folded(spoken, spokenRanges)
        let textWords = folded(text, textRanges)
        guard !textWords.isEmpty else { return spokenWords.map { _ in nil } }
        guard !spokenWords.isEmpty else { return [] }
        var anchors = matches(spokenWords, textWords)
        // Sentinels: before the first word and after the last, on both sides.
        anchors.insert((-1, -1), at: 0)
        anchors.append((spokenWords.count, textWords.count))
        var result = [Int?](repeating: nil, count: spokenWords.count)
        for (left, right) in zip(anchors, anchors.dropFirst()) {
            if left.0 >= 0 { result[left.0] = left.1 }
            let gap = (left.0 + 1)..<right.0
            guard !gap.isEmpty else { continue }
            let textGap = (left.1 + 1)..<right.1
            for (offset, spokenIndex) in gap.enumerated() {
                if textGap.isEmpty {
                    // Words the spoken form added: the text word before them, else after.
                    result[spokenIndex] = left.1 >= 0 ? left.1 : min(right.1, textWords.count - 1)
                } else {
                    result[spokenIndex] = textGap.lowerBound + offset * textGap.count / gap.count
                }
            }
        }
        return result
    }

    /// The pairs (spoken index, text index) of a longest common subsequence of equal words.
    private static func matches(_ spoken: [String], _ text: [String]) -> [(Int, Int)] {
        guard spoken.count * text.count <= maximumCells else { return [] }
        let columns = text.count + 1
        var lengths = [Int](repeating: 0, count: (spoken.count + 1) * columns)
        for i in stride(from: spoken.count - 1, through: 0, by: -1) {
            for j in stride(from: text.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] =
                    spoken[i] == text[j]
                    ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var pairs: [(Int, Int)] = []
        var (i, j) = (0, 0)
        while i < spoken.count, j < text.count {
            if spoken[i] == text[j] {
                pairs.append((i, j))
                i += 1
                j += 1
            } else if lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }

    private static func folded(_ text: String, _ ranges: [Range<Int>]) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return ranges.map { String(String.UnicodeScalarView(scalars[$0])).lowercased() }
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII has no marks: its spaces and punctuation need no look-up either.
        scalar.isLetter || scalar.isNumeric
            || (!scalar.isASCII
                && (scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark))
    }
}
