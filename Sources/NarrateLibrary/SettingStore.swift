import Foundation
internal import GRDB
public import NarrateCore

/// The library's own settings, kept in it: the web server's access token among them.
public final class SettingStore: Sendable {
    let database: LibraryDatabase

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// The value of setting `key`; nil when it was never set.
    public func value(_ key: String) throws(NarrateError) -> String? {
        try database.read { db in try SettingRow.fetchOne(db, key: key)?.value }
    }

    /// Sets `key` to `value`, replacing what it was.
    public func set(_ key: String, to value: String) throws(NarrateError) {
        try database.write { db in try Self.set(key, to: value, db) }
    }

    /// `set` in `db`'s transaction.
    static func set(_ key: String, to value: String, _ db: Database) throws {
        // Not GRDB's `upsert`: it returns the rowid, which this table (WITHOUT ROWID) has not.
        try db.execute(
            sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            arguments: [key, value]
        )
    }

    /// The value of `key`, set to `make()` first when it was never set (in one transaction,
    /// so two processes asking at once get the same value); `created` tells whether it was.
    public func value(_ key: String, orSet make: () -> String) throws(NarrateError) -> (value: String, created: Bool) {
        try database.write { db in
            if let row = try SettingRow.fetchOne(db, key: key) {
                return (row.value, false)
            }
            let value = make()
            try SettingRow(key: key, value: value).insert(db)
            return (value, true)
        }
    }
}
