internal import GRDB
public import NarrateCore

/// The library's own settings, kept in it: the web server's access token among them.
extension ArticleLibrary {
    /// The value of setting `key`; nil when it was never set.
    public func setting(_ key: String) throws(NarrateError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    /// Sets `key` to `value`, replacing what it was.
    public func setSetting(_ key: String, to value: String) throws(NarrateError) {
        try write { db in
            try db.execute(
                sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [key, value]
            )
        }
    }

    /// The value of `key`, set to `make()` first when it was never set (in one transaction,
    /// so two processes asking at once get the same value); `created` tells whether it was.
    public func setting(_ key: String, orSet make: () -> String) throws(NarrateError) -> (value: String, created: Bool) {
        try write { db in
            if let value = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) {
                return (value, false)
            }
            let value = make()
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
            return (value, true)
        }
    }
}
