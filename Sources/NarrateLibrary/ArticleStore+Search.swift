import Foundation
internal import GRDB
public import NarrateCore
import NarrateSearch

/// Searching the articles.
extension ArticleStore {
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
        try database.read { db in try Self.searchHits(query, limit: limit, guess: guess, db: db) }
    }

    /// The articles `search` finds for `query`, best first, as `list` summarises them and
    /// filtered as `list` filters: hits and summaries read in one snapshot, so an article
    /// removed meanwhile is simply not there. Only the hits at the places in `snippets` (all
    /// when nil) get a snippet, the others an empty one: a page of a thousand hits shows a few.
    public func searchSummaries(
        _ query: String, limit: Int = 1_000, tag: String? = nil, language: String? = nil, progress: ProgressFilter? = nil,
        shelf: Shelf? = nil, guess: QueryLanguageGuess? = nil, snippets: Range<Int>? = nil
    ) throws(NarrateError) -> [(summary: ArticleSummary, snippet: String)] {
        let (conditions, filterArguments) = ArticleFilter(tag: tag, language: language, progress: progress, shelf: shelf).conditions
        return try database.read { db in
            // Filtered to a language: the query is read in it.
            var reading = guess
            if let language {
                reading = { _, _ in [language] }
            }
            let summary = try db.makeStatement(
                sql: """
                    SELECT \(ArticleSummaryRow.columns) FROM \(ArticleSummaryRow.source)
                    WHERE \((["article.id = ?"] + conditions).joined(separator: " AND "))
                    """
            )
            // The filters are applied as the hits are ranked, so a page's places are the
            // filtered hits' places.
            var summaries: [Int64: ArticleSummary] = [:]
            let hits = try Self.searchHits(query, limit: limit, guess: reading, db: db, snippets: snippets) { id in
                var arguments: StatementArguments = [id]
                _ = arguments.append(contentsOf: filterArguments)
                guard let row = try ArticleSummaryRow.fetchOne(summary, arguments: arguments) else { return false }
                summaries[id] = row.summary
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
        // A passage of a long text: its article (SearchIndex.add), which is a hit once, at
        // its best passage.
        let passageOf = try db.cachedStatement(sql: "SELECT article FROM articleSearchPart WHERE rowid = ?")
        var seen = Set<Int64>()
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
            let searchRow: Int64 = row[0]
            let id: Int64
            if searchRow >= SearchIndex.firstPassageRow {
                guard let article = try Int64.fetchOne(passageOf, arguments: [searchRow]) else { continue }
                id = article
            } else {
                id = searchRow
            }
            guard !seen.contains(id) else { continue }
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
                if own != terms, try Bool.fetchOne(matchesOne, arguments: [own.fts5, searchRow]) != true { continue }
            }
            seen.insert(id)
            guard try keep(id) else { continue }
            var snippet = ""
            if snippets?.contains(hits.count) ?? true {
                let stemmer = language.flatMap(WordStemmer.init(language:))
                snippet = SearchSnippet.make(text: try String.fetchOne(body, arguments: [searchRow]) ?? "", terms: own, stemmer: stemmer)
            }
            hits.append(SearchHit(id: id, title: found["title"], snippet: snippet, rank: row[1]))
        }
        return hits
    }

}
