import NarrateCore
import NarrateLibrary
import NarrateListening

/// The saved position as a page resumes from it: the sentence and word, and where that
/// sentence starts in the current render.
struct PositionView: Encodable, Sendable {
    var sentence: Int
    @Nullable var word: Int?
    /// The start of the sentence in the render, in seconds; null without a render.
    @Nullable var seconds: Double?
    var finished: Bool
    var listenedAt: Double
    @Nullable var device: String?
    var updatedAt: String

    init(position: ListeningPosition, seconds: Double?) {
        sentence = position.sentence
        word = position.word
        self.seconds = seconds
        finished = position.finished
        listenedAt = position.listenedAt
        device = position.device
        updatedAt = position.updatedAt
    }

    /// Article `articleId`'s saved position, timed in its listening render; nil when never played.
    static func saved(articleId: Int64, library: ArticleLibrary) throws(NarrateError) -> PositionView? {
        guard try library.contains(articleId: articleId) else { throw .noSuchArticle(id: articleId) }
        guard let saved = try library.position(ofArticle: articleId) else { return nil }
        var seconds: Double?
        if case .rendered(let render, let samples) = try ListeningQueue(library: library, formats: ListeningQueue.madeFormats).state(articleId: articleId),
            samples.indices.contains(saved.sentence)
        {
            seconds = Double(samples[saved.sentence].lowerBound) / Double(max(render.sampleRate, 1))
        }
        return PositionView(position: saved, seconds: seconds)
    }
}

/// One entry of the position history, with its nulls spelled out.
struct PositionChangeView: Encodable, Sendable {
    var number: Int
    @Nullable var sentence: Int?
    @Nullable var word: Int?
    var finished: Bool
    var listenedAt: Double
    @Nullable var device: String?
    var savedAt: String

    init(change: PositionChange) {
        number = change.number
        sentence = change.sentence
        word = change.word
        finished = change.finished
        listenedAt = change.listenedAt
        device = change.device
        savedAt = change.savedAt
    }
}
