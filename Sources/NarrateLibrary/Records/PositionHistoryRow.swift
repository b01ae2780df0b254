internal import GRDB

/// A row of `positionHistory`: one listening (or reset) of an article, as a device saved it.
struct PositionHistoryRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "positionHistory"

    var id: Int64?
    var articleId: Int64
    /// nil for a reset.
    var sentence: Int?
    var word: Int?
    var finished: Bool
    var listenedAt: Double
    var device: String?
    var savedAt: String

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let articleId = Column(CodingKeys.articleId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The entry as the library gives it, numbered `number`.
    func change(number: Int) -> PositionChange {
        PositionChange(
            number: number, sentence: sentence, word: word, finished: finished, listenedAt: listenedAt, device: device, savedAt: savedAt)
    }
}
