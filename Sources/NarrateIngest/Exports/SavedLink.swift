/// One article saved in a read-later service or a browser, as its export has it.
public struct SavedLink: Sendable, Equatable {
    /// The article's address.
    public var url: String
    public var title: String?
    /// When it was saved, ISO 8601 in UTC.
    public var savedAt: String?
    /// Its tags (Pocket's and Wallabag's tags, Instapaper's folder, a bookmark's folders).
    public var tags: [String]
    /// Whether it was archived (read): its article is marked finished.
    public var archived: Bool
    /// The article itself, when the export carries it (Wallabag, Omnivore): nothing fetched.
    public var content: String?
    /// Whether `content` is HTML (false: Markdown).
    public var contentIsHTML: Bool
    /// The language the service detected, when it says.
    public var language: String?

    public init(
        url: String, title: String? = nil, savedAt: String? = nil, tags: [String] = [], archived: Bool = false, content: String? = nil,
        contentIsHTML: Bool = true, language: String? = nil
    ) {
        self.url = url
        self.title = title
        self.savedAt = savedAt
        self.tags = tags
        self.archived = archived
        self.content = content
        self.contentIsHTML = contentIsHTML
        self.language = language
    }
}
