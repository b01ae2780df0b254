internal import GRDB

/// A record an aggregate has thousands of (an article's sentences, a render's timings),
/// inserted many at once through one prepared statement: GRDB's `insert` builds a
/// persistence container and looks its statement up for every row, which measured a tenth of
/// adding an article.
protocol BulkInsertable: PersistableRecord {
    /// The columns written, in the order of `values`.
    static var insertedColumns: [String] { get }
    /// The row's values, in the order of `insertedColumns`.
    var values: [any DatabaseValueConvertible] { get }
}

extension BulkInsertable {
    /// Inserts `rows` in `db` with one prepared statement.
    static func insertAll(_ rows: some Sequence<Self>, db: Database) throws {
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO \(databaseTableName) (\(insertedColumns.joined(separator: ", ")))
                VALUES (\(Array(repeating: "?", count: insertedColumns.count).joined(separator: ", ")))
                """
        )
        for row in rows {
            try statement.execute(arguments: StatementArguments(row.values))
        }
    }

    func encode(to container: inout PersistenceContainer) {
        for (column, value) in zip(Self.insertedColumns, values) {
            container[column] = value
        }
    }
}
