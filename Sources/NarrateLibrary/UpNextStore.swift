import Foundation
internal import GRDB
public import NarrateCore

/// The library's up-next queue: the articles the listener wants to hear next, in the order
/// they chose, the same from every device and front end. An article is in it at most once,
/// and leaves it when it is removed from the library, or heard to the end (`PositionStore`).
public final class UpNextStore: Sendable {
    let database: LibraryDatabase

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// The articles in the queue, first to be heard first.
    public func articleIds() throws(NarrateError) -> [Int64] {
        try database.read { db in try Int64.fetchAll(db, sql: "SELECT articleId FROM upNext ORDER BY rank") }
    }

    /// Adds `ids` at the end, in their order; those already in it stay where they are. An id
    /// of no article is `noSuchArticle` and nothing changes. Returns the queue.
    @discardableResult
    public func append(_ ids: [Int64]) throws(NarrateError) -> [Int64] {
        try database.write { db in
            var queue = try Int64.fetchAll(db, sql: "SELECT articleId FROM upNext ORDER BY rank")
            for id in ids where !queue.contains(id) {
                try Self.requireArticle(id, db)
                queue.append(id)
            }
            try Self.write(queue, db)
            return queue
        }
    }

    /// Makes the queue `ids`, in that order: to reorder it, or to take some out. An id of no
    /// article is `noSuchArticle`, one given twice `invalidOption`, and nothing changes.
    public func replace(with ids: [Int64]) throws(NarrateError) {
        guard Set(ids).count == ids.count else {
            throw .invalidOption(name: "ids", message: "an article is in the up-next queue once: \(ids) names one twice")
        }
        try database.write { db in
            for id in ids { try Self.requireArticle(id, db) }
            try Self.write(ids, db)
        }
    }

    /// Takes article `id` out of the queue; whether it was in it.
    @discardableResult
    public func remove(_ id: Int64) throws(NarrateError) -> Bool {
        try database.write { db in
            try db.execute(sql: "DELETE FROM upNext WHERE articleId = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// The library setting that keeps the tag a finished article gets.
    static let finishTagKey = "upNext.finishTag"

    /// The tag an article heard to the end gets; nil: none.
    public func finishTag() throws(NarrateError) -> String? {
        try database.read { db in try Self.finishTag(db) }
    }

    /// Chooses the tag an article heard to the end gets (nil: none).
    public func setFinishTag(_ tag: String?) throws(NarrateError) {
        try database.write { db in try SettingStore.set(Self.finishTagKey, to: tag ?? "", db) }
    }

    private static func finishTag(_ db: Database) throws -> String? {
        guard let tag = try SettingRow.fetchOne(db, key: finishTagKey)?.value, !tag.isEmpty else { return nil }
        return tag
    }

    /// Article `articleId` was heard to the end (its position saved finished, in `db`'s
    /// transaction): it leaves the queue and gets the finish tag, whichever player finished it.
    static func articleFinished(_ articleId: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM upNext WHERE articleId = ?", arguments: [articleId])
        if let tag = try finishTag(db) { _ = try ArticleStore.retag(db, id: articleId, adding: [tag], removing: []) }
    }

    private static func requireArticle(_ id: Int64, _ db: Database) throws {
        guard try ArticleRow.exists(db, key: id) else { throw NarrateError(LibraryError.noSuchArticle(id: id)) }
    }

    private static func write(_ queue: [Int64], _ db: Database) throws {
        try db.execute(sql: "DELETE FROM upNext")
        for (rank, id) in queue.enumerated() {
            try db.execute(sql: "INSERT INTO upNext (articleId, rank) VALUES (?, ?)", arguments: [id, rank])
        }
    }
}
