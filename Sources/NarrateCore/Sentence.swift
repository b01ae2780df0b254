/// A sentence of a document: the unit narrate speaks, times and resumes from.
public struct Sentence: Sendable, Equatable {
    /// The sentence as it stands in its block's text.
    public var text: String
    /// Index of the block the sentence belongs to.
    public var blockIndex: Int
    /// The sentence's range in its block's text, in Unicode scalars.
    public var textRange: Range<Int>
    /// The sentence's range in the source, in Unicode scalars.
    public var sourceRange: Range<Int>
    /// Whether this is the last sentence of its block.
    public var endsBlock: Bool

    /// Creates a sentence.
    public init(text: String, blockIndex: Int, textRange: Range<Int>, sourceRange: Range<Int>, endsBlock: Bool) {
        self.text = text
        self.blockIndex = blockIndex
        self.textRange = textRange
        self.sourceRange = sourceRange
        self.endsBlock = endsBlock
    }
}
