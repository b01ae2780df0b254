public import NarrateCore

/// An article as the library keeps it.
public struct StoredArticle: Sendable, Equatable {
    /// Id, title, language, times, length and tags.
    public var summary: ArticleSummary
    /// The author, when known.
    public var byline: String?
    /// The site, when known.
    public var site: String?
    /// The address it came from, when known.
    public var sourceURL: String?
    /// The file it was read from, when it was.
    public var sourcePath: String?
    /// When it was published, when known.
    public var publishedAt: String?
    /// The voice chosen for it, when one was (otherwise its language picks one).
    public var voice: String?
    /// SHA-256 of its normalised text.
    public var contentHash: String
    /// The bytes as saved.
    public var original: [UInt8]
    /// The extracted document.
    public var document: Document
}

extension StoredArticle {
    /// The article's sentences as narrate speaks them, rebuilt from the stored ranges and the
    /// document's blocks (nothing is segmented again, so positions stay valid).
    public func sentences(_ stored: [StoredSentence]) -> [Sentence] {
        stored.enumerated().compactMap { index, sentence in
            guard document.blocks.indices.contains(sentence.blockIndex) else { return nil }
            let scalars = Array(document.blocks[sentence.blockIndex].text.unicodeScalars)
            let range = sentence.textRange.clamped(to: 0..<scalars.count)
            let next = index + 1 < stored.count ? stored[index + 1] : nil
            return Sentence(
                text: String(String.UnicodeScalarView(scalars[range])), blockIndex: sentence.blockIndex,
                textRange: range, sourceRange: sentence.sourceRange, endsBlock: next?.blockIndex != sentence.blockIndex
            )
        }
    }
}
