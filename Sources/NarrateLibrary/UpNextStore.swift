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

    /// Adds `ids` at the end, in their order; those already in it stay where they are, and an
    /// archived one comes back to the library (the queue is of the library's articles). An
    /// id of no article is `noSuchArticle` and nothing changes. Returns the queue.
    @discardableResult
    public func append(_ ids: [Int64]) throws(NarrateError) -> [Int64] {
        try database.write { db in
            var queue = try Int64.fetchAll(db, sql: "SELECT articleId FROM upNext ORDER BY rank")
            for id in ids where !queue.contains(id) {
                _ = try ArticleStore.shelve(ids: [id], on: .library, db)
                queue.append(id)
            }
            try Self.write(queue, db)
            return queue
        }
    }

    /// Makes the queue `ids`, in that order: to reorder it, or to take some out. An id of no
    /// article is `noSuchArticle`, one given twice `invalidOption`, and nothing changes; an
    /// archived one comes back to the library.
    public func replace(with ids: [Int64]) throws(NarrateError) {
        guard Set(ids).count == ids.count else {
            throw .invalidOption(name: "ids", message: "an article is in the up-next queue once: \(ids) names one twice")
        }
        try database.write { db in
            _ = try ArticleStore.shelve(ids: ids, on: .library, db)
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

    /// The library setting that keeps what a finished article gets (`FinishAction.stored`).
    static let onFinishKey = "upNext.onFinish"

    /// What an article heard to the end gets.
    public func onFinish() throws(NarrateError) -> FinishAction {
        try database.read { db in try Self.onFinish(db) }
    }

    /// Chooses what an article heard to the end gets. A tag is normalized as tags are; an
    /// empty one is nothing.
    public func setOnFinish(_ action: FinishAction) throws(NarrateError) {
        var action = action
        if case .tag(let tag) = action {
            let normalized = ArticleTagRow.normalized(tag)
            action = normalized.isEmpty ? .nothing : .tag(normalized)
        }
        let stored = action.stored
        try database.write { db in try SettingStore.set(Self.onFinishKey, to: stored, db) }
    }

    private static func onFinish(_ db: Database) throws -> FinishAction {
        FinishAction(stored: try SettingRow.fetchOne(db, key: onFinishKey)?.value)
    }

    /// Article `articleId` was heard to the end (its position saved finished, in `db`'s
    /// transaction): it leaves the queue and gets what the setting says, whichever player
    /// finished it.
    static func articleFinished(_ articleId: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM upNext WHERE articleId = ?", arguments: [articleId])
        switch try onFinish(db) {
        case .nothing: break
        case .archive: _ = try ArticleStore.shelve(ids: [articleId], on: .archive, db)
        case .tag(let tag): _ = try ArticleStore.retag(db, id: articleId, adding: [tag], removing: [])
        }
    }

    private static func write(_ queue: [Int64], _ db: Database) throws {
        try db.execute(sql: "DELETE FROM upNext")
        for (rank, id) in queue.enumerated() {
            try db.execute(sql: "INSERT INTO upNext (articleId, rank) VALUES (?, ?)", arguments: [id, rank])
        }
    }
}
