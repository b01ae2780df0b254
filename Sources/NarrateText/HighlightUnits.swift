/// The stretches of a sentence's text a player highlights as one while they are heard, and
/// which of them each spoken word belongs to.
///
/// A word spoken as written is its own stretch. A token the speech form rewrote ("2024" read
/// as "twenty twenty-four", "$1.2" as "one point two", a URL read as its domain, "7-2") is
/// one stretch from its first character to its last, punctuation around it left out, so it
/// stays highlighted through every word it is spoken as; rewritten tokens next to each other
/// with nothing but a space between ("$1.2 million", read "one point two million dollars")
/// are one stretch too.
public struct HighlightUnits: Sendable, Equatable {
    /// The stretches, in text order, as Unicode scalar offsets in the sentence's text.
    public let ranges: [Range<Int>]
    /// For each spoken word, the index of its stretch in `ranges` (nil when the text has no
    /// word it stands for).
    public let unitOfSpokenWord: [Int?]

    /// The stretches of `text` and where each word of `spoken` falls, from the two word lists
    /// (`WordAlignment.words(in:)`) and `alignment` (`WordAlignment.align`).
    public init(spoken: String, spokenWords: [Range<Int>], text: String, textWords: [Range<Int>], alignment: [Int?]) {
        let textScalars = Array(text.unicodeScalars)
        let spokenScalars = Array(spoken.unicodeScalars)
        func folded(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> String {
            String(String.UnicodeScalarView(scalars[range])).lowercased()
        }
        // A text word is spoken as written when exactly one spoken word stands for it and is it.
        var spokenFor = [[Int]](repeating: [], count: textWords.count)
        for (spokenIndex, textIndex) in alignment.enumerated() {
            if let textIndex, spokenFor.indices.contains(textIndex) { spokenFor[textIndex].append(spokenIndex) }
        }
        let asWritten = textWords.indices.map { textIndex in
            spokenFor[textIndex].count == 1
                && folded(spokenScalars, spokenWords[spokenFor[textIndex][0]]) == folded(textScalars, textWords[textIndex])
        }

        // A token is unchanged when its words are spoken as written within one spoken token
        // that reads the same ("$1.2" spoken "1.2" is not: its words are, but not it).
        let spokenTokens = Self.tokens(of: spokenScalars)
        func isUnchanged(_ token: (whole: Range<Int>, core: Range<Int>), words: Range<Int>) -> Bool {
            guard words.allSatisfy({ asWritten[$0] }) else { return false }
            let first = spokenWords[spokenFor[words.lowerBound][0]]
            let last = spokenWords[spokenFor[words.upperBound - 1][0]]
            // The last spoken token starting at or before the first word (tokens are in order).
            var low = 0
            var high = spokenTokens.count
            while low < high {
                let middle = (low + high) / 2
                if spokenTokens[middle].whole.lowerBound <= first.lowerBound { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return false }
            let spokenToken = spokenTokens[low - 1]
            guard spokenToken.whole.contains(first.lowerBound), spokenToken.whole.contains(last.upperBound - 1) else { return false }
            return String(String.UnicodeScalarView(spokenScalars[spokenToken.core])).lowercased()
                == String(String.UnicodeScalarView(textScalars[token.core])).lowercased()
        }

        var ranges: [Range<Int>] = []
        var unitOfTextWord = [Int](repeating: 0, count: textWords.count)
        var word = 0
        // Whether the last stretch is a rewritten token that the next may join.
        var joinable = false
        for token in Self.tokens(of: textScalars) {
            let first = word
            while word < textWords.count, textWords[word].lowerBound < token.whole.upperBound { word += 1 }
            let words = first..<word
            guard !words.isEmpty else {
                joinable = false
                continue
            }
            if isUnchanged(token, words: words) {
                // A word with a sign beside it ("3.5%", "#5", "°C") is highlighted with it.
                if words.count == 1 {
                    let word = textWords[words.lowerBound]
                    unitOfTextWord[words.lowerBound] = ranges.count
                    ranges.append(min(word.lowerBound, token.core.lowerBound)..<max(word.upperBound, token.core.upperBound))
                    joinable = false
                    continue
                }
                for index in words {
                    unitOfTextWord[index] = ranges.count
                    ranges.append(textWords[index])
                }
                joinable = false
                continue
            }
            let lower = min(token.core.lowerBound, textWords[words.lowerBound].lowerBound)
            let upper = max(token.core.upperBound, textWords[words.upperBound - 1].upperBound)
            if joinable, let last = ranges.last {
                ranges[ranges.count - 1] = last.lowerBound..<upper
            } else {
                ranges.append(lower..<upper)
            }
            for index in words { unitOfTextWord[index] = ranges.count - 1 }
            // "2024, 2025": a comma or other closing mark ends the stretch.
            joinable = token.core.upperBound == token.whole.upperBound
        }
        self.ranges = ranges
        unitOfSpokenWord = alignment.map { textIndex in
            textIndex.flatMap { unitOfTextWord.indices.contains($0) ? unitOfTextWord[$0] : nil }
        }
    }

    /// The white-space separated tokens of `scalars`: each whole, and its core without the
    /// opening and closing punctuation around it.
    static func tokens(of scalars: [Unicode.Scalar]) -> [(whole: Range<Int>, core: Range<Int>)] {
        var tokens: [(whole: Range<Int>, core: Range<Int>)] = []
        var index = 0
        while index < scalars.count {
            guard !scalars[index].properties.isWhitespace else {
                index += 1
                continue
            }
            let start = index
            while index < scalars.count, !scalars[index].properties.isWhitespace { index += 1 }
            var lower = start
            while lower < index, SpokenToken.isOpening(scalars[lower]) { lower += 1 }
            var upper = index
            while upper > lower, SpokenToken.isClosing(scalars[upper - 1]) { upper -= 1 }
            tokens.append((start..<index, lower..<upper))
        }
        return tokens
    }
}
