/// A news feed as read: what it is called, where its site is, and its items, in the
/// feed's order (newest first in most feeds).
public struct Feed: Sendable, Equatable {
    /// The kinds of feed narrate reads.
    public enum Format: String, Sendable, Equatable {
        /// RSS 0.9x and 2.0.
        case rss
        /// RSS 1.0 (RDF), and RSS 0.90.
        case rdf
        /// Atom 1.0.
        case atom
        /// JSON Feed 1.0 and 1.1.
        case jsonFeed = "json-feed"
    }

    public var format: Format
    /// The feed's title, as plain text.
    public var title: String?
    /// The site the feed belongs to (its home page).
    public var siteURL: String?
    /// The feed's own address as it states it (Atom's `self` link, JSON Feed's `feed_url`).
    public var feedURL: String?
    /// The language it declares (`en-us`), when it does.
    public var language: String?
    public var items: [FeedItem]
    /// What was wrong with a feed that was read only as far as it could be (XML that is not
    /// well-formed), nil when it read cleanly.
    public var problem: String?

    public init(
        format: Format, title: String? = nil, siteURL: String? = nil, feedURL: String? = nil, language: String? = nil,
        items: [FeedItem] = [], problem: String? = nil
    ) {
        self.problem = problem
        self.format = format
        self.title = title
        self.siteURL = siteURL
        self.feedURL = feedURL
        self.language = language
        self.items = items
    }
}

/// One item of a feed: an article, or a pointer to one.
public struct FeedItem: Sendable, Equatable {
    /// The item's id (RSS `guid`, Atom `id`, JSON Feed `id`), when it has one.
    public var guid: String?
    /// The article's address, absolute.
    public var url: String?
    /// The title, as plain text.
    public var title: String?
    /// The author's name.
    public var author: String?
    /// When it was published (or, lacking that, updated), ISO 8601 in UTC when the feed's
    /// date could be read, else as the feed wrote it.
    public var published: String?
    /// The body the feed carries (`content:encoded`, Atom `content`, JSON Feed
    /// `content_html` or `content_text`), nil when there is none.
    public var content: String?
    /// Whether `content` is HTML (false: plain text).
    public var contentIsHTML: Bool
    /// The summary (RSS `description`, Atom `summary`, JSON Feed `summary`), as the feed gave it.
    public var summary: String?
    /// Its categories or tags.
    public var tags: [String]

    public init(
        guid: String? = nil, url: String? = nil, title: String? = nil, author: String? = nil, published: String? = nil,
        content: String? = nil, contentIsHTML: Bool = true, summary: String? = nil, tags: [String] = []
    ) {
        self.guid = guid
        self.url = url
        self.title = title
        self.author = author
        self.published = published
        self.content = content
        self.contentIsHTML = contentIsHTML
        self.summary = summary
        self.tags = tags
    }
}
