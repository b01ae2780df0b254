/// A feed the library follows.
public struct Subscription: Sendable, Equatable, Codable {
    public var id: Int64
    /// The feed's address.
    public var url: String
    /// The feed's title, as it last said.
    public var title: String?
    /// The site it belongs to.
    public var siteURL: String?
    /// `rss`, `rdf`, `atom` or `json-feed`, once read.
    public var format: String?
    /// The tag its articles get.
    public var tag: String?
    /// The language its articles are read in, when the user set one.
    public var language: String?
    /// Whether its new articles are queued for narration.
    public var narrate: Bool
    /// The validators of the copy last read, for conditional GET.
    public var etag: String?
    public var lastModified: String?
    /// When it was subscribed, last checked and last had new items (ISO 8601).
    public var createdAt: String
    public var lastCheckedAt: String?
    public var lastNewAt: String?
    /// Items added at the last check.
    public var newItems: Int
    /// Why the last check failed (nil when it did not), and how many checks in a row failed.
    public var lastError: String?
    public var errorCount: Int
    /// Not to be asked before this time (seconds since 1970): the server asked for a pause,
    /// or errors have it waiting longer each time.
    public var notBefore: Double?
}

/// What became of one item of a feed.
public enum FeedItemOutcome: String, Sendable, Codable, CaseIterable {
    /// Its article was added to the library.
    case added
    /// Its article was in the library already (same address or same text).
    case duplicate
    /// Its page had no readable article; listed, not added.
    case noArticle
    /// Its link failed for good (404, 410, unknown host): not tried again.
    case dead
    /// It failed in a way that may pass (a timeout, a 5xx): tried again at the next refresh.
    case failed
}
