import Foundation
internal import GRDB
public import NarrateCore

/// The links imported from read-later services, and what became of each (added, a
/// duplicate, failed), so an import run again skips what it did.
public final class SavedLinkStore: Sendable {
    let database: LibraryDatabase

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// What became of the imported links among `urls` that were seen before.
    public func savedLinkOutcomes(among urls: [String]) throws(NarrateError) -> [String: FeedItemOutcome] {
        guard !urls.isEmpty else { return [:] }
        return try database.read { db in
            var found: [String: FeedItemOutcome] = [:]
            for start in stride(from: 0, to: urls.count, by: 500) {
                let slice = Array(urls[start..<min(urls.count, start + 500)])
                let marks = Array(repeating: "?", count: slice.count).joined(separator: ",")
                for row in try Row.fetchAll(
                    db, sql: "SELECT url, outcome FROM savedLink WHERE url IN (\(marks))", arguments: StatementArguments(slice))
                {
                    let outcome: String = row[1]
                    found[row[0]] = FeedItemOutcome(rawValue: outcome) ?? .failed
                }
            }
            return found
        }
    }

    /// Records what became of the imported link `url`.
    public func recordSavedLink(url: String, articleId: Int64?, outcome: FeedItemOutcome, detail: String? = nil) throws(NarrateError) {
        try database.write { db in try Self.recordSavedLink(db, url: url, articleId: articleId, outcome: outcome, detail: detail) }
    }

    static func recordSavedLink(_ db: Database, url: String, articleId: Int64?, outcome: FeedItemOutcome, detail: String?) throws {
        try db.execute(
            sql: """
                INSERT INTO savedLink (url, articleId, outcome, detail, seenAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (url) DO UPDATE SET articleId = excluded.articleId, outcome = excluded.outcome, detail = excluded.detail,
                    seenAt = excluded.seenAt
                """,
            arguments: [url, articleId, outcome.rawValue, detail, LibraryDatabase.timestamp()]
        )
    }
}
