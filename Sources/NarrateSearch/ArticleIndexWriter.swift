package import GRDB

/// One article's entry in the search index, written a passage at a time: a book is indexed
/// as its parts are stored, and neither its whole text nor its whole list of words is held
/// (each distinct word once, with its stem).
///
/// The first passage takes the row `id`; each later one a row `articleSearchPart` gives the
/// article (from `SearchIndex.firstPassageRow`), with the title and byline again, so a query
/// matches where all its words are in one passage. `finish()` adds the article's long words
/// to the typo vocabulary and its language to the library's.
package struct ArticleIndexWriter {
    private let id: Int64
    private let title: String
    private let byline: String
    private let language: String?
    private let stemmer: WordStemmer?
    private var titleStems = ""
    private let db: Database
    private var passages = 0
    /// Each word met so far, in the order met, and its stem.
    private var distinct: [String] = []
    private var stemOf: [String: String] = [:]

    /// Starts the entry of article `id` in `db`'s index; its text in `language` (nil: not stemmed).
    package init(id: Int64, title: String, byline: String?, language: String?, db: Database) {
        self.id = id
        self.title = title
        self.byline = byline ?? ""
        self.language = language
        self.db = db
        stemmer = language.flatMap(WordStemmer.init(language:))
        titleStems = stemmed(title)
    }

    /// Indexes the next passage of the text (a few hundred kilobytes at most: FTS5 builds a
    /// row's index whole in memory).
    package mutating func add(passage: some StringProtocol) throws {
        var row = id
        if passages > 0 {
            try db.cachedStatement(
                sql: """
                    INSERT INTO articleSearchPart (rowid, article)
                    VALUES ((SELECT coalesce(max(rowid) + 1, \(SearchIndex.firstPassageRow)) FROM articleSearchPart), ?)
                    """
            ).execute(arguments: [id])
            row = db.lastInsertedRowID
        }
        passages += 1
        let stems = stemmed(passage)
        try db.cachedStatement(
            sql: "INSERT INTO articleSearch (rowid, title, byline, body, titleStems, bodyStems) VALUES (?, ?, ?, ?, ?, ?)"
        ).execute(arguments: [row, title, byline, String(passage), titleStems, stems])
    }

    /// Ends the entry: an article without a passage gets an empty one (its title is still
    /// found); its words go into the typo vocabulary and its language among the library's.
    package mutating func finish() throws {
        if passages == 0 { try add(passage: "") }
        if let language {
            try db.execute(sql: "INSERT OR IGNORE INTO searchLanguage (code) VALUES (?)", arguments: [SearchIndex.primaryCode(language)])
        }
        let newWord = try db.cachedStatement(sql: "INSERT OR IGNORE INTO searchWord (word) VALUES (?)")
        let variant = try db.cachedStatement(sql: "INSERT OR IGNORE INTO searchWordVariant (variant, word) VALUES (?, ?)")
        // The words and their stems: a typo is looked for among both.
        var seen = Set<String>()
        let stemsOfWords = stemmer == nil ? [] : Set(stemOf.values).sorted()
        for word in distinct + stemsOfWords where seen.insert(word).inserted {
            guard SearchIndex.isVocabularyWord(word) else { continue }
            try newWord.execute(arguments: [word])
            guard db.changesCount > 0 else { continue }
            for form in SearchIndex.variants(of: word) { try variant.execute(arguments: [form, word]) }
        }
    }

    /// The stems of `text`'s words, joined by spaces; each new word is remembered.
    private mutating func stemmed(_ text: some StringProtocol) -> String {
        var joined = ""
        SearchIndex.forEachWord(in: String(text)) { word in
            let stem: String
            if let known = stemOf[word] {
                stem = known
            } else {
                stem = stemmer?.stem(word) ?? word
                stemOf[word] = stem
                distinct.append(word)
            }
            if !joined.isEmpty { joined.append(" ") }
            joined.append(stem)
        }
        return joined
    }
}
