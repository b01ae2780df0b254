import NarrateAudio
public import NarrateCore
import NarrateImport
public import NarrateLibrary

/// Which articles a podcast feed holds: the whole library, one tag, the unfinished ones or
/// a saved search; in which format; and how many of the newest at most.
public struct FeedSelection: Sendable, Hashable {
    /// The articles.
    public enum Articles: Sendable, Hashable {
        /// Every article.
        case library
        /// The articles with a tag.
        case tag(String)
        /// The articles not heard to the end.
        case unfinished
        /// The articles a full-text search finds.
        case search(String)
        /// One book (an article with chapters), each of its chapters an episode.
        case book(Int64)
    }

    /// The articles.
    public var articles: Articles
    /// The episodes' audio format.
    public var format: EpisodeFormat
    /// At most this many of the newest; nil: all.
    public var limit: Int?

    /// The most a search feed holds (a search reads every hit).
    public static let searchLimit = 1_000

    /// A selection.
    public init(articles: Articles = .library, format: EpisodeFormat = .mp3, limit: Int? = nil) {
        self.articles = articles
        self.format = format
        self.limit = limit
    }

    /// The selection as one line of text (kept with the feeds podcast apps follow).
    public var key: String {
        let articles =
            switch articles {
            case .library: "library"
            case .tag(let tag): "tag:" + tag
            case .unfinished: "unfinished"
            case .search(let query): "search:" + query
            case .book(let id): "book:\(id)"
            }
        return "\(format.rawValue)|\(limit.map(String.init) ?? "")|\(articles)"
    }

    /// The selection written as `key`; nil when it is not one.
    public init?(key: String) {
        let parts = key.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let format = try? EpisodeFormat(named: String(parts[0])) else { return nil }
        let limit = parts[1].isEmpty ? nil : Int(parts[1])
        guard parts[1].isEmpty || limit != nil else { return nil }
        let articles = parts[2]
        let parsed: Articles
        if articles == "library" {
            parsed = .library
        } else if articles == "unfinished" {
            parsed = .unfinished
        } else if articles.hasPrefix("tag:") {
            parsed = .tag(String(articles.dropFirst(4)))
        } else if articles.hasPrefix("search:") {
            parsed = .search(String(articles.dropFirst(7)))
        } else if articles.hasPrefix("book:"), let id = Int64(articles.dropFirst(5)) {
            parsed = .book(id)
        } else {
            return nil
        }
        self.init(articles: parsed, format: format, limit: limit)
    }

    /// What the feed is called after the podcast's own title: "" for the library, ": news"
    /// for a tag.
    public var titleSuffix: String {
        switch articles {
        case .library: ""
        case .tag(let tag): ": \(tag)"
        case .unfinished: ": unfinished"
        case .search(let query): ": “\(query)”"
        case .book: ""
        }
    }

    /// The feeds a listener is offered, in MP3: the library's, the unfinished articles', and
    /// one a tag of `tags`.
    public static func offered(tags: [String]) -> [FeedSelection] {
        [FeedSelection(), FeedSelection(articles: .unfinished)] + tags.map { FeedSelection(articles: .tag($0)) }
    }

    /// What a page calls the feed: "Every article", "Tag: news".
    public var shownTitle: String {
        switch articles {
        case .library: "Every article"
        case .unfinished: "Not heard to the end"
        case .tag(let tag): "Tag: \(tag)"
        case .search(let query): "Search: \(query)"
        case .book(let id): "Book \(id), a chapter an episode"
        }
    }

    /// Whether it is a book's feed (one episode a chapter).
    public var isBook: Bool {
        if case .book = articles { true } else { false }
    }

    /// Whether an article is heard to the end changes what the feed holds.
    public var dependsOnProgress: Bool { articles == .unfinished }

    /// The part of the library's change stamp the feed depends on: a change elsewhere leaves
    /// the feed as it was (its ETag, and a podcast app's copy, stay valid).
    public func relevantStamp(_ stamp: LibraryChangeStamp) -> LibraryChangeStamp {
        LibraryChangeStamp(library: stamp.library, progress: dependsOnProgress ? stamp.progress : 0)
    }

    /// The feed's episodes: the selected articles that have audio in the format, newest first.
    public func episodes(in library: ArticleLibrary) throws(NarrateError) -> [EpisodeRecord] {
        let filter = try filter(in: library)
        return try library.renders.episodes(
            format: format.audioFormat.rawValue, tag: filter.tag, progress: filter.progress, ids: filter.ids, limit: limit
        )
    }

    /// The selected articles without audio in the format yet, newest first.
    public func articlesWithoutAudio(in library: ArticleLibrary) throws(NarrateError) -> [Int64] {
        let filter = try filter(in: library)
        return try library.renders.articlesWithoutRender(
            format: format.audioFormat.rawValue, tag: filter.tag, progress: filter.progress, ids: filter.ids, limit: limit
        )
    }

    /// The library's filters for the selected articles.
    private func filter(in library: ArticleLibrary) throws(NarrateError) -> (tag: String?, progress: ProgressFilter?, ids: [Int64]?) {
        switch articles {
        case .library: (nil, nil, nil)
        case .tag(let tag): (tag, nil, nil)
        case .unfinished: (nil, .unfinished, nil)
        case .search(let query): (nil, nil, try searchIds(query, in: library))
        case .book(let id): (nil, nil, [id])
        }
    }

    private func searchIds(_ query: String, in library: ArticleLibrary) throws(NarrateError) -> [Int64] {
        try library.articles.search(query, limit: Self.searchLimit, guess: QueryLanguages.guess).map(\.id)
    }
}
