import Foundation
internal import GRDB
public import NarrateCore
import NarrateSearch
import NarrateSystem

/// The library's articles: adding, listing, reading, tagging and removing them, each in one
/// transaction. (Searching them is in `ArticleStore+Search.swift`.)
public final class ArticleStore: Sendable {
    let database: LibraryDatabase
    /// The library's own audio folder: files in it that a removed article's renders named
    /// are deleted with it.
    let audioDirectory: String

    init(database: LibraryDatabase, audioDirectory: String) {
        self.database = database
        self.audioDirectory = audioDirectory
    }

    // MARK: Adding

    /// Adds `article`, or reports the article with the same content already there; `record`
    /// (a read-later link, a feed's item) is written in the same transaction, so a process
    /// killed meanwhile leaves both or neither.
    ///
    /// A long article (a book) is stored and indexed in parts (`ContentParts`): its text is
    /// hashed a block at a time and each part's JSON and text made on its own, so none of
    /// them is ever made for the whole book.
    public func add(_ article: NewArticle, recording record: ImportRecord? = nil) throws(NarrateError) -> AddOutcome {
        if let chapters = article.chapters { return try add(article, chapters: chapters, recording: record) }
        let blocks = article.document.blocks
        // A long article (a book) in parts: the JSON and the text of one part at a time.
        let parts = ContentParts.ranges(of: blocks)
        var hash = ContentHash.Blocks()
        for block in blocks { hash.add(block.text) }
        let contentHash = hash.finish()
        var head = article.document
        if parts.count > 1 { head.blocks = [] }
        let document = try json(head)
        return try database.write { db in
            if let outcome = try existing(db, contentHash: contentHash) {
                try record?.write(db, outcome: outcome, sentenceCount: article.sentences.count)
                return outcome
            }
            let id = try insert(
                article, db: db, contentHash: contentHash, wordCount: article.wordCount, sentenceCount: article.sentences.count,
                excerpt: article.document.summaryExcerpt())
            // A long original (a book's chapters' markup) in parts too, each bound where it lies.
            let originalParts = ContentParts.originalParts(of: article.original.count)
            try ArticleContentRow(articleId: id, original: originalParts.count > 1 ? Data() : Data(article.original), document: document)
                .insert(db)
            if originalParts.count > 1 {
                try article.original.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    for (number, range) in originalParts.enumerated() {
                        let part = Data(
                            bytesNoCopy: UnsafeMutableRawPointer(mutating: base + range.lowerBound), count: range.count, deallocator: .none)
                        try Self.insertOriginalPart(part, number: number, articleId: id, db: db)
                    }
                }
            }
            try Self.insertSentences(article.sentences, from: 0, articleId: id, db: db)
            var index = ArticleIndexWriter(
                id: id, title: article.title, byline: article.byline, language: article.language?.lowercased(), db: db)
            for (number, range) in parts.enumerated() {
                try insertContentPart(blocks[range], number: parts.count > 1 ? number : nil, articleId: id, index: &index, db: db)
            }
            try index.finish()
            let outcome = AddOutcome.added(id: id, title: article.title)
            try record?.write(db, outcome: outcome, sentenceCount: article.sentences.count)
            return outcome
        }
    }

    /// `value` as JSON text, as the library stores documents and blocks.
    func json(_ value: some Encodable) throws(NarrateError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        } catch {
            throw NarrateError(LibraryError.unavailable(path: database.path, reason: "cannot store the document: \(error)"))
        }
    }

    /// The article already in the library with the content hashed as `contentHash`.
    func existing(_ db: Database, contentHash: String) throws -> AddOutcome? {
        guard let existing = try ArticleRow.filter(ArticleRow.Columns.contentHash == contentHash).fetchOne(db), let id = existing.id
        else { return nil }
        return .exists(id: id, title: existing.title)
    }

    /// Inserts `article`'s row, its cover and its tags; its id.
    func insert(
        _ article: NewArticle, db: Database, contentHash: String, wordCount words: Int, sentenceCount: Int, excerpt: String?
    ) throws -> Int64 {
        let tags = Set(article.tags.map(ArticleTagRow.normalized)).filter { !$0.isEmpty }.sorted()
        var row = ArticleRow(
            title: article.title, byline: article.byline, site: article.site, sourceURL: article.sourceURL,
            sourcePath: article.sourcePath, language: article.language?.lowercased(), voice: article.voice,
            publishedAt: article.publishedAt, savedAt: article.savedAt ?? LibraryDatabase.timestamp(),
            sourceFormat: article.document.format.rawValue, contentHash: contentHash, wordCount: words,
            listeningSeconds: Double(words) / ArticleLibrary.listeningRate * 60, tags: ArticleRow.joined(tags),
            sentenceCount: sentenceCount, excerpt: excerpt
        )
        try row.insert(db)
        let id = db.lastInsertedRowID
        if let cover = article.cover {
            try db.execute(sql: "INSERT INTO articleCover (articleId, image) VALUES (?, ?)", arguments: [id, Data(cover)])
        }
        for tag in tags {
            try ArticleTagRow(articleId: id, tag: tag).insert(db)
        }
        return id
    }

    /// Inserts `sentences`, the first of them the article's sentence at `position`.
    static func insertSentences(_ sentences: [SentencePlace], from position: Int, articleId id: Int64, db: Database) throws {
        try SentenceRow.insertAll(
            sentences.enumerated().lazy.map { offset, sentence in
                SentenceRow(
                    articleId: id,
                    sentence: StoredSentence(
                        position: position + offset, blockIndex: sentence.blockIndex, textRange: sentence.textRange,
                        sourceRange: sentence.sourceRange))
            },
            db: db
        )
    }

    /// Inserts part `number` of a long article's original.
    static func insertOriginalPart(_ part: Data, number: Int, articleId id: Int64, db: Database) throws {
        try db.execute(sql: "INSERT INTO articleOriginalPart (articleId, part, bytes) VALUES (?, ?, ?)", arguments: [id, number, part])
    }

    /// Indexes `blocks` for search, and stores them as part `number` of a long article's
    /// document (nil: an article of one part, whose blocks its document holds).
    func insertContentPart(
        _ blocks: ArraySlice<Block>, number: Int?, articleId id: Int64, index: inout ArticleIndexWriter, db: Database
    ) throws {
        if let number {
            try db.execute(
                sql: "INSERT INTO articleContentPart (articleId, part, blocks) VALUES (?, ?, ?)",
                arguments: [id, number, try json(Array(blocks))])
        }
        for passage in SearchIndex.passages(of: ContentParts.text(of: blocks)) {
            try index.add(passage: passage)
        }
    }

    // MARK: Reading

    /// The articles, optionally only those with `tag`, in `language`, heard so far or on
    /// `shelf` (nil: both the library and the archive), in `order`; the first `limit` of them
    /// after the first `offset` when a limit is given.
    public func list(
        tag: String? = nil, language: String? = nil, progress: ProgressFilter? = nil, shelf: Shelf? = nil,
        order: ArticleSort = .saved, limit: Int? = nil, offset: Int = 0
    ) throws(NarrateError) -> [ArticleSummary] {
        let (filter, arguments) = ArticleFilter(tag: tag, language: language, progress: progress, shelf: shelf).whereClause
        let limitClause = limit.map { " LIMIT \(max(0, $0)) OFFSET \(max(0, offset))" } ?? ""
        let orderBy =
            switch order {
            case .saved: "savedAt DESC, id DESC"
            case .title: "title COLLATE NOCASE, id"
            case .length: "wordCount, id"
            }
        return try database.read { db in
            var summaries: [ArticleSummary] = []
            let rows = try ArticleSummaryRow.fetchCursor(
                db,
                sql: """
                    SELECT \(ArticleSummaryRow.columns) FROM \(ArticleSummaryRow.source)
                    \(filter) ORDER BY \(orderBy)\(limitClause)
                    """,
                arguments: arguments
            )
            while let row = try rows.next() { summaries.append(row.summary) }
            return summaries
        }
    }

    /// How many articles `list` would give without a limit.
    public func count(
        tag: String? = nil, language: String? = nil, progress: ProgressFilter? = nil, shelf: Shelf? = nil
    ) throws(NarrateError) -> Int {
        if let tag, language == nil, progress == nil, shelf == nil {
            return try database.read { db in
                try ArticleTagRow.filter(ArticleTagRow.Columns.tag == ArticleTagRow.normalized(tag)).fetchCount(db)
            }
        }
        if shelf == .library, tag == nil, language == nil, progress == nil {
            // All but the archived: SQLite counts a whole table without visiting its rows, and
            // the archived through their index; the library's own count visits 100,000
            // entries of it (1.7 ms at 100,000 articles, 0.1 ms so while a tenth is archived).
            return try database.read { db in
                try Int.fetchOne(
                    db, sql: "SELECT (SELECT count(*) FROM article) - (SELECT count(*) FROM article WHERE archivedAt IS NOT NULL)") ?? 0
            }
        }
        let (filter, arguments) = ArticleFilter(tag: tag, language: language, progress: progress, shelf: shelf).whereClause
        // Joined with the positions only when progress is asked about: SQLite does not leave
        // the join out of a count, which then probed it once an article (6 ms at 100,000).
        let positions = progress == nil ? "" : "LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id"
        return try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM article \(positions) \(filter)", arguments: arguments) ?? 0
        }
    }

    /// The tags and languages of the articles on `shelf` (nil: all of them), each with its
    /// count, counted by the database in one snapshot (no article is read).
    public func facets(shelf: Shelf? = nil) throws(NarrateError) -> LibraryFacets {
        // The archived are few beside the library, and found through their index.
        let (tagFilter, languageFilter) =
            switch shelf {
            case nil: ("", "")
            case .library:
                ("WHERE articleId NOT IN (SELECT id FROM article WHERE archivedAt IS NOT NULL)", "AND archivedAt IS NULL")
            case .archive: ("WHERE articleId IN (SELECT id FROM article WHERE archivedAt IS NOT NULL)", "AND archivedAt IS NOT NULL")
            }
        return try database.read { db in
            let count = { (row: Row) in LibraryFacets.Count(value: row[0], articles: row[1]) }
            return LibraryFacets(
                tags: try Row.fetchAll(db, sql: "SELECT tag, count(*) FROM articleTag \(tagFilter) GROUP BY tag ORDER BY tag").map(count),
                languages: try Row.fetchAll(
                    db,
                    sql:
                        "SELECT language, count(*) FROM article WHERE language IS NOT NULL \(languageFilter) GROUP BY language ORDER BY language"
                ).map(count)
            )
        }
    }

    /// Whether the library has an article with `id`.
    public func contains(articleId id: Int64) throws(NarrateError) -> Bool {
        try database.read { db in try ArticleRow.exists(db, key: id) }
    }

    /// The summary of the article with `id`, as `list` gives it, without its content.
    public func summary(id: Int64) throws(NarrateError) -> ArticleSummary {
        try database.read { db in try Self.summary(id: id, db: db) }
    }

    /// The summary of the article with `id` in `db`; `.noSuchArticle` when there is none.
    static func summary(id: Int64, db: Database) throws -> ArticleSummary {
        guard
            let row = try ArticleSummaryRow.fetchOne(
                db, sql: "SELECT \(ArticleSummaryRow.columns) FROM \(ArticleSummaryRow.source) WHERE article.id = ?", arguments: [id])
        else {
            throw NarrateError(LibraryError.noSuchArticle(id: id))
        }
        return row.summary
    }

    /// The cover image (JPEG or PNG) kept with book `id`; nil when it came with none.
    public func cover(ofArticle id: Int64) throws(NarrateError) -> [UInt8]? {
        try database.read { db in
            try Data.fetchOne(db, sql: "SELECT image FROM articleCover WHERE articleId = ?", arguments: [id]).map { [UInt8]($0) }
        }
    }

    /// The article with `id`, content included.
    public func article(id: Int64) throws(NarrateError) -> StoredArticle {
        try database.read { db in
            guard let article = try ArticleRow.fetchOne(db, key: id), let content = try ArticleContentRow.fetchOne(db, key: id) else {
                throw NarrateError(LibraryError.noSuchArticle(id: id))
            }
            let position = try PositionRow.fetchOne(db, key: id)
            let decoder = JSONDecoder()
            var document = try decoder.decode(Document.self, from: Data(content.document.utf8))
            // A long article's blocks, a part at a time.
            let parts = try String.fetchCursor(
                db, sql: "SELECT blocks FROM articleContentPart WHERE articleId = ? ORDER BY part", arguments: [id])
            while let part = try parts.next() {
                document.blocks += try decoder.decode([Block].self, from: Data(part.utf8))
            }
            var original = Array(content.original)
            let originalParts = try Data.fetchCursor(
                db, sql: "SELECT bytes FROM articleOriginalPart WHERE articleId = ? ORDER BY part", arguments: [id])
            while let part = try originalParts.next() { original += part }
            return StoredArticle(
                summary: ArticleSummary(
                    id: id, title: article.title, language: article.language, savedAt: article.savedAt,
                    wordCount: article.wordCount, listeningSeconds: article.listeningSeconds, tags: ArticleRow.split(article.tags),
                    sentenceCount: article.sentenceCount, position: position?.sentence, finished: position?.finished ?? false,
                    site: article.site, archivedAt: article.archivedAt
                ),
                byline: article.byline, site: article.site, sourceURL: article.sourceURL, sourcePath: article.sourcePath,
                publishedAt: article.publishedAt, voice: article.voice, contentHash: article.contentHash,
                original: original, document: document
            )
        }
    }

    /// The sentences of article `id`, in order, as segmented when it was added.
    public func sentences(ofArticle id: Int64) throws(NarrateError) -> [StoredSentence] {
        try database.read { db in
            guard try ArticleRow.exists(db, key: id) else { throw NarrateError(LibraryError.noSuchArticle(id: id)) }
            return try SentenceRow.filter(SentenceRow.Columns.articleId == id).order(SentenceRow.Columns.position)
                .fetchAll(db).map(\.sentence)
        }
    }

    /// The voice article `id` keeps (nil: none, its language picks one), read without its content.
    public func voice(ofArticle id: Int64) throws(NarrateError) -> String? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, ArticleRow.select(ArticleRow.Columns.voice).filter(key: id)) else {
                throw NarrateError(LibraryError.noSuchArticle(id: id))
            }
            return row[0]
        }
    }

    /// The first article (the oldest) saved from `url`; nil when none was.
    public func article(sourceURL url: String) throws(NarrateError) -> Int64? {
        try database.read { db in
            try Int64.fetchOne(
                db, ArticleRow.select(ArticleRow.Columns.id).filter(ArticleRow.Columns.sourceURL == url).order(ArticleRow.Columns.id)
            )
        }
    }

    /// Which of `urls` an article of the library was saved from.
    public func sourceURLs(among urls: [String]) throws(NarrateError) -> Set<String> {
        guard !urls.isEmpty else { return [] }
        return try database.read { db in
            var found = Set<String>()
            // A few hundred at a time: SQLite limits the arguments of one statement.
            for start in stride(from: 0, to: urls.count, by: 500) {
                let chunk = Array(urls[start..<min(start + 500, urls.count)])
                let request = ArticleRow.select(ArticleRow.Columns.sourceURL).filter(chunk.contains(ArticleRow.Columns.sourceURL))
                found.formUnion(try String.fetchAll(db, request))
            }
            return found
        }
    }

    // MARK: Changing

    /// Adds and removes tags of article `id`; returns its tags afterwards.
    public func retag(id: Int64, adding: [String], removing: [String]) throws(NarrateError) -> [String] {
        try database.write { db in try Self.retag(db, id: id, adding: adding, removing: removing) }
    }

    /// `retag` in `db`'s transaction.
    static func retag(_ db: Database, id: Int64, adding: [String], removing: [String]) throws -> [String] {
        guard var article = try ArticleRow.fetchOne(db, key: id) else { throw NarrateError(LibraryError.noSuchArticle(id: id)) }
        for tag in removing.map(ArticleTagRow.normalized) {
            try ArticleTagRow.deleteOne(db, key: ["articleId": id, "tag": tag])
        }
        for tag in adding.map(ArticleTagRow.normalized) where !tag.isEmpty {
            try ArticleTagRow(articleId: id, tag: tag).insert(db, onConflict: .ignore)
        }
        let tags = try String.fetchAll(
            db,
            ArticleTagRow.select(ArticleTagRow.Columns.tag).filter(ArticleTagRow.Columns.articleId == id).order(
                ArticleTagRow.Columns.tag)
        )
        article.tags = ArticleRow.joined(tags)
        try article.update(db, columns: [ArticleRow.Columns.tags])
        return tags
    }

    /// Sets the voice article `id` keeps (nil: none, its language picks one); its renders stay.
    public func setVoice(ofArticle id: Int64, to voice: String?) throws(NarrateError) {
        try database.write { db in
            let changed = try ArticleRow.filter(key: id).updateAll(db, ArticleRow.Columns.voice.set(to: voice))
            if changed == 0 { throw NarrateError(LibraryError.noSuchArticle(id: id)) }
        }
    }

    /// Puts the articles with `ids` on `shelf`, in one transaction: all of them or, if one id
    /// is unknown, none. An article archived leaves the up-next queue (the queue is of the
    /// library's articles) and keeps its audio, position and tags; one already there stays
    /// as it is (its archive date too). The ids moved, in the order given.
    @discardableResult
    public func shelve(ids: [Int64], on shelf: Shelf) throws(NarrateError) -> [Int64] {
        try database.write { db in try Self.shelve(ids: ids, on: shelf, db) }
    }

    /// `shelve` in `db`'s transaction.
    static func shelve(ids: [Int64], on shelf: Shelf, _ db: Database) throws -> [Int64] {
        var moved: [Int64] = []
        let archivedAt: String? = shelf == .archive ? LibraryDatabase.timestamp() : nil
        for id in ids {
            guard let row = try ArticleRow.fetchOne(db, key: id) else { throw NarrateError(LibraryError.noSuchArticle(id: id)) }
            guard (row.archivedAt == nil) != (shelf == .library), !moved.contains(id) else { continue }
            try ArticleRow.filter(key: id).updateAll(db, ArticleRow.Columns.archivedAt.set(to: archivedAt))
            if shelf == .archive { try db.execute(sql: "DELETE FROM upNext WHERE articleId = ?", arguments: [id]) }
            moved.append(id)
        }
        return moved
    }

    /// Removes the articles with `ids` and everything that belongs to them (sentences,
    /// renders and their timings, listening positions) in one transaction: all of them or,
    /// if one id is unknown, none. After it commits, the audio files in the library's own
    /// folder are deleted unless `keepAudio`; files the user named (`-o`) are never deleted.
    public func remove(ids: [Int64], keepAudio: Bool = false) throws(NarrateError) -> Removal {
        let (articles, renders) = try database.write { db in
            var removed: [ArticleSummary] = []
            var renders: [RenderRow] = []
            for id in ids where !removed.contains(where: { $0.id == id }) {
                removed.append(try Self.summary(id: id, db: db))
                renders += try RenderRow.filter(RenderRow.Columns.articleId == id).fetchAll(db)
                // Each row by its id: FTS5 finds a row by id, not by a list of them.
                let passages = try Int64.fetchAll(db, sql: "SELECT rowid FROM articleSearchPart WHERE article = ?", arguments: [id])
                for row in [id] + passages {
                    try db.execute(sql: "DELETE FROM articleSearch WHERE rowid = ?", arguments: [row])
                }
                try ArticleRow.deleteOne(db, key: id)
            }
            // A file another article's render still names stays.
            var stillUsed = Set<String>()
            for render in renders where try RenderRow.filter(RenderRow.Columns.path == render.path).isEmpty(db) == false {
                stillUsed.insert(render.path)
            }
            return (removed, renders.filter { !stillUsed.contains($0.path) })
        }
        var removal = Removal(articles: articles, deletedAudio: [], keptAudio: [], failedDeletions: [])
        let ownFolder = audioDirectory + "/"
        for render in renders {
            let path = render.path
            guard render.ownedByLibrary, !keepAudio, path.hasPrefix(ownFolder), !path.dropFirst(ownFolder.count).contains("/..") else {
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
        // What a removed book kept beside its renders: chapters a stopped render kept, and the
        // chapters cut for its own feed (folders named by the article: .chapters-ID-…, .book-ID-…).
        if !keepAudio {
            let ids = Set(articles.map(\.id))
            for name in DirectoryEntries.names(audioDirectory) {
                let parts = name.split(separator: "-")
                guard parts.count >= 2, [".chapters", ".book"].contains(String(parts[0])), let id = Int64(parts[1]), ids.contains(id)
                else { continue }
                try? FileManager.default.removeItem(atPath: audioDirectory + "/" + name)
            }
        }
        return removal
    }
}
