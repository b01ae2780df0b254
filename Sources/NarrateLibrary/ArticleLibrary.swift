import Foundation
internal import GRDB
public import NarrateCore
import NarrateSystem

/// The user's library of saved articles: one SQLite database, the one owner of all access
/// to it (GRDB's `DatabasePool`, in WAL mode, so several narrate processes can share it).
///
/// Every change is one short IMMEDIATE transaction, so an interrupted command leaves no half
/// article, and a second process waits (busy timeout) instead of failing.
public final class ArticleLibrary: Sendable {
    /// Where the library lives.
    public let location: LibraryLocation
    private let pool: DatabasePool

    /// Words per minute that listening times are estimated at (narrate's default rate).
    public static let listeningRate = Double(VoiceSettings.standard.rate)

    /// Opens the library at `location`, creating it (and its folder) if it does not exist and
    /// upgrading an older schema. A file that is not an SQLite database is left untouched.
    public init(location: LibraryLocation) throws(NarrateError) {
        self.location = location
        let path = location.databasePath
        try Self.checkExistingFile(at: path)
        try Self.createParentDirectory(of: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.label = "narrate library"
        // Two processes opening the same new or older library race to switch it to WAL and to
        // migrate it. GRDB's migrator reads which migrations are applied before it takes the
        // write lock for each one, so the process that loses gets SQLITE_BUSY, or runs a
        // migration the other has just applied ("table already exists", "duplicate column
        // name"). Either way the other process has moved the schema on since this one looked,
        // and a second look finds the work done. It looks again for as long as the busy
        // timeout (a loaded machine can take seconds to migrate and sync a new library).
        let migrator = LibrarySchema.migrator
        var attempt = 0
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            var pool: DatabasePool?
            var appliedBefore: Set<String>?
            do {
                let opened = try DatabasePool(path: path, configuration: configuration)
                pool = opened
                // GRDB sets NORMAL in WAL mode, where a power cut may undo transactions that
                // were reported committed; FULL syncs the log at every commit, so what narrate
                // said it saved stays saved. (Set after the pool exists: GRDB's WAL set-up runs
                // after `prepareDatabase`. All writes go through the pool's one writer.)
                try opened.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
                appliedBefore = try opened.read { try migrator.appliedIdentifiers($0) }
                try migrator.migrate(opened)
                self.pool = opened
                break
            } catch {
                attempt += 1
                let appliedAfter = try? pool?.read { try migrator.appliedIdentifiers($0) }
                let migratedMeanwhile = appliedBefore != nil && appliedAfter != nil && appliedAfter != appliedBefore
                guard ContinuousClock.now < deadline, migratedMeanwhile || Self.isRace(error) else {
                    throw .libraryUnavailable(path: path, reason: Self.describe(error, at: path))
                }
                usleep(UInt32(20_000 * min(attempt, 10)))
            }
        }
    }

    // MARK: Adding

