internal import GRDB

/// A row of `renderSentence`: where one sentence (its pause included) starts and ends in a
/// render, in samples. Read and written by hand: a render has thousands.
struct RenderSentenceRow: FetchableRecord, BulkInsertable {
    static let databaseTableName = "renderSentence"

    var renderId: Int64
    var position: Int
    var samples: Range<Int64>

    enum Columns {
        static let renderId = Column("renderId")
        static let position = Column("position")
    }

    static var databaseSelection: [any SQLSelectable] {
        [
            Column("renderId"), Column("position"), Column("startSample"), Column("endSample"),
        ]
    }

    init(renderId: Int64, position: Int, samples: Range<Int64>) {
        self.renderId = renderId
        self.position = position
        self.samples = samples
    }

    init(row: Row) {
        renderId = row[0]
        position = row[1]
        samples = row[2]..<row[3]
    }

    static let insertedColumns = ["renderId", "position", "startSample", "endSample"]

    var values: [any DatabaseValueConvertible] {
        [
            renderId, position, samples.lowerBound, samples.upperBound,
        ]
    }
}
