import Foundation
internal import GRDB
public import NarrateCore

/// What podcast feeds read: articles with their renders in a format, and the ones still
/// without one.
extension RenderStore {
    /// The articles (newest saved first) that have a render of the library's own in `format`,
    /// each with its newest such render; only those with `tag`, in `language`, with
    /// `progress`, or among `ids` when given; the first `limit` when given.
    public func episodes(
        format: String, tag: String? = nil, language: String? = nil, progress: ProgressFilter? = nil, ids: [Int64]? = nil,
        limit: Int? = nil
    ) throws(NarrateError) -> [EpisodeRecord] {
        let (filter, arguments) = ArticleFilter(tag: tag, language: language, progress: progress, ids: ids).whereClause
        let limitClause = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        return try database.read { db in
            var episodes: [EpisodeRecord] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT article.id, title, byline, site, sourceURL, language, savedAt, publishedAt, contentHash, excerpt,
                        render.id, render.settingsHash, render.path, render.format, render.sampleRate, render.sampleCount,
                        render.createdAt
                    FROM article
                    JOIN render ON render.id = (
                        SELECT max(id) FROM render WHERE articleId = article.id AND format = ? AND ownedByLibrary = 1
                    )
                    LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id
                    \(filter) ORDER BY savedAt DESC, article.id DESC\(limitClause)
                    """,
                arguments: [format] + arguments
            )
            while let row = try rows.next() {
                let id: Int64 = row[0]
                episodes.append(
                    EpisodeRecord(
                        articleId: id, title: row[1], byline: row[2], site: row[3], sourceURL: row[4], language: row[5],
                        savedAt: row[6], publishedAt: row[7], contentHash: row[8], excerpt: row[9],
                        render: RenderRecord(
                            id: row[10], articleId: id, settingsHash: row[11], path: row[12], ownedByLibrary: true, format: row[13],
                            sampleRate: row[14], sampleCount: row[15], createdAt: row[16]
                        )
                    ))
            }
            return episodes
        }
    }

    /// The ids of the articles (newest saved first) without a render of the library's own in
    /// `format`, with the same filters as `episodes`; with a `limit`, those among the newest
    /// `limit` articles of the selection (what a feed of that many would lack).
    public func articlesWithoutRender(
        format: String, tag: String? = nil, language: String? = nil, progress: ProgressFilter? = nil, ids: [Int64]? = nil,
        limit: Int? = nil
    ) throws(NarrateError) -> [Int64] {
        let (filter, baseArguments) = ArticleFilter(tag: tag, language: language, progress: progress, ids: ids).whereClause
        var arguments = baseArguments
        let limitClause = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        _ = arguments.append(contentsOf: [format])
        return try database.read { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT id FROM (
                        SELECT article.id, savedAt FROM article LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id
                        \(filter) ORDER BY savedAt DESC, article.id DESC\(limitClause)
                    ) AS selected
                    WHERE NOT EXISTS (SELECT 1 FROM render WHERE articleId = selected.id AND format = ? AND ownedByLibrary = 1)
                    ORDER BY savedAt DESC, id DESC
                    """,
                arguments: arguments
            )
        }
    }

}
