import Foundation
internal import GRDB

/// A row of `articleTag`: one tag of one article.
struct ArticleTagRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "articleTag"

    var articleId: Int64
    var tag: String

    enum Columns {
        static let articleId = Column(CodingKeys.articleId)
        static let tag = Column(CodingKeys.tag)
    }
}

extension ArticleTagRow {
    /// Tags are lower-cased and trimmed, so "News" and "news " are one tag.
    static func normalized(_ tag: String) -> String {
        tag.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
