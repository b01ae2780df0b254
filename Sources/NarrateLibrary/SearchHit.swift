/// An article that matches a search, best first.
public struct SearchHit: Sendable, Equatable, Codable {
    /// The article's id.
    public var id: Int64
    /// Its title.
    public var title: String
    /// A piece of its text around the match, matches marked with [brackets].
    public var snippet: String
    /// bm25 rank: lower is better.
    public var rank: Double
}
