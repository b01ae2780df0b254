import Foundation
internal import GRDB

/// A row of `articleContentPart`: one part of a long article's blocks (JSON), in order. The
/// article's document in `articleContent` then has no blocks of its own; its blocks are its
/// parts' in turn (see `ContentParts`).
struct ArticleContentPartRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "articleContentPart"

    var articleId: Int64
    /// Its place among the article's parts, from 0.
    var part: Int
    /// The part's blocks, as JSON.
    var blocks: String
}
