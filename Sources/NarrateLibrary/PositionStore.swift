import Foundation
internal import GRDB
public import NarrateCore

/// Where the listener of each article is, and the history of where they were, across
/// devices: a device that was offline cannot send the listener back.
public final class PositionStore: Sendable {
    let database: LibraryDatabase

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// Where the listener of article `articleId` stopped; nil when never played.
    public func position(ofArticle articleId: Int64) throws(NarrateError) -> ListeningPosition? {
        try database.read { db in
            guard try ArticleRow.exists(db, key: articleId) else { throw NarrateError(LibraryError.noSuchArticle(id: articleId)) }
            return try PositionRow.fetchOne(db, key: articleId)?.position
        }
    }

    /// Saves where the listener of article `articleId` is, in one short transaction, and
    /// adds it to the article's history (a device's saves minutes apart are one entry).
    /// `listenedAt` is when the listening happened on the device (nil: now): a position older
    /// than the saved one changes nothing and returns false, so a device that was offline
    /// cannot send the listener back. A sentence outside the article is `.invalidOption` and
    /// changes nothing. A position that finishes the article (it was not finished) takes it
    /// out of the up-next queue and gives it the finish tag (`UpNextStore`), in the same
    /// transaction, whichever player or command saved it.
    @discardableResult
    public func savePosition(
        articleId: Int64, sentence: Int, word: Int? = nil, finished: Bool, listenedAt: Double? = nil, device: String? = nil
    ) throws(NarrateError) -> Bool {
        let time = listenedAt ?? Date().timeIntervalSince1970
        return try database.write { db in
            guard
                let count = try Int.fetchOne(db, ArticleRow.select(ArticleRow.Columns.sentenceCount).filter(key: articleId))
            else {
                throw NarrateError(LibraryError.noSuchArticle(id: articleId))
            }
            guard (0..<max(count, 1)).contains(sentence) else {
                throw NarrateError(LibraryError.noSuchSentence(articleId: articleId, sentence: sentence, count: count))
            }
            let saved = try PositionRow.fetchOne(db, key: articleId)
            if let saved, saved.listenedAt > time { return false }
            try Self.writePosition(
                db, articleId: articleId, sentence: sentence, word: word, finished: finished, listenedAt: time, device: device)
            // Heard to the end now: out of the up-next queue, with the finish tag.
            if finished, saved?.finished != true { try UpNextStore.articleFinished(articleId, db) }
            return true
        }
    }

    /// Sets article `articleId`'s position in `db`, and keeps it in the history.
    static func writePosition(
        _ db: Database, articleId: Int64, sentence: Int, word: Int?, finished: Bool, listenedAt time: Double, device: String?
    ) throws {
        let now = LibraryDatabase.timestamp()
        try PositionRow(
            articleId: articleId, sentence: sentence, finished: finished, updatedAt: now, word: word, listenedAt: time, device: device
        ).upsert(db)
        try appendHistory(
            db,
            PositionHistoryRow(
                articleId: articleId, sentence: sentence, word: word, finished: finished, listenedAt: time, device: device, savedAt: now))
    }

    /// Forgets where the listener of article `articleId` stopped: the next play starts at the
    /// beginning. The reset is kept in the history.
    public func resetPosition(articleId: Int64, device: String? = nil) throws(NarrateError) {
        try database.write { db in
            guard try ArticleRow.exists(db, key: articleId) else { throw NarrateError(LibraryError.noSuchArticle(id: articleId)) }
            try PositionRow.deleteOne(db, key: articleId)
            try Self.appendHistory(
                db,
                PositionHistoryRow(
                    articleId: articleId, sentence: nil, word: nil, finished: false, listenedAt: Date().timeIntervalSince1970,
                    device: device, savedAt: LibraryDatabase.timestamp()))
        }
    }

    /// Every position saved for article `articleId`, newest first, numbered from 1.
    public func positionHistory(ofArticle articleId: Int64) throws(NarrateError) -> [PositionChange] {
        try database.read { db in
            guard try ArticleRow.exists(db, key: articleId) else { throw NarrateError(LibraryError.noSuchArticle(id: articleId)) }
            return try PositionHistoryRow.filter(PositionHistoryRow.Columns.articleId == articleId)
                .order(PositionHistoryRow.Columns.id.desc).fetchAll(db)
                .enumerated().map { index, row in row.change(number: index + 1) }
        }
    }

    /// How long one device's saves go on being one entry of the history: a player saves at
    /// every sentence, and the history lists listenings, not sentences.
    static let historySessionSeconds = 600.0

    /// Adds `entry` to the history; a save that follows the newest entry of the same device
    /// within `historySessionSeconds` (neither a reset) updates that entry instead.
    private static func appendHistory(_ db: Database, _ entry: PositionHistoryRow) throws {
        var entry = entry
        if entry.sentence != nil,
            let last = try PositionHistoryRow.filter(PositionHistoryRow.Columns.articleId == entry.articleId)
                .order(PositionHistoryRow.Columns.id.desc).fetchOne(db),
            last.sentence != nil, last.device == entry.device,
            (0...historySessionSeconds).contains(entry.listenedAt - last.listenedAt)
        {
            entry.id = last.id
            try entry.update(db)
            return
        }
        try entry.insert(db)
    }
}