    /// Adds `article`, or reports the article with the same content already there; `record`
    /// (a read-later link, a feed's item) is written in the same transaction, so a process
    /// killed meanwhile leaves both or neither.
    public func add(_ article: NewArticle, recording record: ImportRecord? = nil) throws(NarrateError) -> AddOutcome {
        // The text once: it is as large as the article.
        let text = article.text
        let hash = Self.contentHash(of: text)
        let words = NewArticle.wordCount(of: text)
        let document: String
        do {
            document = String(decoding: try JSONEncoder().encode(article.document), as: UTF8.self)
        } catch {
            throw .libraryUnavailable(path: location.databasePath, reason: "cannot store the document: \(error)")
        }
        return try write { db in
            if let row = try Row.fetchOne(db, sql: "SELECT id, title FROM article WHERE contentHash = ?", arguments: [hash]) {
                let outcome = AddOutcome.exists(id: row["id"], title: row["title"])
                try record?.write(db, outcome: outcome, sentenceCount: article.sentences.count)
                return outcome
            }
            let tags = Set(article.tags.map(Self.normalizedTag)).filter { !$0.isEmpty }.sorted()
            try db.execute(
                sql: """
                    INSERT INTO article (title, byline, site, sourceURL, sourcePath, language, voice, publishedAt, savedAt,
                        sourceFormat, contentHash, wordCount, listeningSeconds, tags, sentenceCount, excerpt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    article.title, article.byline, article.site, article.sourceURL, article.sourcePath,
                    article.language?.lowercased(), article.voice, article.publishedAt, article.savedAt ?? Self.now(),
                    article.document.format.rawValue, hash,
                    words, Double(words) / Self.listeningRate * 60, Self.joinedTags(tags), article.sentences.count,
                    article.document.summaryExcerpt(),
                ]
            )
            let id = db.lastInsertedRowID
            try db.execute(
                sql: "INSERT INTO articleContent (articleId, original, document) VALUES (?, ?, ?)",
                arguments: [id, Data(article.original), document]
            )
            for tag in tags {
                try db.execute(sql: "INSERT INTO articleTag (articleId, tag) VALUES (?, ?)", arguments: [id, tag])
            }
            // Prepared once, not once a sentence (parsing the statement again was a tenth of adding).
            let insertSentence = try db.cachedStatement(
                sql: """
                    INSERT INTO sentence (articleId, position, blockIndex, textStart, textEnd, sourceStart, sourceEnd)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """
            )
            for (position, sentence) in article.sentences.enumerated() {
                try insertSentence.execute(arguments: [
                    id, position, sentence.blockIndex, sentence.textRange.lowerBound, sentence.textRange.upperBound,
                    sentence.sourceRange.lowerBound, sentence.sourceRange.upperBound,
                ])
            }
            try SearchIndex.add(
                id: id, title: article.title, byline: article.byline, text: text, language: article.language?.lowercased(), db: db)
            let outcome = AddOutcome.added(id: id, title: article.title)
            try record?.write(db, outcome: outcome, sentenceCount: article.sentences.count)
            return outcome
        }
    }

    // MARK: Reading

    /// The articles, optionally only those with `tag` or in `language`, in `order`; the
    /// first `limit` of them after the first `offset` when a limit is given.
    public func list(
        tag: String? = nil, language: String? = nil, progress: ProgressFilter? = nil, order: ArticleSort = .saved,
        limit: Int? = nil, offset: Int = 0
    ) throws(NarrateError) -> [ArticleSummary] {
        let (filter, arguments) = Self.filter(tag: tag, language: language, progress: progress)
        let limitClause = limit.map { " LIMIT \(max(0, $0)) OFFSET \(max(0, offset))" } ?? ""
        let orderBy =
            switch order {
            case .saved: "savedAt DESC, id DESC"
            case .title: "title COLLATE NOCASE, id"
            case .length: "wordCount, id"
            }
        return try read { db in
            var summaries: [ArticleSummary] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT \(Self.summaryColumns)
                    FROM article LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id
                    \(filter) ORDER BY \(orderBy)\(limitClause)
                    """,
                arguments: arguments
            )
            while let row = try rows.next() { summaries.append(Self.summary(row)) }
            return summaries
        }
    }

