public import NarrateCore

/// What of an article's sentences is read under a listener's `ReadingChoices`: a sentence of
/// a block that is a part not read is skipped whole; inside one that is read, the asides not
/// read (an "[edit]" link, a footnote marker, an image's description) and, when links are
/// not read, its URLs become spaces, so every offset into the text stays where it was.
public struct ReadingFilter: Sendable {
    /// The choices applied.
    public var choices: ReadingChoices

    /// A filter applying `choices`.
    public init(choices: ReadingChoices) {
        self.choices = choices
    }

    /// `sentence` of `document` as it is read: its text with what is not read blanked out,
    /// nil when nothing of it is read (it has no letter or digit left).
    public func read(_ sentence: Sentence, in document: Document) -> Sentence? {
        guard document.blocks.indices.contains(sentence.blockIndex) else { return sentence }
        let block = document.blocks[sentence.blockIndex]
        guard choices.reads(block.part) else { return nil }
        let unreadAsides = (block.asides ?? []).filter { !choices.reads($0.part) }
        let blanksURLs = !choices.reads(.urls)
        guard !unreadAsides.isEmpty || blanksURLs else { return sentence }
        var scalars = Array(sentence.text.unicodeScalars)
        var changed = false
        for aside in unreadAsides {
            let range = aside.range.clamped(to: sentence.textRange)
            guard !range.isEmpty else { continue }
            let shifted = (range.lowerBound - sentence.textRange.lowerBound)..<(range.upperBound - sentence.textRange.lowerBound)
            let inside = shifted.clamped(to: 0..<scalars.count)
            scalars.replaceSubrange(inside, with: repeatElement(" ", count: inside.count))
            changed = true
        }
        if blanksURLs {
            for range in Self.urlRanges(in: scalars) {
                scalars.replaceSubrange(range, with: repeatElement(" ", count: range.count))
                changed = true
            }
        }
        guard changed else { return sentence }
        guard scalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else { return nil }
        var read = sentence
        read.text = String(String.UnicodeScalarView(scalars))
        return read
    }

    /// The ranges of the URLs in `scalars` ("https://…", "www.…"), without the punctuation
    /// around them.
    static func urlRanges(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        HighlightUnits.tokens(of: scalars).compactMap { token in
            let text = String(String.UnicodeScalarView(scalars[token.core])).lowercased()
            let isURL =
                ["https://", "http://", "ftp://"].contains { text.hasPrefix($0) && text.count > $0.count }
                || (text.hasPrefix("www.") && text.count > 4)
            return isURL ? token.core : nil
        }
    }
}
