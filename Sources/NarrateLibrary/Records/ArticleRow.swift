internal import GRDB

/// A row of `article`: an article without its content (kept small, so listing 100,000 of
/// them scans little).
struct ArticleRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "article"

    var id: Int64?
    var title: String
    var byline: String?
    var site: String?
    var sourceURL: String?
    var sourcePath: String?
    var language: String?
    var voice: String?
    var publishedAt: String?
    var savedAt: String
    var sourceFormat: String
    var contentHash: String
    var wordCount: Int
    var listeningSeconds: Double
    /// The tags, sorted, joined by U+001F (also kept one a row in `articleTag`).
    var tags: String
    var sentenceCount: Int
    var excerpt: String?
    /// When it was archived (nil: in the library).
    var archivedAt: String? = nil

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let title = Column(CodingKeys.title)
        static let language = Column(CodingKeys.language)
        static let voice = Column(CodingKeys.voice)
        static let sourceURL = Column(CodingKeys.sourceURL)
        static let contentHash = Column(CodingKeys.contentHash)
        static let tags = Column(CodingKeys.tags)
        static let sentenceCount = Column(CodingKeys.sentenceCount)
        static let archivedAt = Column(CodingKeys.archivedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Tags as `tags` keeps them.
    static func joined(_ tags: [String]) -> String {
        tags.joined(separator: "\u{1F}")
    }

    /// The tags of `tags` as a list.
    static func split(_ joined: String?) -> [String] {
        guard let joined, !joined.isEmpty else { return [] }
        return joined.split(separator: "\u{1F}").map(String.init)
    }
}
