/// Where the listener of an article stopped.
public struct ListeningPosition: Sendable, Equatable, Codable {
    /// The sentence that was playing, from 0.
    public var sentence: Int
    /// Whether the article was heard to the end.
    public var finished: Bool
    /// When it was saved, ISO 8601.
    public var updatedAt: String
    /// The word that was playing, as its offset in its block's text (Unicode scalars), when
    /// the listener's player knows it.
    public var word: Int?
    /// When the listening happened, on the device that listened (seconds since 1970): the
    /// newest listening wins, whatever order the saves arrive in.
    public var listenedAt: Double
    /// What listened ("narrate play", "web: phone"), when it said.
    public var device: String?

    public init(sentence: Int, finished: Bool, updatedAt: String, word: Int? = nil, listenedAt: Double, device: String? = nil) {
        self.sentence = sentence
        self.finished = finished
        self.updatedAt = updatedAt
        self.word = word
        self.listenedAt = listenedAt
        self.device = device
    }
}
