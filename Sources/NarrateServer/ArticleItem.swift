import NarrateCore
import NarrateLibrary

/// One article in the library list: what a listener picks it by, and how far they are.
struct ArticleItem: Encodable, Sendable {
    var id: Int64
    var title: String
    @Nullable var site: String?
    @Nullable var language: String?
    var savedAt: String
    var wordCount: Int
    var sentenceCount: Int
    var listeningSeconds: Double
    /// The newest render's length, null before there is one.
    @Nullable var audioSeconds: Double?
    var secondsLeft: Double
    var progress: Double
    /// The sentence the listener stopped at.
    @Nullable var position: Int?
    var finished: Bool
    var tags: [String]
    /// When it was moved to the archive; null while it is in the library.
    @Nullable var archivedAt: String?
    /// The search match around the query, in search results only (absent otherwise).
    var snippet: String?

    init(summary: ArticleSummary, snippet: String? = nil) {
        id = summary.id
        title = summary.title
        site = summary.site
        language = summary.language
        savedAt = summary.savedAt
        wordCount = summary.wordCount
        sentenceCount = summary.sentenceCount
        listeningSeconds = summary.listeningSeconds
        audioSeconds = summary.audioSeconds
        secondsLeft = summary.secondsLeft
        progress = summary.progress
        position = summary.position
        finished = summary.finished
        tags = summary.tags
        archivedAt = summary.archivedAt
        self.snippet = snippet
    }
}
