internal import GRDB

/// A row of `listeningPosition`: where the listener of an article is.
struct PositionRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "listeningPosition"

    var articleId: Int64
    var sentence: Int
    var finished: Bool
    var updatedAt: String
    var word: Int?
    var listenedAt: Double
    var device: String?

    enum Columns {
        static let articleId = Column(CodingKeys.articleId)
        static let listenedAt = Column(CodingKeys.listenedAt)
    }

    /// The position as the library gives it.
    var position: ListeningPosition {
        ListeningPosition(
            sentence: sentence, finished: finished, updatedAt: updatedAt, word: word, listenedAt: listenedAt, device: device)
    }
}
