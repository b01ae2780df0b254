public import NarrateCore

/// Splits text into sentences, keeping each sentence's exact range.
///
/// A sentence ends at terminal punctuation (with the closing quotes and brackets after it)
/// followed by white space and a word that starts a sentence; the language's rules decide
/// abbreviations ("Dr.", "вул.", "z. B."), initials, ordinal dates and the like. A line
/// without final punctuation is a sentence of its own unless the text is only wrapped there,
/// and list items are cut before their markers. Pure Swift; time is linear in the input.
public struct SentenceSegmenter: Sendable {
    /// The rules in use.
    public var rules: SegmentationRules

    /// Creates a segmenter for a language code or voice name ("en", "uk", "de-DE"); any
    /// language narrate has no rules for gets the shared ones.
    public init(language: String = "en") {
        self.rules = LanguageRules.forLanguage(language).segmentation
    }

    /// Creates a segmenter with explicit rules.
    public init(rules: SegmentationRules) {
        self.rules = rules
    }

    /// The sentences of `text` as ranges of Unicode scalar offsets, without surrounding
    /// white space; the ranges and the white space between them rebuild `text`.
    public func sentenceRanges(in text: String) -> [Range<Int>] {
        var scanner = SentenceScanner(text, rules: rules)
        return scanner.ranges()
    }

    /// Every sentence of `document`, in reading order, with text and source ranges.
    ///
    /// A piece with nothing to speak (a lone "..." or "*") joins the sentence before it, so
    /// the sentences still cover the whole text.
    public func sentences(of document: Document) -> [Sentence] {
        var result: [Sentence] = []
        let texts = document.blocks.map { Array($0.text.unicodeScalars) }
        let evidence = DocumentEvidence(texts: texts)
        for (blockIndex, block) in document.blocks.enumerated() where block.isSpeakable {
            let scalars = texts[blockIndex]
            var ranges: [Range<Int>] = []
            var pendingStart: Int?
            var scanner = SentenceScanner(scalars: scalars, rules: rules, evidence: evidence)
            for range in scanner.ranges() {
                let speakable = scalars[range].contains { $0.isLetter || $0.isNumeric }
                if speakable {
                    ranges.append((pendingStart ?? range.lowerBound)..<range.upperBound)
                    pendingStart = nil
                } else if let last = ranges.last {
                    ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
                } else {
                    pendingStart = pendingStart ?? range.lowerBound
                }
            }
            for (position, range) in ranges.enumerated() {
                result.append(Sentence(
                    text: String(scalars: scalars[range]),
                    blockIndex: blockIndex,
                    textRange: range,
                    sourceRange: block.sourceMap.sourceRange(forTextRange: range),
                    endsBlock: position == ranges.count - 1
                ))
            }
        }
        return result
    }
}
