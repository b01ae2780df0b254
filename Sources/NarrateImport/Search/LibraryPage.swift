import Foundation
public import NarrateCore
public import NarrateLibrary

/// One page of the library (or the archive) as a front end lists it: filtered by tag, language and progress,
/// and either sorted or, for a query, searched (ranked, each article with the snippet that
/// shows why it matched, the query read in the languages it could be in).
public struct LibraryPage: Sendable {
    /// One article listed.
    public struct Item: Sendable {
        /// As `list` summarises it.
        public var summary: ArticleSummary
        /// For a search, the text around what matched, the matched forms marked.
        public var snippet: String?
    }

    /// How many articles the filters (and the query) keep, on every page.
    public var total: Int
    /// This page's articles.
    public var articles: [Item]

    /// The page of `library` at `offset`, at most `limit` articles on `shelf`: those `query`
    /// finds (none, or only blanks: all of them in `order`), then filtered, in one snapshot of
    /// the library.
    public static func load(
        from library: ArticleLibrary, query: String?, tag: String?, language: String?, progress: ProgressFilter?,
        shelf: Shelf = .library, order: ArticleSort, limit: Int, offset: Int
    ) throws(NarrateError) -> LibraryPage {
        guard let query = query?.trimmingCharacters(in: .whitespaces), !query.isEmpty else {
            let total = try library.articles.count(tag: tag, language: language, progress: progress, shelf: shelf)
            let summaries = try library.articles.list(
                tag: tag, language: language, progress: progress, shelf: shelf, order: order, limit: limit, offset: offset)
            return LibraryPage(total: total, articles: summaries.map { Item(summary: $0, snippet: nil) })
        }
        // Snippets made for this page's hits alone: a search of many hits shows a few.
        let found = try library.articles.searchSummaries(
            query, tag: tag, language: language, progress: progress, shelf: shelf, guess: QueryLanguages.guess,
            snippets: offset..<(offset + limit)
        )
        return LibraryPage(
            total: found.count, articles: found.dropFirst(offset).prefix(limit).map { Item(summary: $0.summary, snippet: $0.snippet) }
        )
    }
}
