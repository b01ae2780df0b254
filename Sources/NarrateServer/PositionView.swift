import NarrateLibrary

/// The saved position as a page resumes from it: the sentence and word, and where that
/// sentence starts in the current render.
struct PositionView: Encodable, Sendable {
    var position: ListeningPosition
    /// The start of the sentence in the render, in seconds; nil without a render.
    var seconds: Double?

    private enum Keys: String, CodingKey { case sentence, word, seconds, finished, listenedAt, device, updatedAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(position.sentence, forKey: .sentence)
        try container.encode(position.word, forKey: .word)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(position.finished, forKey: .finished)
        try container.encode(position.listenedAt, forKey: .listenedAt)
        try container.encode(position.device, forKey: .device)
        try container.encode(position.updatedAt, forKey: .updatedAt)
    }
}

/// One entry of the position history, with its nulls spelled out.
struct PositionChangeView: Encodable, Sendable {
    var change: PositionChange

    private enum Keys: String, CodingKey { case number, sentence, word, finished, listenedAt, device, savedAt }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(change.number, forKey: .number)
        try container.encode(change.sentence, forKey: .sentence)
        try container.encode(change.word, forKey: .word)
        try container.encode(change.finished, forKey: .finished)
        try container.encode(change.listenedAt, forKey: .listenedAt)
        try container.encode(change.device, forKey: .device)
        try container.encode(change.savedAt, forKey: .savedAt)
    }
}
