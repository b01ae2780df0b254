public import NarrateCore
public import NarrateLibrary
public import NarrateRendering

/// Where the listener of one article stopped, and changing it: to a sentence, to the
/// sentence playing at a time, back to the start, or to the end. Times come from the
/// article's newest render, or are estimated from its listening time.
public struct ArticlePosition {
    /// The library the position is kept in.
    public let library: ArticleLibrary
    /// The article.
    public let article: StoredArticle
    /// Its sentences in time.
    public let timeline: ListeningTimeline
    /// What the changes made here say changed them (`narrate position`), for the history.
    public var device: String?

    /// The position of article `id`, with times from `renderer`'s newest intact render.
    public init(articleId id: Int64, renderer: ArticleRenderer, device: String? = nil) throws(NarrateError) {
        self.device = device
        library = renderer.library
        article = try library.articles.article(id: id)
        let render = try renderer.newestIntactRender(ofArticle: id)
        timeline = ListeningTimeline(article: article, stored: try library.articles.sentences(ofArticle: id), render: render)
    }

    /// The article's id.
    public var articleId: Int64 { article.summary.id }

    /// Where the listener is, in sentences and in time.
    public struct Report: Sendable, Equatable, Codable {
        /// The sentence, from 0.
        public var sentence: Int
        /// Sentences in the article.
        public var sentenceCount: Int
        /// Seconds into the article.
        public var seconds: Double
        /// The article's length in seconds.
        public var duration: Double
        /// How far, to a tenth of a percent.
        public var percent: Double
        /// Whether it was heard to the end.
        public var finished: Bool
        /// When the position was saved (nil: never played).
        public var updatedAt: String?
        /// Whether the times come from a render (else estimated).
        public var measured: Bool
    }

    /// Where the listener is now.
    public func report() throws(NarrateError) -> Report {
        let position = try library.positions.position(ofArticle: articleId)
        let sentence = position?.sentence ?? 0
        let finished = position?.finished ?? false
        let seconds = finished ? timeline.duration : timeline.start(of: sentence)
        let percent = timeline.duration > 0 ? (seconds / timeline.duration * 1000).rounded() / 10 : 0
        return Report(
            sentence: sentence, sentenceCount: article.summary.sentenceCount, seconds: seconds, duration: timeline.duration,
            percent: percent, finished: finished, updatedAt: position?.updatedAt, measured: timeline.isMeasured
        )
    }

    /// A change a listener asks for.
    public enum Change: Sendable, Equatable {
        /// To a sentence, counted from 0.
        case sentence(Int)
        /// To the sentence playing at a time, in seconds.
        case seconds(Double)
        /// Back to the beginning, as if never played.
        case reset
        /// Back to entry N of the history (1 is the newest).
        case restore(Int)
        /// Heard to the end.
        case finished
    }

    /// Makes `change`; see `move(toSentence:)`, `move(toSeconds:)`, `reset()` and `markFinished()`.
    public func apply(_ change: Change) throws(NarrateError) {
        switch change {
        case .sentence(let sentence): try move(toSentence: sentence)
        case .seconds(let seconds): try move(toSeconds: seconds)
        case .reset: try reset()
        case .finished: try markFinished()
        case .restore(let number): try restore(number)
        }
    }

    /// Every position saved for the article, newest first, numbered from 1.
    public func history() throws(NarrateError) -> [PositionChange] {
        try library.positions.positionHistory(ofArticle: articleId)
    }

    /// Brings back entry `number` of the history as the newest position (a reset entry
    /// resets). A number not in the history is `ListeningError.noSuchHistoryEntry`.
    public func restore(_ number: Int) throws(NarrateError) {
        let history = try history()
        guard let change = history.first(where: { $0.number == number }) else {
            throw NarrateError(ListeningError.noSuchHistoryEntry(articleId: articleId, entries: history.count))
        }
        guard let sentence = change.sentence else { return try reset() }
        try library.positions.savePosition(
            articleId: articleId, sentence: min(sentence, max(0, article.summary.sentenceCount - 1)), word: change.word,
            finished: change.finished, device: device
        )
    }

    /// Moves to sentence `sentence` (from 0). One outside the article is
    /// `LibraryError.noSuchSentence`, and nothing changes.
    public func move(toSentence sentence: Int) throws(NarrateError) {
        let count = article.summary.sentenceCount
        guard (0..<max(count, 1)).contains(sentence) else {
            throw NarrateError(LibraryError.noSuchSentence(articleId: articleId, sentence: sentence, count: count))
        }
        try library.positions.savePosition(articleId: articleId, sentence: sentence, finished: false, device: device)
    }

    /// Moves to the sentence playing at `seconds`. A time past the end is
    /// `ListeningError.pastTheEnd`, and nothing changes.
    public func move(toSeconds seconds: Double) throws(NarrateError) {
        guard seconds >= 0, seconds <= timeline.duration else {
            throw NarrateError(ListeningError.pastTheEnd(articleId: articleId, duration: timeline.duration))
        }
        try library.positions.savePosition(articleId: articleId, sentence: timeline.sentence(at: seconds), finished: false, device: device)
    }

    /// Forgets the position: listening starts at the beginning.
    public func reset() throws(NarrateError) {
        try library.positions.resetPosition(articleId: articleId, device: device)
    }

    /// Marks the article heard to the end.
    public func markFinished() throws(NarrateError) {
        try library.positions.savePosition(
            articleId: articleId, sentence: max(0, article.summary.sentenceCount - 1), finished: true, device: device)
    }
}
