/// An article with the render a podcast feed offers of it: what an episode is made from.
public struct EpisodeRecord: Sendable, Equatable {
    /// The article's id.
    public var articleId: Int64
    /// The title.
    public var title: String
    /// The author, when known.
    public var byline: String?
    /// The site, when known.
    public var site: String?
    /// The address it came from, when known.
    public var sourceURL: String?
    /// ISO 639-1 code, when known.
    public var language: String?
    /// When it was saved, ISO 8601.
    public var savedAt: String
    /// When it was published, when known.
    public var publishedAt: String?
    /// SHA-256 of its normalised text: what identifies the article.
    public var contentHash: String
    /// A summary (the source's excerpt, else its first paragraph), when there is one.
    public var excerpt: String?
    /// The render offered: the newest of the library's own in the feed's format.
    public var render: RenderRecord
}