    /// How many articles `list` would give without a limit.
    public func count(tag: String? = nil, language: String? = nil, progress: ProgressFilter? = nil) throws(NarrateError) -> Int {
        if let tag, language == nil, progress == nil {
            return try read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM articleTag WHERE tag = ?", arguments: [Self.normalizedTag(tag)]) ?? 0
            }
        }
        let (filter, arguments) = Self.filter(tag: tag, language: language, progress: progress)
        // Joined with the positions only when progress is asked about: SQLite does not leave
        // the join out of a count, which then probed it once an article (6 ms at 100,000).
        let positions = progress == nil ? "" : "LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id"
        return try read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM article \(positions)
                    \(filter)
                    """,
                arguments: arguments
            ) ?? 0
        }
    }

    static func filter(tag: String?, language: String?, progress: ProgressFilter?) -> (String, StatementArguments) {
        let (conditions, arguments) = Self.conditions(tag: tag, language: language, progress: progress)
        return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    /// The SQL conditions (over `article` joined with `listeningPosition`) of a filter, and
    /// their arguments.
    static func conditions(tag: String?, language: String?, progress: ProgressFilter?) -> ([String], StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let tag {
            // Probed per row, so a sorted, limited list reads only the rows it shows.
            conditions.append("EXISTS (SELECT 1 FROM articleTag WHERE articleId = article.id AND tag = ?)")
            _ = arguments.append(contentsOf: [normalizedTag(tag)])
        }
        if let language {
            conditions.append("language = ?")
            _ = arguments.append(contentsOf: [language.lowercased()])
        }
        switch progress {
        case .finished: conditions.append("listeningPosition.finished = 1")
        case .unfinished: conditions.append("coalesce(listeningPosition.finished, 0) = 0")
        case nil: break
        }
        return (conditions, arguments)
    }

    /// The tags and languages of the library's articles, each with its count, counted by the
    /// database in one snapshot (no article is read).
    public func facets() throws(NarrateError) -> LibraryFacets {
        try read { db in
            let count = { (row: Row) in LibraryFacets.Count(value: row[0], articles: row[1]) }
            return LibraryFacets(
                tags: try Row.fetchAll(db, sql: "SELECT tag, count(*) FROM articleTag GROUP BY tag ORDER BY tag").map(count),
                languages: try Row.fetchAll(
                    db, sql: "SELECT language, count(*) FROM article WHERE language IS NOT NULL GROUP BY language ORDER BY language"
                ).map(count)
            )
        }
    }

    /// Whether the library has an article with `id`.
    public func contains(articleId id: Int64) throws(NarrateError) -> Bool {
        try read { db in try Bool.fetchOne(db, sql: "SELECT 1 FROM article WHERE id = ?", arguments: [id]) ?? false }
    }

    /// The summary of the article with `id`, as `list` gives it, without its content.
    public func summary(id: Int64) throws(NarrateError) -> ArticleSummary {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT \(Self.summaryColumns)
                        FROM article LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id
                        WHERE article.id = ?
                        """,
                    arguments: [id]
                )
            else {
                throw NarrateError.noSuchArticle(id: id)
            }
            return Self.summary(row)
        }
    }

    /// The columns `summary(_:)` reads, in its order.
    /// The last two are the newest render's length and where in it the listener's sentence
    /// starts, so that time left is the audio's once there is audio.
    static let summaryColumns = """
        id, title, language, savedAt, wordCount, listeningSeconds, tags, sentenceCount,
            listeningPosition.sentence, listeningPosition.finished, site,
            (SELECT sampleCount * 1.0 / sampleRate FROM render WHERE articleId = article.id ORDER BY id DESC LIMIT 1),
            (SELECT renderSentence.startSample * 1.0 / render.sampleRate
                FROM render JOIN renderSentence ON renderSentence.renderId = render.id
                WHERE render.id = (SELECT max(id) FROM render WHERE articleId = article.id)
                    AND renderSentence.position = listeningPosition.sentence)
        """

    /// The article with `id`, content included.
    public func article(id: Int64) throws(NarrateError) -> StoredArticle {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT article.*, articleContent.*, listeningPosition.sentence AS positionSentence,
                            listeningPosition.finished AS positionFinished
                        FROM article JOIN articleContent ON articleContent.articleId = article.id
                        LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id
                        WHERE id = ?
                        """,
                    arguments: [id]
                )
            else {
                throw NarrateError.noSuchArticle(id: id)
            }
            let tags = Self.splitTags(row["tags"])
            let documentText: String = row["document"]
            let document = try JSONDecoder().decode(Document.self, from: Data(documentText.utf8))
            let original: Data = row["original"]
            return StoredArticle(
                summary: ArticleSummary(
                    id: id, title: row["title"], language: row["language"], savedAt: row["savedAt"],
                    wordCount: row["wordCount"], listeningSeconds: row["listeningSeconds"], tags: tags,
                    sentenceCount: row["sentenceCount"], position: row["positionSentence"],
                    finished: (row["positionFinished"] as Int?) == 1, site: row["site"]
                ),
                byline: row["byline"], site: row["site"], sourceURL: row["sourceURL"], sourcePath: row["sourcePath"],
                publishedAt: row["publishedAt"], voice: row["voice"], contentHash: row["contentHash"], original: Array(original),
                document: document
            )
        }
    }

    /// The sentences of article `id`, in order, as segmented when it was added.
    public func sentences(ofArticle id: Int64) throws(NarrateError) -> [StoredSentence] {
        try read { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM article WHERE id = ?", arguments: [id]) != nil else {
                throw NarrateError.noSuchArticle(id: id)
            }
            return try Row.fetchAll(
                db, sql: "SELECT * FROM sentence WHERE articleId = ? ORDER BY position", arguments: [id]
            ).map { row in
                StoredSentence(
                    position: row["position"], blockIndex: row["blockIndex"],
                    textRange: row["textStart"]..<row["textEnd"], sourceRange: row["sourceStart"]..<row["sourceEnd"]
                )
            }
        }
    }

    /// Articles whose title, byline or text contain every word of `query` in any of its forms
    /// (any case, with or without diacritics; a word as a prefix, by its stem, or one typo
    /// away; text in double quotes as an exact phrase), ranked by bm25 with the title
    /// weighing most.
    ///
    /// A word's stems are looked for in the languages the query could be in:
    /// the library's written in the query's alphabet, narrowed by `guess` (a dictionary's
    /// judgement, `QueryLanguages` in NarrateImport); in each article only in its own language; in
    /// every language of the library when that finds nothing. The snippet marks the forms
    /// that matched.
    public func search(_ query: String, limit: Int = 20, guess: QueryLanguageGuess? = nil) throws(NarrateError) -> [SearchHit] {
        try read { db in try Self.searchHits(query, limit: limit, guess: guess, db: db) }
    }

    /// The articles `search` finds for `query`, best first, as `list` summarises them and
    /// filtered as `list` filters: hits and summaries read in one snapshot, so an article
    /// removed meanwhile is simply not there. Only the hits at the places in `snippets` (all
    /// when nil) get a snippet, the others an empty one: a page of a thousand hits shows a few.
    public func searchSummaries(
        _ query: String, limit: Int = 1_000, tag: String? = nil, language: String? = nil, progress: ProgressFilter? = nil,
        guess: QueryLanguageGuess? = nil, snippets: Range<Int>? = nil
    ) throws(NarrateError) -> [(summary: ArticleSummary, snippet: String)] {
        let (conditions, filterArguments) = Self.conditions(tag: tag, language: language, progress: progress)
        return try read { db in
            // Filtered to a language: the query is read in it.
            var reading = guess
            if let language {
                reading = { _, _ in [language] }
            }
            let summary = try db.makeStatement(
                sql: """
                    SELECT \(Self.summaryColumns)
                    FROM article LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id
                    WHERE \((["article.id = ?"] + conditions).joined(separator: " AND "))
                    """
            )
            // The filters are applied as the hits are ranked, so a page's places are the
            // filtered hits' places.
            var summaries: [Int64: ArticleSummary] = [:]
            let hits = try Self.searchHits(query, limit: limit, guess: reading, db: db, snippets: snippets) { id in
                var arguments: StatementArguments = [id]
                _ = arguments.append(contentsOf: filterArguments)
                guard let row = try Row.fetchOne(summary, arguments: arguments) else { return false }
                summaries[id] = Self.summary(row)
                return true
            }
            return hits.compactMap { hit in summaries[hit.id].map { ($0, hit.snippet) } }
        }
    }

    /// The hits of `query` in `db`, best first, at most `limit`. A word's stems are looked
    /// for in the languages the query could be in (those of the library written in its
    /// alphabet, narrowed by `guess`), and in an article only in its own language; in every
    /// language of the library when that finds nothing.
    /// `keep` leaves out hits it says no to; only hits at the places in `snippets` (all when
    /// nil) get a snippet.
    private static func searchHits(
        _ query: String, limit: Int, guess: QueryLanguageGuess?, db: Database, snippets: Range<Int>? = nil,
        keep: (Int64) throws -> Bool = { _ in true }
    ) throws -> [SearchHit] {
        let all = try SearchIndex.languages(db: db)
        let written = SearchIndex.languages(all, writtenLike: query)
        // Only worth a dictionary's judgement where there is a choice.
        let guessed =
            written.count < 2
            ? [] : guess?(query, written).map { Set($0.map(SearchIndex.primaryCode)).intersection(written).sorted() } ?? []
        let possible = guessed.isEmpty ? written : guessed
        let hits = try searchHits(query, limit: limit, stemLanguages: possible, perArticle: true, db: db, snippets: snippets, keep: keep)
        guard hits.isEmpty, Set(possible) != Set(all) else { return hits }
        return try searchHits(query, limit: limit, stemLanguages: all, perArticle: false, db: db, snippets: snippets, keep: keep)
    }

    /// The hits of `query` with its words stemmed in `stemLanguages`; with `perArticle`, a
    /// hit must match with the stems of its own language alone (when it is one of them).
    private static func searchHits(
        _ query: String, limit: Int, stemLanguages: [String], perArticle: Bool, db: Database, snippets: Range<Int>?,
        keep: (Int64) throws -> Bool
    ) throws -> [SearchHit] {
        // The user's text is never read as FTS5 query syntax: SearchIndex quotes every word.
        guard let terms = try SearchIndex.terms(for: query, stemLanguages: stemLanguages, db: db) else { return [] }
        let match = terms.fts5
        // Two steps, measured fastest at 100,000 articles (a broad Cyrillic query 67 → 27 ms):
        // rank the matches with nothing else, then check, snippet and title only the hits kept.
        // One query doing all of it joined and ranked every match.
        // Ranked a page at a time: a LIMIT keeps SQLite's sorter to the best rows (sorting
        // every match cost a broad query at 100,000 articles 30 ms more); a page is more than
        // the hits wanted, as a hit that matched only by another language's stem is left out.
        let page = limit * 2 + 16
        let rankedPage = try db.cachedStatement(
            sql: """
                SELECT rowid, bm25(articleSearch, 10.0, 4.0, 1.0, 10.0, 1.0) AS rank FROM articleSearch
                WHERE articleSearch MATCH ? ORDER BY rank LIMIT ? OFFSET ?
                """
        )
        var offset = 0
        var ranked = try Row.fetchAll(rankedPage, arguments: [match, page, 0])[...]
        let matchesOne = try db.cachedStatement(sql: "SELECT 1 FROM articleSearch WHERE articleSearch MATCH ? AND rowid = ?")
        let article = try db.cachedStatement(sql: "SELECT title, language FROM article WHERE id = ?")
        // The text only for a snippet: most of a long list of hits gets none.
        let body = try db.cachedStatement(sql: "SELECT body FROM articleSearch WHERE rowid = ?")
        // Each language's own reading of the query, made once.
        var termsOf: [String: SearchTerms] = [:]
        var hits: [SearchHit] = []
        while hits.count < limit {
            if ranked.isEmpty {
                // The page is used up: the next one, unless this one was the last.
                guard ranked.startIndex == page else { break }
                offset += page
                ranked = try Row.fetchAll(rankedPage, arguments: [match, page, offset])[...]
                if ranked.isEmpty { break }
            }
            let row = ranked.removeFirst()
            let id: Int64 = row[0]
            guard let found = try Row.fetchOne(article, arguments: [id]) else { continue }
            let language = (found["language"] as String?).map(SearchIndex.primaryCode)
            var own = terms
            if perArticle {
                let code = language.flatMap { stemLanguages.contains($0) ? $0 : nil }
                let key = code ?? ""
                if code != nil, stemLanguages == [key] {
                    own = terms // the one language the query is read in: its reading already
                } else if let known = termsOf[key] {
                    own = known
                } else {
                    own = try SearchIndex.terms(for: query, stemLanguages: code.map { [$0] } ?? [], db: db) ?? terms
                    termsOf[key] = own
                }
                if own != terms, try Bool.fetchOne(matchesOne, arguments: [own.fts5, id]) != true { continue }
            }
            guard try keep(id) else { continue }
            var snippet = ""
            if snippets?.contains(hits.count) ?? true {
                let stemmer = language.flatMap(WordStemmer.init(language:))
                snippet = SearchSnippet.make(text: try String.fetchOne(body, arguments: [id]) ?? "", terms: own, stemmer: stemmer)
            }
            hits.append(SearchHit(id: id, title: found["title"], snippet: snippet, rank: row[1]))
        }
        return hits
    }

    // MARK: Changing

    /// Adds and removes tags of article `id`; returns its tags afterwards.
    public func retag(id: Int64, adding: [String], removing: [String]) throws(NarrateError) -> [String] {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM article WHERE id = ?", arguments: [id]) != nil else {
                throw NarrateError.noSuchArticle(id: id)
            }
            for tag in removing.map(Self.normalizedTag) {
                try db.execute(sql: "DELETE FROM articleTag WHERE articleId = ? AND tag = ?", arguments: [id, tag])
            }
            for tag in adding.map(Self.normalizedTag) where !tag.isEmpty {
                try db.execute(sql: "INSERT OR IGNORE INTO articleTag (articleId, tag) VALUES (?, ?)", arguments: [id, tag])
            }
            let tags = try String.fetchAll(db, sql: "SELECT tag FROM articleTag WHERE articleId = ? ORDER BY tag", arguments: [id])
            try db.execute(sql: "UPDATE article SET tags = ? WHERE id = ?", arguments: [Self.joinedTags(tags), id])
            return tags
        }
    }

    /// The voice article `id` keeps (nil: none, its language picks one), read without its content.
    public func voice(ofArticle id: Int64) throws(NarrateError) -> String? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT voice FROM article WHERE id = ?", arguments: [id]) else {
                throw NarrateError.noSuchArticle(id: id)
            }
            return row["voice"]
        }
    }

    /// Sets the voice article `id` keeps (nil: none, its language picks one); its renders stay.
    public func setVoice(ofArticle id: Int64, to voice: String?) throws(NarrateError) {
        try write { db in
            try db.execute(sql: "UPDATE article SET voice = ? WHERE id = ?", arguments: [voice, id])
            if db.changesCount == 0 { throw NarrateError.noSuchArticle(id: id) }
        }
    }

    /// Removes the articles with `ids` and everything that belongs to them (sentences,
    /// renders and their timings, listening positions) in one transaction: all of them or,
    /// if one id is unknown, none. After it commits, the audio files in the library's own
    /// folder are deleted unless `keepAudio`; files the user named (`-o`) are never deleted.
    public func remove(ids: [Int64], keepAudio: Bool = false) throws(NarrateError) -> Removal {
        let (articles, renders) = try write { db in
            var removed: [ArticleSummary] = []
            var renders: [(path: String, owned: Bool)] = []
            for id in ids where !removed.contains(where: { $0.id == id }) {
                guard
                    let row = try Row.fetchOne(
                        db,
                        sql: """
                            SELECT \(Self.summaryColumns)
                            FROM article LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id WHERE id = ?
                            """,
                        arguments: [id]
                    )
                else {
                    throw NarrateError.noSuchArticle(id: id)
                }
                removed.append(Self.summary(row))
                for render in try Row.fetchAll(db, sql: "SELECT path, ownedByLibrary FROM render WHERE articleId = ?", arguments: [id]) {
                    renders.append((render["path"], render["ownedByLibrary"]))
                }
                try db.execute(sql: "DELETE FROM articleSearch WHERE rowid = ?", arguments: [id])
                try db.execute(sql: "DELETE FROM article WHERE id = ?", arguments: [id])
            }
            // A file another article's render still names stays.
            var stillUsed = Set<String>()
            for render in renders where try Bool.fetchOne(db, sql: "SELECT 1 FROM render WHERE path = ?", arguments: [render.path]) != nil {
                stillUsed.insert(render.path)
            }
            return (removed, renders.filter { !stillUsed.contains($0.path) })
        }
        var removal = Removal(articles: articles, deletedAudio: [], keptAudio: [], failedDeletions: [])
        let ownFolder = location.audioDirectory + "/"
        for (path, owned) in renders {
            guard owned, !keepAudio, path.hasPrefix(ownFolder), !path.dropFirst(ownFolder.count).contains("/..") else {
                if !removal.keptAudio.contains(path) { removal.keptAudio.append(path) }
                continue
            }
            guard !removal.deletedAudio.contains(path) else { continue }
            if unlink(path) == 0 || errno == ENOENT {
                removal.deletedAudio.append(path)
            } else {
                removal.failedDeletions.append("\(path): \(String(cString: strerror(errno)).lowercased())")
            }
        }
        return removal
    }

    // MARK: Checking

    /// The writer's `PRAGMA synchronous` level (2 is FULL: every commit reaches the disk).
    public func writeDurability() throws(NarrateError) -> Int {
        do {
            return try pool.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 }
        } catch {
            throw .libraryUnavailable(path: location.databasePath, reason: Self.describe(error, at: location.databasePath))
        }
    }

    /// What SQLite's `PRAGMA integrity_check` finds wrong with the database file; empty when
    /// it is sound.
    public func integrityProblems() throws(NarrateError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
        }
    }

    // MARK: Helpers

    func read<T>(_ body: (Database) throws -> T) throws(NarrateError) -> T {
        do {
            return try pool.read(body)
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .libraryUnavailable(path: location.databasePath, reason: Self.describe(error, at: location.databasePath))
        }
    }

    /// Runs `body`, which executes one statement, outside a transaction: SQLite reads one
    /// statement from one snapshot anyway, and it saves a BEGIN and a COMMIT.
    func readOneStatement<T>(_ body: (Database) throws -> T) throws(NarrateError) -> T {
        do {
            return try pool.unsafeRead(body)
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .libraryUnavailable(path: location.databasePath, reason: Self.describe(error, at: location.databasePath))
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(NarrateError) -> T {
        do {
            return try pool.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .libraryUnavailable(path: location.databasePath, reason: Self.describe(error, at: location.databasePath))
        }
    }

    /// A summary from a row of `summaryColumns`, in that order (read by index: listing
    /// 100,000 rows is mostly this).
    static func summary(_ row: Row) -> ArticleSummary {
        ArticleSummary(
            id: row[0], title: row[1], language: row[2], savedAt: row[3], wordCount: row[4], listeningSeconds: row[5],
            tags: splitTags(row[6]), sentenceCount: row[7], position: row[8], finished: (row[9] as Int?) == 1, site: row[10],
            audioSeconds: row[11], audioSecondsAtPosition: row[12]
        )
    }

    /// Tags as `article.tags` keeps them: sorted, joined by U+001F.
    private static func joinedTags(_ tags: [String]) -> String {
        tags.joined(separator: "\u{1F}")
    }

    private static func splitTags(_ joined: String?) -> [String] {
        guard let joined, !joined.isEmpty else { return [] }
        return joined.split(separator: "\u{1F}").map(String.init)
    }

    /// Tags are lower-cased and trimmed, so "News" and "news " are one tag.
    static func normalizedTag(_ tag: String) -> String {
        tag.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// SHA-256 of the text with white space runs made one space and the ends trimmed, in
    /// lower-case hex: the same article saved twice, reflowed or not, is found.
    static func contentHash(of text: String) -> String {
        ContentHash.of(text)
    }

    static func now() -> String {
        Date().formatted(Date.ISO8601FormatStyle())
    }

    /// Refuses a file that exists but is not an SQLite database, before SQLite touches it.
    private static func checkExistingFile(at path: String) throws(NarrateError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw .libraryUnavailable(path: path, reason: "is a directory; give the path of a library file")
        }
        guard status.st_size > 0 else { return }
        guard let file = fopen(path, "rb") else {
            throw .libraryUnavailable(path: path, reason: String(cString: strerror(errno)).lowercased())
        }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = fread(&header, 1, 16, file)
        if count < 16 || Array("SQLite format 3\0".utf8) != header {
            throw .notALibrary(path: path)
        }
    }

    private static func createParentDirectory(of path: String) throws(NarrateError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .libraryUnavailable(path: path, reason: "cannot create its folder \(directory)")
        }
    }

    /// Whether `error` is what waiting on another process opening the same library looks like.
    private static func isRace(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// Whether the file system holding `path` has (almost) no room left.
    private static func isDiskFull(at path: String) -> Bool {
        var status = statvfs()
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        guard statvfs(folder.isEmpty ? "/" : folder, &status) == 0 else { return false }
        return UInt64(status.f_bavail) * UInt64(status.f_frsize) < 64 * 1024
    }

    private static func describe(_ error: any Error, at path: String) -> String {
        if let error = error as? DatabaseError {
            // SQLite says SQLITE_IOERR, not SQLITE_FULL, when the disk fills while it grows its
            // write-ahead log or shared memory file; the free space tells the two apart.
            if error.resultCode == .SQLITE_FULL || (error.resultCode == .SQLITE_IOERR && Self.isDiskFull(at: path)) {
                return "the disk is full; nothing was changed (free some space and try again)"
            }
            switch error.resultCode {
            case .SQLITE_READONLY: return "the library is read-only; check the file's permissions"
            case .SQLITE_CANTOPEN: return "cannot open the file; check the path and permissions"
            case .SQLITE_NOTADB: return "not an SQLite database (left untouched)"
            case .SQLITE_CORRUPT: return "the database is corrupt"
            case .SQLITE_BUSY: return "another narrate is holding the library; try again"
            case .SQLITE_IOERR: return "an I/O error (\(error.message ?? "disk I/O error")); nothing was changed; check the disk"
            default: return error.message ?? "\(error.resultCode)"
            }
        }
        return "\(error)"
    }
}
