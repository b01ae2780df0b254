internal import GRDB

/// An article as a list shows it: a row of `article` with its listening position and the
/// length of its newest render, read by index (listening 100,000 rows is mostly this).
struct ArticleSummaryRow: FetchableRecord {
    var summary: ArticleSummary

    /// The columns read, in order, over `article LEFT JOIN listeningPosition`. The last two
    /// are the newest render's length and where in it the listener's sentence starts, so that
    /// time left is the audio's once there is audio.
    static let columns = """
        id, title, language, savedAt, wordCount, listeningSeconds, tags, sentenceCount,
            listeningPosition.sentence, listeningPosition.finished, site, article.archivedAt,
            (SELECT sampleCount * 1.0 / sampleRate FROM render WHERE articleId = article.id ORDER BY id DESC LIMIT 1),
            (SELECT renderSentence.startSample * 1.0 / render.sampleRate
                FROM render JOIN renderSentence ON renderSentence.renderId = render.id
                WHERE render.id = (SELECT max(id) FROM render WHERE articleId = article.id)
                    AND renderSentence.position = listeningPosition.sentence)
        """

    /// The tables `columns` reads from.
    static let source = "article LEFT JOIN listeningPosition ON listeningPosition.articleId = article.id"

    init(row: Row) {
        summary = ArticleSummary(
            id: row[0], title: row[1], language: row[2], savedAt: row[3], wordCount: row[4], listeningSeconds: row[5],
            tags: ArticleRow.split(row[6]), sentenceCount: row[7], position: row[8], finished: (row[9] as Int?) == 1, site: row[10],
            archivedAt: row[11], audioSeconds: row[12], audioSecondsAtPosition: row[13]
        )
    }
}
