import Foundation
internal import GRDB

/// A row of `articleContent`: an article's original bytes and its document (JSON), read only
/// when the article itself is wanted.
struct ArticleContentRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "articleContent"

    var articleId: Int64
    var original: Data
    var document: String
}
