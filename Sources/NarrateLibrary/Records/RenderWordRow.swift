internal import GRDB

/// A row of `renderWord`: where one spoken word is in its sentence's text and in a render.
/// Read and written by hand: a render has thousands.
struct RenderWordRow: FetchableRecord, BulkInsertable {
    static let databaseTableName = "renderWord"

    var renderId: Int64
    var position: Int
    var word: RenderWord

    enum Columns {
        static let renderId = Column("renderId")
        static let position = Column("position")
    }

    static var databaseSelection: [any SQLSelectable] {
        [
            Column("renderId"), Column("position"), Column("sentence"), Column("textStart"), Column("textEnd"),
            Column("startSample"), Column("endSample"),
        ]
    }

    init(renderId: Int64, position: Int, word: RenderWord) {
        self.renderId = renderId
        self.position = position
        self.word = word
    }

    init(row: Row) {
        renderId = row[0]
        position = row[1]
        word = RenderWord(sentence: row[2], textRange: row[3]..<row[4], samples: row[5]..<row[6])
    }

    static let insertedColumns = ["renderId", "position", "sentence", "textStart", "textEnd", "startSample", "endSample"]

    var values: [any DatabaseValueConvertible] {
        [
            renderId, position, word.sentence, word.textRange.lowerBound, word.textRange.upperBound, word.samples.lowerBound,
            word.samples.upperBound,
        ]
    }
}
