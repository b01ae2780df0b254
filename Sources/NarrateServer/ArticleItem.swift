import NarrateLibrary

/// One article in the library list: what a listener picks it by, and how far they are.
struct ArticleItem: Encodable, Sendable {
    var summary: ArticleSummary
    /// The search match around the query, in search results only.
    var snippet: String?

    private enum Keys: String, CodingKey {
        case id, title, site, language, savedAt, wordCount, sentenceCount, listeningSeconds, secondsLeft, progress, position
        case finished, tags, snippet
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(summary.id, forKey: .id)
        try container.encode(summary.title, forKey: .title)
        try container.encode(summary.site, forKey: .site)
        try container.encode(summary.language, forKey: .language)
        try container.encode(summary.savedAt, forKey: .savedAt)
        try container.encode(summary.wordCount, forKey: .wordCount)
        try container.encode(summary.sentenceCount, forKey: .sentenceCount)
        try container.encode(summary.listeningSeconds, forKey: .listeningSeconds)
        try container.encode(summary.secondsLeft, forKey: .secondsLeft)
        try container.encode(summary.progress, forKey: .progress)
        try container.encode(summary.position, forKey: .position)
        try container.encode(summary.finished, forKey: .finished)
        try container.encode(summary.tags, forKey: .tags)
        try container.encodeIfPresent(snippet, forKey: .snippet)
    }
}
