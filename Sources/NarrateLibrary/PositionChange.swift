/// One entry of an article's position history: every position that was saved, newest
/// first, so one lost to a mistake (a device that started over) can be brought back.
public struct PositionChange: Sendable, Equatable, Codable {
    /// The entry's number in the history, 1 for the newest.
    public var number: Int
    /// The sentence, from 0; nil for a reset (back to the beginning).
    public var sentence: Int?
    /// The word's offset in its block's text, when known.
    public var word: Int?
    /// Whether the article was heard to the end.
    public var finished: Bool
    /// When the listening happened on its device (seconds since 1970).
    public var listenedAt: Double
    /// What listened or changed it.
    public var device: String?
    /// When the library stored it, ISO 8601.
    public var savedAt: String

    public init(number: Int, sentence: Int?, word: Int?, finished: Bool, listenedAt: Double, device: String?, savedAt: String) {
        self.number = number
        self.sentence = sentence
        self.word = word
        self.finished = finished
        self.listenedAt = listenedAt
        self.device = device
        self.savedAt = savedAt
    }
}
