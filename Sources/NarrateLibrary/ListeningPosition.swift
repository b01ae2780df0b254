/// Where the listener of an article stopped.
public struct ListeningPosition: Sendable, Equatable, Codable {
    /// The sentence that was playing, from 0.
    public var sentence: Int
    /// Whether the article was heard to the end.
    public var finished: Bool
    /// When it was saved, ISO 8601.
    public var updatedAt: String
}
