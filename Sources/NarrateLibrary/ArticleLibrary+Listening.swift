import Foundation
internal import GRDB
public import NarrateCore

/// Renders, their sentence timings and listening positions.
extension ArticleLibrary {
    /// Records a render of article `articleId` written to `path`, with the start and end
    /// sample of every sentence (pauses included) and of every spoken word. A render of the
    /// same article with the same settings at the same path is replaced.
    @discardableResult
    public func recordRender(
        articleId: Int64, settingsHash: String, path: String, ownedByLibrary: Bool, format: String, sampleRate: Int,
        sampleCount: Int64, sentenceSamples: [Range<Int64>], words: [RenderWord] = [], wordTimings: WordTimings = .exact,
        voice: String? = nil, reading: String? = nil
    ) throws(NarrateError) -> RenderRecord {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM article WHERE id = ?", arguments: [articleId]) != nil else {
                throw NarrateError.noSuchArticle(id: articleId)
            }
            try db.execute(
                sql: "DELETE FROM render WHERE articleId = ? AND settingsHash = ? AND path = ?",
                arguments: [articleId, settingsHash, path]
            )
            let record = RenderRecord(
                id: 0, articleId: articleId, settingsHash: settingsHash, path: path, ownedByLibrary: ownedByLibrary,
                format: format, sampleRate: sampleRate, sampleCount: sampleCount, createdAt: Self.now(), wordTimings: wordTimings,
                voice: voice, reading: reading
            )
            try db.execute(
                sql: """
                    INSERT INTO render (articleId, settingsHash, path, ownedByLibrary, format, sampleRate, sampleCount, createdAt, wordTimings, voice, reading)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    articleId, settingsHash, path, ownedByLibrary, format, sampleRate, sampleCount, record.createdAt, wordTimings.rawValue,
                    voice,
                    reading,
                ]
            )
            let id = db.lastInsertedRowID
            let insert = try db.cachedStatement(
                sql: "INSERT INTO renderSentence (renderId, position, startSample, endSample) VALUES (?, ?, ?, ?)"
            )
            for (position, samples) in sentenceSamples.enumerated() {
                try insert.execute(arguments: [id, position, samples.lowerBound, samples.upperBound])
            }
            let insertWord = try db.cachedStatement(
                sql: """
                    INSERT INTO renderWord (renderId, position, sentence, textStart, textEnd, startSample, endSample)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """
            )
            for (position, word) in words.enumerated() {
                try insertWord.execute(arguments: [
                    id, position, word.sentence, word.textRange.lowerBound, word.textRange.upperBound,
                    word.samples.lowerBound, word.samples.upperBound,
                ])
            }
            var stored = record
            stored.id = id
            return stored
        }
    }

    /// The renders of article `articleId`, newest first.
    public func renders(ofArticle articleId: Int64) throws(NarrateError) -> [RenderRecord] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM render WHERE articleId = ? ORDER BY id DESC", arguments: [articleId]
            ).map(Self.render)
        }
    }

    /// The start and end sample of each sentence in render `renderId`, in order.
    public func sentenceSamples(ofRender renderId: Int64) throws(NarrateError) -> [Range<Int64>] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT startSample, endSample FROM renderSentence WHERE renderId = ? ORDER BY position",
                arguments: [renderId]
            ).map { row in (row[0] as Int64)..<(row[1] as Int64) }
        }
    }

    /// How many spoken words render `renderId` has timed (none for a render made before word
    /// timings were recorded).
    public func wordCount(ofRender renderId: Int64) throws(NarrateError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM renderWord WHERE renderId = ?", arguments: [renderId]) ?? 0 }
    }

    /// The spoken words of render `renderId`, in order (none for a render made before word
    /// timings were recorded).
    public func words(ofRender renderId: Int64) throws(NarrateError) -> [RenderWord] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT sentence, textStart, textEnd, startSample, endSample FROM renderWord
                    WHERE renderId = ? ORDER BY position
                    """, arguments: [renderId]
            ).map { row in
                RenderWord(sentence: row[0], textRange: (row[1] as Int)..<(row[2] as Int), samples: (row[3] as Int64)..<(row[4] as Int64))
            }
        }
    }

    /// Where the listener of article `articleId` stopped; nil when never played.
    public func position(ofArticle articleId: Int64) throws(NarrateError) -> ListeningPosition? {
        try read { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM article WHERE id = ?", arguments: [articleId]) != nil else {
                throw NarrateError.noSuchArticle(id: articleId)
            }
            return try Row.fetchOne(
                db, sql: "SELECT sentence, finished, updatedAt, word, listenedAt, device FROM listeningPosition WHERE articleId = ?",
                arguments: [articleId]
            ).map { ListeningPosition(sentence: $0[0], finished: $0[1], updatedAt: $0[2], word: $0[3], listenedAt: $0[4], device: $0[5]) }
        }
    }

    /// Saves where the listener of article `articleId` is, in one short transaction, and
    /// adds it to the article's history (a device's saves minutes apart are one entry). `listenedAt` is when the listening happened on the
    /// device (nil: now): a position older than the saved one changes nothing and returns
    /// false, so a device that was offline cannot send the listener back. A sentence outside
    /// the article is `.invalidOption` and changes nothing.
    @discardableResult
    public func savePosition(
        articleId: Int64, sentence: Int, word: Int? = nil, finished: Bool, listenedAt: Double? = nil, device: String? = nil
    ) throws(NarrateError) -> Bool {
        let time = listenedAt ?? Date().timeIntervalSince1970
        return try write { db in
            guard let count = try Int.fetchOne(db, sql: "SELECT sentenceCount FROM article WHERE id = ?", arguments: [articleId])
            else {
                throw NarrateError.noSuchArticle(id: articleId)
            }
            guard (0..<max(count, 1)).contains(sentence) else {
                throw NarrateError.invalidOption(
                    name: "sentence",
                    message: "article \(articleId) has sentences 1 to \(count); \(sentence + 1) is outside it"
                )
            }
            if let saved = try Double.fetchOne(
                db, sql: "SELECT listenedAt FROM listeningPosition WHERE articleId = ?", arguments: [articleId]),
                saved > time
            {
                return false
            }
            try Self.writePosition(
                db, articleId: articleId, sentence: sentence, word: word, finished: finished, listenedAt: time, device: device)
            return true
        }
    }

    /// Sets article `articleId`'s position in `db`, and keeps it in the history.
    static func writePosition(
        _ db: Database, articleId: Int64, sentence: Int, word: Int?, finished: Bool, listenedAt time: Double, device: String?
    ) throws {
        let now = Self.now()
        try db.execute(
            sql: """
                INSERT INTO listeningPosition (articleId, sentence, finished, updatedAt, word, listenedAt, device)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (articleId) DO UPDATE SET
                    sentence = excluded.sentence, finished = excluded.finished, updatedAt = excluded.updatedAt,
                    word = excluded.word, listenedAt = excluded.listenedAt, device = excluded.device
                """,
            arguments: [articleId, sentence, finished, now, word, time, device]
        )
        try appendHistory(
            db, articleId: articleId, sentence: sentence, word: word, finished: finished, listenedAt: time, device: device, savedAt: now)
    }

    /// Forgets where the listener of article `articleId` stopped: the next play starts at the
    /// beginning. The reset is kept in the history.
    public func resetPosition(articleId: Int64, device: String? = nil) throws(NarrateError) {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM article WHERE id = ?", arguments: [articleId]) != nil else {
                throw NarrateError.noSuchArticle(id: articleId)
            }
            try db.execute(sql: "DELETE FROM listeningPosition WHERE articleId = ?", arguments: [articleId])
            try Self.appendHistory(
                db, articleId: articleId, sentence: nil, word: nil, finished: false, listenedAt: Date().timeIntervalSince1970,
                device: device, savedAt: Self.now()
            )
        }
    }

    /// Every position saved for article `articleId`, newest first, numbered from 1.
    public func positionHistory(ofArticle articleId: Int64) throws(NarrateError) -> [PositionChange] {
        try read { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM article WHERE id = ?", arguments: [articleId]) != nil else {
                throw NarrateError.noSuchArticle(id: articleId)
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT sentence, word, finished, listenedAt, device, savedAt FROM positionHistory
                    WHERE articleId = ? ORDER BY id DESC
                    """, arguments: [articleId]
            ).enumerated().map { index, row in
                PositionChange(
                    number: index + 1, sentence: row[0], word: row[1], finished: row[2], listenedAt: row[3], device: row[4], savedAt: row[5]
                )
            }
        }
    }

    /// How long one device's saves go on being one entry of the history: a player saves at
    /// every sentence, and the history lists listenings, not sentences.
    static let historySessionSeconds = 600.0

    /// Adds a save to the history; one that follows the newest entry of the same device within
    /// `historySessionSeconds` (neither a reset) updates that entry instead.
    private static func appendHistory(
        _ db: Database, articleId: Int64, sentence: Int?, word: Int?, finished: Bool, listenedAt: Double, device: String?, savedAt: String
    ) throws {
        if sentence != nil,
            let last = try Row.fetchOne(
                db, sql: "SELECT id, sentence, device, listenedAt FROM positionHistory WHERE articleId = ? ORDER BY id DESC LIMIT 1",
                arguments: [articleId]
            ),
            (last["sentence"] as Int?) != nil, (last["device"] as String?) == device,
            (0...historySessionSeconds).contains(listenedAt - (last["listenedAt"] as Double))
        {
            try db.execute(
                sql: "UPDATE positionHistory SET sentence = ?, word = ?, finished = ?, listenedAt = ?, savedAt = ? WHERE id = ?",
                arguments: [sentence, word, finished, listenedAt, savedAt, last["id"] as Int64]
            )
            return
        }
        try db.execute(
            sql: """
                INSERT INTO positionHistory (articleId, sentence, word, finished, listenedAt, device, savedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [articleId, sentence, word, finished, listenedAt, device, savedAt]
        )
    }

    /// Forgets render `id` (its file is gone or damaged); its timings go with it.
    public func forgetRender(id: Int64) throws(NarrateError) {
        try write { db in
            try db.execute(sql: "DELETE FROM render WHERE id = ?", arguments: [id])
        }
    }

    /// A short, stable identifier of render settings described by `description` (SHA-256, hex).
    public static func settingsHash(of description: String) -> String {
        contentHash(of: description)
    }

    private static func render(_ row: Row) -> RenderRecord {
        RenderRecord(
            id: row["id"], articleId: row["articleId"], settingsHash: row["settingsHash"], path: row["path"],
            ownedByLibrary: row["ownedByLibrary"], format: row["format"], sampleRate: row["sampleRate"],
            sampleCount: row["sampleCount"], createdAt: row["createdAt"],
            wordTimings: (row["wordTimings"] as String?).flatMap(WordTimings.init(rawValue:)) ?? .exact, voice: row["voice"],
            reading: row["reading"]
        )
    }
}
