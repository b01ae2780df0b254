/// Where a sentence stands, without its text: its block, its scalars in the block's text and
/// in the source. What the library keeps of each sentence (the text is the block's), and all
/// a book's sentences need while it is added.
public struct SentencePlace: Sendable, Equatable {
    /// Index of the block the sentence belongs to.
    public var blockIndex: Int
    /// The sentence's range in its block's text, in Unicode scalars.
    public var textRange: Range<Int>
    /// The sentence's range in the source, in Unicode scalars.
    public var sourceRange: Range<Int>
    /// Whether this is the last sentence of its block.
    public var endsBlock: Bool

    /// Creates a sentence's place.
    public init(blockIndex: Int, textRange: Range<Int>, sourceRange: Range<Int>, endsBlock: Bool) {
        self.blockIndex = blockIndex
        self.textRange = textRange
        self.sourceRange = sourceRange
        self.endsBlock = endsBlock
    }
}

/// A sentence or its place: what a new article's sentences may be given as.
public protocol SentencePlaced {
    /// Where the sentence stands.
    var place: SentencePlace { get }
}

extension SentencePlace: SentencePlaced {
    /// Itself.
    public var place: SentencePlace { self }
}

extension Sentence: SentencePlaced {
    /// Where the sentence stands, without its text.
    public var place: SentencePlace {
        SentencePlace(blockIndex: blockIndex, textRange: textRange, sourceRange: sourceRange, endsBlock: endsBlock)
    }
}
