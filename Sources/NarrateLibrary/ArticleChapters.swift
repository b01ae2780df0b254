public import NarrateCore

/// A long article (a book) read a chapter at a time, so that neither its document, nor its
/// original, nor its sentences are ever held whole. The library walks it twice when it adds
/// it (first for its hash, words and size, then to store it), and each walk reads it again;
/// it asks for sentences only in the second, so a book may gather in the first what its
/// sentences need to know of it whole.
public protocol ArticleChapters: Sendable {
    /// Calls `body` with each chapter, in reading order.
    func forEachChapter(_ body: (ArticleChapter) throws(NarrateError) -> Void) throws(NarrateError)

    /// Where the sentences of `chapter` stand, their block indices the article's.
    func sentences(of chapter: ArticleChapter) -> [SentencePlace]
}

/// One chapter of an `ArticleChapters`.
public struct ArticleChapter: Sendable {
    /// Its blocks: the article's from `firstBlockIndex` on, their source maps pointing into
    /// the whole original.
    public var blocks: [Block]
    /// The index in the article of its first block.
    public var firstBlockIndex: Int
    /// Its piece of the article's original, the bytes as saved: the chapters' pieces one
    /// after another make the original.
    public var original: [UInt8]

    /// A chapter of `blocks`, the first of them the article's `firstBlockIndex`, and its
    /// piece of the original.
    public init(blocks: [Block], firstBlockIndex: Int, original: [UInt8]) {
        self.blocks = blocks
        self.firstBlockIndex = firstBlockIndex
        self.original = original
    }
}
