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
        try TimedPosition.saved(articleId: articleId, library: library).map { PositionView(position: $0.position, seconds: $0.seconds) }
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
