/// A sentence of a stored article: where it stands, segmented once when it was added.
public struct StoredSentence: Sendable, Equatable, Codable {
    /// Its place in the article, from 0.
    public var position: Int
    /// The block it belongs to.
    public var blockIndex: Int
    /// Its range in the block's text, in Unicode scalars.
    public var textRange: Range<Int>
    /// Its range in the original source, in Unicode scalars.
    public var sourceRange: Range<Int>
}
