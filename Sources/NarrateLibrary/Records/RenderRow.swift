internal import GRDB
import NarrateCore

/// A row of `render`: an audio file made of an article.
struct RenderRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "render"

    var id: Int64?
    var articleId: Int64
    var settingsHash: String
    var path: String
    var ownedByLibrary: Bool
    var format: String
    var sampleRate: Int
    var sampleCount: Int64
    var createdAt: String
    var wordTimings: String
    var voice: String?
    var reading: String?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let articleId = Column(CodingKeys.articleId)
        static let settingsHash = Column(CodingKeys.settingsHash)
        static let path = Column(CodingKeys.path)
        static let ownedByLibrary = Column(CodingKeys.ownedByLibrary)
    }

    init(_ render: RenderRecord) {
        id = render.id == 0 ? nil : render.id
        articleId = render.articleId
        settingsHash = render.settingsHash
        path = render.path
        ownedByLibrary = render.ownedByLibrary
        format = render.format
        sampleRate = render.sampleRate
        sampleCount = render.sampleCount
        createdAt = render.createdAt
        wordTimings = render.wordTimings.rawValue
        voice = render.voice
        reading = render.reading
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The render as the library gives it.
    var record: RenderRecord {
        RenderRecord(
            id: id ?? 0, articleId: articleId, settingsHash: settingsHash, path: path, ownedByLibrary: ownedByLibrary,
            format: format, sampleRate: sampleRate, sampleCount: sampleCount, createdAt: createdAt,
            wordTimings: WordTimings(rawValue: wordTimings) ?? .exact, voice: voice, reading: reading
        )
    }
}
