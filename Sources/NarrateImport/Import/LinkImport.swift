import Foundation
public import NarrateCore
public import NarrateFetch
public import NarrateIngest
public import NarrateLibrary

/// Imports the links of a read-later export: each article taken from the export when it
/// carries it (Wallabag, Omnivore), else fetched and extracted as `add URL` does,
/// concurrently but politely; with its saved time, tags and read state (archived → finished, in the archive).
/// What the library has already, and what an earlier run found dead, is skipped without a
/// request, so running the same import again goes on where it stopped.
public struct LinkImport: Sendable {
    public var library: ArticleLibrary
    public var fetcher: PageFetcher
    public var detector: LanguageDetector?
    /// Requests at once (2 at most to one host).
    public var jobs: Int
    /// Tags every imported article gets, besides its own.
    public var tags: [String]

    public init(
        library: ArticleLibrary, fetcher: PageFetcher = PageFetcher(), detector: LanguageDetector?, jobs: Int = 8, tags: [String] = []
    ) {
        self.library = library
        self.fetcher = fetcher
        self.detector = detector
        self.jobs = max(1, jobs)
        self.tags = tags
    }

    /// A link that gave no article, and why.
    public struct Problem: Sendable, Equatable {
        public var url: String
        public var outcome: FeedItemOutcome
        public var reason: String
    }

    /// What an import did.
    public struct Report: Sendable {
        /// Links in the export (each address once).
        public var total = 0
        /// In the library already, or found dead before: not fetched.
        public var skipped = 0
        public var added: [Int64] = []
        /// Articles marked finished and put in the archive (archived in the export).
        public var finished = 0
        /// Links whose article was in the library under another address or the same text.
        public var duplicates = 0
        public var problems: [Problem] = []
        /// Whether a stop request ended it early.
        public var stopped = false
    }

    /// What the import tells as it goes (from several threads; one at a time).
    public enum Event: Sendable {
        /// `done` of `total` links handled (skipped ones count from the start).
        case progress(done: Int, total: Int)
        case added(articleId: Int64, title: String, url: String)
        case problem(Problem)
    }

    /// Imports `links`. `isCancelled` stops starting new requests; those in flight finish.
    public func run(
        _ links: [SavedLink], isCancelled: @escaping @Sendable () -> Bool = { false },
        report: @escaping @Sendable (Event) -> Void = { _ in }
    ) throws(NarrateError) -> Report {
        var seen = Set<String>()
        let unique = links.filter { seen.insert($0.url).inserted }
        var result = Report()
        result.total = unique.count
        let urls = unique.map(\.url)
        let inLibrary = try library.articles.sourceURLs(among: urls)
        let before = try library.savedLinks.savedLinkOutcomes(among: urls)
        let work = unique.filter { link in
            !inLibrary.contains(link.url) && (before[link.url] == nil || before[link.url] == .failed)
        }
        result.skipped = unique.count - work.count
        report(.progress(done: result.skipped, total: result.total))
        let counter = Counter(start: result.skipped)
        let library = self.library
        let fetcher = self.fetcher
        let detector = self.detector
        let tags = self.tags
        let total = result.total
        let outcomes = PoliteQueue(concurrency: jobs).run(
            // A link whose article the export carries needs no request: it waits for no host.
            hosts: work.enumerated().map { index, link in link.carriesContent ? "carried \(index)" : FeedRefresh.host(of: link.url) },
            isCancelled: isCancelled,
            givenUp: { index, failures in
                // Not recorded: tried again when the import runs again.
                let problem = Problem(
                    url: work[index].url, outcome: .failed, reason: "not tried: its host failed \(failures) times in a row")
                report(.problem(problem))
                report(.progress(done: counter.increment(), total: total))
                return .problem(problem)
            }
        ) { index -> (LinkOutcome, PoliteQueue.HostHealth) in
            let link = work[index]
            let (outcome, health) = Self.take(link, tags: tags, library: library, fetcher: fetcher, detector: detector)
            switch outcome {
            case .added(let id, let title, _): report(.added(articleId: id, title: title, url: link.url))
            case .problem(let problem): report(.problem(problem))
            case .duplicate: break
            case .stopped: return (outcome, .fine)
            }
            report(.progress(done: counter.increment(), total: total))
            return (outcome, health)
        }
        for outcome in outcomes {
            switch outcome {
            case .added(let id, _, let finished)?:
                result.added.append(id)
                if finished { result.finished += 1 }
            case .duplicate?: result.duplicates += 1
            case .problem(let problem)?: result.problems.append(problem)
            case .stopped?, nil: result.stopped = true
            }
        }
        return result
    }

