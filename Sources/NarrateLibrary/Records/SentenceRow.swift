internal import GRDB

/// A row of `sentence`: where one sentence of an article is in its document and source.
/// Read and written by hand, not by `Codable`: an article has thousands.
struct SentenceRow: FetchableRecord, BulkInsertable {
    static let databaseTableName = "sentence"

    var articleId: Int64
    var sentence: StoredSentence

    enum Columns {
        static let articleId = Column("articleId")
        static let position = Column("position")
    }

    static var databaseSelection: [any SQLSelectable] {
        [
            Column("articleId"), Column("position"), Column("blockIndex"), Column("textStart"), Column("textEnd"),
            Column("sourceStart"), Column("sourceEnd"),
        ]
    }

    init(articleId: Int64, sentence: StoredSentence) {
        self.articleId = articleId
        self.sentence = sentence
    }

    init(row: Row) {
        articleId = row[0]
        sentence = StoredSentence(
            position: row[1], blockIndex: row[2], textRange: row[3]..<row[4], sourceRange: row[5]..<row[6]
        )
    }

    static let insertedColumns = ["articleId", "position", "blockIndex", "textStart", "textEnd", "sourceStart", "sourceEnd"]

    var values: [any DatabaseValueConvertible] {
        [
            articleId, sentence.position, sentence.blockIndex, sentence.textRange.lowerBound, sentence.textRange.upperBound,
            sentence.sourceRange.lowerBound, sentence.sourceRange.upperBound,
        ]
    }
}
