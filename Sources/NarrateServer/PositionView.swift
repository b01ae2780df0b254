import NarrateCore
import NarrateLibrary
import Narration

/// The saved position as a page resumes from it: the sentence and word, and where that
/// sentence starts in the current render.
struct PositionView: Encodable, Sendable {
    var position: ListeningPosition
    /// The start of the sentence in the render, in seconds; nil without a render.
    var seconds: Double?

    private enum Keys: String, CodingKey { case sentence, word, seconds, finished, listenedAt, device, updatedAt }

    /// Article `articleId`'s saved position, timed in its listening render; nil when never played.
    static func saved(articleId: Int64, library: ArticleLibrary) throws(NarrateError) -> PositionView? {
        guard try library.contains(articleId: articleId) else { throw .noSuchArticle(id: articleId) }
        guard let saved = try library.position(ofArticle: articleId) else { return nil }
        var seconds: Double?
        if case .rendered(let render, let samples) = try ListeningQueue(library: library).state(articleId: articleId),
            samples.indices.contains(saved.sentence)
        {
            seconds = Double(samples[saved.sentence].lowerBound) / Double(max(render.sampleRate, 1))
        }
        return PositionView(position: saved, seconds: seconds)
    }

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
