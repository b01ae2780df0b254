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
    /// Its sentences.
    public var sentenceCount: Int
    /// The sentence the listener stopped at (from 0), nil when never played.
    public var position: Int?
    /// Whether it was heard to the end.
    public var finished: Bool
    /// The site it was published on, when known.
    public var site: String? = nil

    /// How much has been heard, from 0 to 1.
    public var progress: Double {
        if finished { return 1 }
        guard let position, sentenceCount > 0 else { return 0 }
        return Double(position) / Double(sentenceCount)
    }

    /// Estimated listening time still ahead, in seconds.
    public var secondsLeft: Double {
        listeningSeconds * (1 - progress)
    }
}