    enum LinkOutcome: Sendable {
        case added(Int64, String, finished: Bool)
        case duplicate
        case problem(Problem)
        /// Given up in flight by a Ctrl-C: not recorded, taken again next time.
        case stopped
    }

    /// Takes one link, recording what became of it. The article is read and added within
    /// the process's `ArticleBudget`: its size is held from before it is read (after it is
    /// fetched) until it is in the library.
    private static func take(
        _ link: SavedLink, tags: [String], library: ArticleLibrary, fetcher: PageFetcher, detector: LanguageDetector?
    ) -> (LinkOutcome, PoliteQueue.HostHealth) {
        do throws(NarrateError) {
            let importer = ArticleImport(language: link.language, tags: link.tags + tags)
            if link.carriesContent {
                let carried = try ArticleBudget.shared.holding(link.carriedSize) {
                    () throws(NarrateError) -> (LinkOutcome, PoliteQueue.HostHealth)? in
                    // An empty content file: the page is fetched instead, outside this hold.
                    guard let content = try link.carriedContent() else { return nil }
                    var article = try importer.article(
                        carried: content, format: link.contentIsHTML ? .html : .markdown, url: link.url, detector: detector)
                    if let title = link.title { article.title = title }
                    return try added(article, link: link, library: library)
                }
                if let carried { return carried }
            }
            return try fetched(link, importer, library, fetcher, detector)
        } catch .interrupted {
            return (.stopped, .fine)
        } catch {
            let (kind, reason) = FeedRefresh.classify(error)
            try? library.savedLinks.recordSavedLink(url: link.url, articleId: nil, outcome: kind, detail: reason)
            return (.problem(Problem(url: link.url, outcome: kind, reason: reason)), FeedRefresh.isHostFailure(error) ? .failed : .fine)
        }
    }

    /// The link's page fetched, then read and added within the budget.
    private static func fetched(
        _ link: SavedLink, _ importer: ArticleImport, _ library: ArticleLibrary, _ fetcher: PageFetcher, _ detector: LanguageDetector?
    ) throws(NarrateError) -> (LinkOutcome, PoliteQueue.HostHealth) {
        let page = try fetcher.fetch(link.url)
        if page.finalURL != link.url, try library.articles.article(sourceURL: page.finalURL) != nil {
            try library.savedLinks.recordSavedLink(url: link.url, articleId: nil, outcome: .duplicate)
            return (.duplicate, .fine)
        }
        return try ArticleBudget.shared.holding(page.body.count) { () throws(NarrateError) in
            try added(try importer.article(fetched: page, requested: link.url, detector: detector), link: link, library: library)
        }
    }

    /// `article` added with the link's record, in one transaction.
    private static func added(_ article: NewArticle, link: SavedLink, library: ArticleLibrary) throws(NarrateError) -> (
        LinkOutcome, PoliteQueue.HostHealth
    ) {
        var article = article
        article.savedAt = link.savedAt
        switch try library.articles.add(article, recording: .savedLink(url: link.url, archived: link.archived)) {
        case .added(let id, let title): return (.added(id, title, finished: link.archived), .fine)
        case .exists: return (.duplicate, .fine)
        }
    }

    /// Links handled so far, across the workers.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int

        init(start: Int) {
            value = start
        }

        func increment() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
