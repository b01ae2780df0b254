import Foundation
internal import GRDB
public import NarrateCore

/// The audio files made of the library's articles, with where each sentence and word is in
/// them; and what podcast feeds read of them.
public final class RenderStore: Sendable {
    let database: LibraryDatabase

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// Records a render of article `articleId` written to `path`, with the start and end
    /// sample of every sentence (pauses included) and of every spoken word. A render of the
    /// same article with the same settings at the same path is replaced.
    @discardableResult
    public func recordRender(
        articleId: Int64, settingsHash: String, path: String, ownedByLibrary: Bool, format: String, sampleRate: Int,
        sampleCount: Int64, sentenceSamples: [Range<Int64>], words: [RenderWord] = [], wordTimings: WordTimings = .exact,
        voice: String? = nil, reading: String? = nil
    ) throws(NarrateError) -> RenderRecord {
        try database.write { db in
            guard try ArticleRow.exists(db, key: articleId) else { throw NarrateError(LibraryError.noSuchArticle(id: articleId)) }
            try RenderRow.filter(
                RenderRow.Columns.articleId == articleId && RenderRow.Columns.settingsHash == settingsHash && RenderRow.Columns.path == path
            ).deleteAll(db)
            var row = RenderRow(
                RenderRecord(
                    id: 0, articleId: articleId, settingsHash: settingsHash, path: path, ownedByLibrary: ownedByLibrary,
                    format: format, sampleRate: sampleRate, sampleCount: sampleCount, createdAt: LibraryDatabase.timestamp(),
                    wordTimings: wordTimings, voice: voice, reading: reading
                ))
            try row.insert(db)
            let id = db.lastInsertedRowID
            try RenderSentenceRow.insertAll(
                sentenceSamples.enumerated().lazy.map { RenderSentenceRow(renderId: id, position: $0, samples: $1) }, db: db)
            try RenderWordRow.insertAll(words.enumerated().lazy.map { RenderWordRow(renderId: id, position: $0, word: $1) }, db: db)
            return row.record
        }
    }

    /// The renders of article `articleId`, newest first.
    public func renders(ofArticle articleId: Int64) throws(NarrateError) -> [RenderRecord] {
        try database.read { db in
            try RenderRow.filter(RenderRow.Columns.articleId == articleId).order(RenderRow.Columns.id.desc).fetchAll(db).map(\.record)
        }
    }

    /// The start and end sample of each sentence in render `renderId`, in order.
    public func sentenceSamples(ofRender renderId: Int64) throws(NarrateError) -> [Range<Int64>] {
        try database.read { db in
            try RenderSentenceRow.filter(RenderSentenceRow.Columns.renderId == renderId).order(RenderSentenceRow.Columns.position)
                .fetchAll(db).map(\.samples)
        }
    }

    /// How many spoken words render `renderId` has timed (none for a render made before word
    /// timings were recorded).
    public func wordCount(ofRender renderId: Int64) throws(NarrateError) -> Int {
        try database.read { db in try RenderWordRow.filter(RenderWordRow.Columns.renderId == renderId).fetchCount(db) }
    }

    /// The spoken words of render `renderId`, in order (none for a render made before word
    /// timings were recorded).
    public func words(ofRender renderId: Int64) throws(NarrateError) -> [RenderWord] {
        try database.read { db in
            try RenderWordRow.filter(RenderWordRow.Columns.renderId == renderId).order(RenderWordRow.Columns.position)
                .fetchAll(db).map(\.word)
        }
    }

    /// The renders of article `articleId` that `isWanted` (by their records), newest first,
    /// each with its sentences' samples and how many words it has timed (only those renders'
    /// timings are read): read in one snapshot, so a render forgotten or replaced meanwhile
    /// is never seen with another's timings.
    public func timedRenders(
        ofArticle articleId: Int64, where isWanted: (RenderRecord) -> Bool = { _ in true }
    ) throws(NarrateError) -> [TimedRender] {
        try database.read { db in
            let sentences = RenderSentenceRow.order(RenderSentenceRow.Columns.position)
            let words = RenderWordRow.all()
            return try RenderRow.filter(RenderRow.Columns.articleId == articleId).order(RenderRow.Columns.id.desc).fetchAll(db)
                .filter { isWanted($0.record) }
                .map { row in
                    let id = row.id ?? 0
                    return TimedRender(
                        render: row.record,
                        sentenceSamples: try sentences.filter(RenderSentenceRow.Columns.renderId == id).fetchAll(db).map(\.samples),
                        wordCount: try words.filter(RenderWordRow.Columns.renderId == id).fetchCount(db)
                    )
                }
        }
    }

    /// Forgets render `id` (its file is gone or damaged); its timings go with it.
    public func forgetRender(id: Int64) throws(NarrateError) {
        try database.write { db in _ = try RenderRow.deleteOne(db, key: id) }
    }

    /// A short, stable identifier of render settings described by `description` (SHA-256, hex).
    public static func settingsHash(of description: String) -> String {
        ContentHash.of(description)
    }
}
