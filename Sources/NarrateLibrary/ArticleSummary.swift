/// One row of `narrate list`: an article without its content.
public struct ArticleSummary: Sendable, Equatable, Codable {
    /// The article's id.
    public var id: Int64
    /// The title.
    public var title: String
    /// ISO 639-1 code, when known.
    public var language: String?
    /// When it was saved, ISO 8601.
    public var savedAt: String
    /// Words in its text.
    public var wordCount: Int
    /// Estimated listening time at the default rate, in seconds.
    public var listeningSeconds: Double
    /// Its tags, sorted.
    public var tags: [String]
}
