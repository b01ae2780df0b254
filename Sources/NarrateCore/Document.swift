/// An article read into narratable blocks, independent of the format it came from.
public struct Document: Sendable, Equatable, Codable {
    /// The article's title: its first heading, or its first line.
    public var title: String
    /// The blocks to speak, in reading order.
    public var blocks: [Block]
    /// The format the document was read from.
    public var format: SourceFormat
    /// The language the article declares (Markdown front matter `lang:`, HTML `lang`), if any.
    public var language: String?
    /// Who wrote it, when the source says.
    public var byline: String?
    /// The site or publication it comes from.
    public var site: String?
    /// When it was published, as the source gives it (ISO 8601 when it is).
    public var publishedAt: String?
    /// A one- or two-sentence summary the source gives.
    public var excerpt: String?
    /// The address it was fetched from (after redirects), or the page's canonical address.
    public var sourceURL: String?

    /// Creates a document.
    public init(
        title: String, blocks: [Block], format: SourceFormat, language: String? = nil, byline: String? = nil,
        site: String? = nil, publishedAt: String? = nil, excerpt: String? = nil, sourceURL: String? = nil
    ) {
        self.title = title
        self.blocks = blocks
        self.format = format
        self.language = language
        self.byline = byline
        self.site = site
        self.publishedAt = publishedAt
        self.excerpt = excerpt
        self.sourceURL = sourceURL
    }

    /// Whether any block has something to say.
    public var hasSpeakableText: Bool {
        blocks.contains { $0.isSpeakable }
    }
}

/// The formats narrate reads.
public enum SourceFormat: String, Sendable, Equatable, CaseIterable, Codable {
    /// Plain text: paragraphs separated by blank lines.
    case text
    /// CommonMark with GitHub extensions.
    case markdown
    /// A web page: the article is extracted, the rest (menus, ads, comments) dropped.
    case html
}
