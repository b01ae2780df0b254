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
        let ranges = scanner.ranges()
        guard ranges.contains(where: { $0.count > InputLimits.sentenceCharacters }) else { return ranges }
        return Self.capped(ranges, in: Array(text.unicodeScalars))
    }

    /// Every sentence of `document`, in reading order, with text and source ranges.
    ///
    /// A piece with nothing to speak (a lone "..." or "*") joins the sentence before it, so
    /// the sentences still cover the whole text.
    public func sentences(of document: Document) -> [Sentence] {
        var result: [Sentence] = []
        forEachSentence(of: document) { place, scalars in
            result.append(
                Sentence(
                    text: String(scalars: scalars[place.textRange]), blockIndex: place.blockIndex, textRange: place.textRange,
                    sourceRange: place.sourceRange, endsBlock: place.endsBlock))
        }
        return result
    }

    /// Where every sentence of `document` stands, as `sentences(of:)` finds them, without
    /// their texts (which are the blocks'): what a book added to the library needs.
    public func places(of document: Document) -> [SentencePlace] {
        var result: [SentencePlace] = []
        forEachSentence(of: document) { place, _ in result.append(place) }
        return result
    }

    /// Where every sentence of `blocks` stands (a chapter of a book, its first block the
    /// book's `firstBlockIndex`), as `places(of:)` finds them in the whole book when
    /// `evidence` is the whole book's.
    public func places(of blocks: [Block], firstBlockIndex: Int, evidence: SentenceEvidence) -> [SentencePlace] {
        var result: [SentencePlace] = []
        forEachSentence(of: blocks, firstBlockIndex: firstBlockIndex, evidence: DocumentEvidence(gathered: evidence.evidence)) {
            place, _ in result.append(place)
        }
        return result
    }

    /// Calls `body` with each sentence's place in `document`, in reading order, and its
    /// block's scalars.
    private func forEachSentence(of document: Document, _ body: (SentencePlace, [Unicode.Scalar]) -> Void) {
        // Code as written is never said: no sentences, and no evidence about the prose's words.
        let evidence = DocumentEvidence(texts: document.blocks.map { $0.kind == .code ? "" : $0.text })
        forEachSentence(of: document.blocks, firstBlockIndex: 0, evidence: evidence, body)
    }

    /// Calls `body` with each sentence's place in `blocks` (numbered from `firstBlockIndex`),
    /// in reading order, and its block's scalars.
    private func forEachSentence(
        of blocks: [Block], firstBlockIndex: Int, evidence: DocumentEvidence, _ body: (SentencePlace, [Unicode.Scalar]) -> Void
    ) {
        for (offset, block) in blocks.enumerated() where block.isSpeakable && block.kind != .code {
            let blockIndex = firstBlockIndex + offset
            // One block's scalars at a time.
            let scalars = Array(block.text.unicodeScalars)
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
            if ranges.contains(where: { $0.count > InputLimits.sentenceCharacters }) { ranges = Self.capped(ranges, in: scalars) }
            for (position, range) in ranges.enumerated() {
                let place = SentencePlace(
                    blockIndex: blockIndex, textRange: range, sourceRange: block.sourceMap.sourceRange(forTextRange: range),
                    endsBlock: position == ranges.count - 1)
                body(place, scalars)
            }
        }
    }

    /// `ranges` with each one longer than `InputLimits.sentenceCharacters` scalars cut into
    /// pieces no longer: after the last clause mark followed by a space in the second half of
    /// the piece (",", ";", ":", a dash, a closing bracket), else at the last space, else
    /// (one word longer than the limit) at the limit, never before a combining mark or a
    /// joiner. Each piece is trimmed of white space, so the pieces and the white space
    /// between them still rebuild the text.
    static func capped(_ ranges: [Range<Int>], in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        let limit = InputLimits.sentenceCharacters
        var result: [Range<Int>] = []
        result.reserveCapacity(ranges.count)
        for range in ranges {
            var start = range.lowerBound
            while range.upperBound - start > limit {
                let end = start + limit
                var cut: Int?
                var space: Int?
                var index = end
                while index > start + 1 {
                    if scalars[index].properties.isWhitespace {
                        if space == nil { space = index }
                        if index > start + limit / 2, Self.endsClause(scalars[index - 1]) {
                            cut = index
                            break
                        }
                        if index <= start + limit / 2, space != nil { break }
                    }
                    index -= 1
                }
                var pieceEnd = cut ?? space ?? end
                if cut == nil, space == nil {
                    // One word: cut at the limit, not inside a character.
                    while pieceEnd > start + 1, Self.continuesCharacter(scalars[pieceEnd]) { pieceEnd -= 1 }
                    if pieceEnd == start + 1 { pieceEnd = end }
                }
                var trimmedEnd = pieceEnd
                while trimmedEnd > start, scalars[trimmedEnd - 1].properties.isWhitespace { trimmedEnd -= 1 }
                result.append(start..<trimmedEnd)
                start = pieceEnd
                while start < range.upperBound, scalars[start].properties.isWhitespace { start += 1 }
            }
            if start < range.upperBound { result.append(start..<range.upperBound) }
        }
        return result
    }

    /// Whether `scalar`, before a space, ends a clause.
    private static func endsClause(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ",", ";", ":", "\u{2014}", "\u{2013}", ")", "]", "»", "”", "，", "；", "：", "、": true
        default: false
        }
    }

    /// Whether `scalar` belongs to the character before it (a combining mark, a joiner, a
    /// variation selector).
    private static func continuesCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar == "\u{200D}" || (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
        }
    }
}
