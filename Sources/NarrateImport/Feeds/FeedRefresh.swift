import Foundation
import NarrateAudio
public import NarrateCore
public import NarrateFetch
public import NarrateIngest
public import NarrateLibrary
import NarrateListening
public import NarrateQueue
import NarrateRendering

/// Following feeds: subscribing to a feed (or to a page that links one), and refreshing
/// subscriptions, which adds their new items to the library: taken whole from the feed when
/// it carries the whole article, else fetched from their link and extracted as `add URL`
/// does. Feeds and pages are fetched concurrently but politely (`PoliteQueue`); a feed is
/// asked with conditional GET, and left alone for as long as its server asks (429, 503) or,
/// after errors, for longer each time.
public struct FeedRefresh: Sendable {
    public var library: ArticleLibrary
    public var fetcher: PageFetcher
    /// Detects the language of articles that do not declare one.
    public var detector: LanguageDetector?
    /// Requests at once (2 at most to one host).
    public var jobs: Int

    public init(library: ArticleLibrary, fetcher: PageFetcher = PageFetcher(), detector: LanguageDetector?, jobs: Int = 8) {
        self.library = library
        self.fetcher = fetcher
        self.detector = detector
        self.jobs = max(1, jobs)
    }

    /// What happened on the way, for a front end to show.
    public enum Event: Sendable {
        /// A feed was checked: `added` new articles, or `error` (nil when it went well;
        /// `notModified` when its server said nothing changed).
        case feedChecked(Subscription, added: Int, notModified: Bool, error: String?)
        /// A feed was skipped: its server asked for a pause, or errors did, until `until`.
        case feedWaiting(Subscription, until: Double)
        /// An item's article was added.
        case added(articleId: Int64, title: String, feed: Subscription)
    }

    /// An item that gave no article, and why.
    public struct Problem: Sendable, Equatable {
        public var feed: String
        public var url: String
        public var reason: String
        public var outcome: FeedItemOutcome
    }

    /// What a refresh did.
    public struct Report: Sendable {
        /// The articles added, in order.
        public var added: [Int64] = []
        /// The articles added, by the subscription whose item each was.
        public var addedBySubscription: [Int64: [Int64]] = [:]
        /// Items whose article was in the library already.
        public var duplicates = 0
        /// Feeds checked, unchanged (304) and failed.
        public var checked = 0
        public var unchanged = 0
        public var failedFeeds = 0
        /// Feeds skipped, waiting for their time.
        public var waiting = 0
        /// Items that gave no article: dead links, pages without one, failures to try again.
        public var problems: [Problem] = []

        /// An empty report.
        public init() {}
    }

    // MARK: Subscribing

    /// The feed `address` is or links, subscribed to (not refreshed).
    ///
    /// - Throws: `.fetchFailed` when it cannot be fetched, `.malformedInput` when it is no
    ///   feed and links none.
    public func subscribe(
        _ address: String, tag: String?, language: String?, narrate: Bool
    ) throws(NarrateError) -> (outcome: SubscriptionStore.SubscribeOutcome, page: FetchedPage) {
        let (page, feed) = try resolve(address)
        let outcome = try library.subscriptions.subscribe(
            url: page.finalURL, title: feed.title, siteURL: feed.siteURL, format: feed.format.rawValue, tag: tag, language: language,
            narrate: narrate
        )
        return (outcome, page)
    }

    /// Subscribes to every feed of an OPML list (without fetching them: `refresh` does),
    /// each with `tag`, else the name of the folder it was in. Returns each outcome in order.
    public func subscribe(
        opml: OPMLDocument, tag: String?, language: String?, narrate: Bool
    ) throws(NarrateError) -> [SubscriptionStore.SubscribeOutcome] {
        try library.subscriptions.subscribe(
            opml.outlines.map { outline in
                SubscriptionStore.NewSubscription(
                    url: outline.url, title: outline.title, siteURL: outline.siteURL, format: nil, tag: tag ?? outline.folder)
            },
            language: language, narrate: narrate
        )
    }

    /// The library's subscriptions as an OPML list, each feed's tag as its folder.
    public func opml() throws(NarrateError) -> OPMLDocument {
        OPMLDocument(
            title: "narrate feeds",
            outlines: try library.subscriptions.all().map { feed in
                OPMLDocument.Outline(url: feed.url, title: feed.title, siteURL: feed.siteURL, folder: feed.tag)
            })
    }

    /// The feed at `address`, or the first feed the page at `address` links, with the page it
    /// was read from.
    private func resolve(_ address: String) throws(NarrateError) -> (FetchedPage, Feed) {
        let page = try fetchWhole(address)
        let parser = FeedParser(source: page.finalURL, charset: Self.charset(of: page.contentType))
        do {
            return (page, try parser.parse(page.body))
        } catch {
            let links = FeedDiscovery.feeds(inPage: page.body, url: page.finalURL, contentType: page.contentType)
            guard !links.isEmpty else {
                if Self.isHTML(page.contentType) {
                    throw .malformedInput(
                        path: address, message: "is a web page that links no feed (no <link rel=\"alternate\"> of RSS, Atom or JSON Feed)")
                }
                throw error
            }
            var lastError = error
            for link in links {
                do {
                    let linked = try fetchWhole(link)
                    return (
                        linked, try FeedParser(source: linked.finalURL, charset: Self.charset(of: linked.contentType)).parse(linked.body)
                    )
                } catch let failure {
                    lastError = failure
                }
            }
            throw lastError
        }
    }

    private func fetchWhole(_ address: String) throws(NarrateError) -> FetchedPage {
        switch try fetcher.fetchFeed(address) {
        case .fetched(let page): return page
        case .notModified: throw .fetchFailed(url: address, reason: "HTTP 304 Not Modified without a copy asked for")
        case .throttled(_, _, let error): throw error
        }
    }

    // MARK: Refreshing

    /// Checks the subscriptions `ids` (all when nil; due ones only unless `force`), adds
    /// their new items, and records every check. A feed with a page in `fetched` (read a moment
    /// ago, by `subscribe`) is read from it, not asked for again. `isCancelled` stops starting
    /// new requests.
    public func refresh(
        ids: [Int64]? = nil, force: Bool = false, now: Double? = nil, fetched pages: [Int64: FetchedPage] = [:],
        isCancelled: @escaping @Sendable () -> Bool = { false }, report: @escaping @Sendable (Event) -> Void = { _ in }
    ) throws(NarrateError) -> Report {
        let now = now ?? Date().timeIntervalSince1970
        var subscriptions = try library.subscriptions.all()
        if let ids {
            let known = Set(subscriptions.map(\.id))
            for id in ids where !known.contains(id) { _ = try library.subscriptions.subscription(id: id) }
            let asked = Set(ids)
            subscriptions = subscriptions.filter { asked.contains($0.id) }
        }
        var result = Report()
        var due: [Subscription] = []
        for subscription in subscriptions {
            if !force, let notBefore = subscription.notBefore, notBefore > now {
                result.waiting += 1
                report(.feedWaiting(subscription, until: notBefore))
            } else {
                due.append(subscription)
            }
        }
        // The feeds, then the items' pages, each concurrently.
        let queue = PoliteQueue(concurrency: jobs)
        let fetcher = self.fetcher
        let feeds = due
        let fetched = queue.run(
            hosts: feeds.map { Self.host(of: $0.url) }, isCancelled: isCancelled,
            givenUp: { _, _ in .givenUp }
        ) { index -> (FeedFetchResult, PoliteQueue.HostHealth) in
            let subscription = feeds[index]
            if let page = pages[subscription.id] { return (.fetched(.fetched(page)), .fine) }
            do throws(NarrateError) {
                let outcome = try fetcher.fetchFeed(subscription.url, etag: subscription.etag, lastModified: subscription.lastModified)
                if case .throttled = outcome { return (.fetched(outcome), .failed) }
                return (.fetched(outcome), .fine)
            } catch .interrupted {
                return (.givenUp, .fine)
            } catch {
                return (.failed(error), .failed)
            }
        }
        var work: [ItemWork] = []
        var readFeeds: [Int64: ReadFeed] = [:]
        for (index, subscription) in due.enumerated() {
            guard let outcome = fetched[index] else { continue }
            let (items, read) = try items(of: subscription, outcome: outcome, now: now, result: &result, report: report)
            work += items
            readFeeds[subscription.id] = read
        }
        let library = self.library
        let detector = self.detector
        let items = work
        var addedByFeed: [Int64: Int] = [:]
        // Feeds with an item to try again (failed, given up, not started): their validators
        // are not kept, so the next refresh reads them whole rather than hearing 304.
        var unfinished = Set<Int64>()
        // An item the feed carries whole needs no request: it waits for no host.
        let hosts = items.enumerated().map { index, item in
            Self.isCarried(item) ? "carried \(index)" : Self.host(of: item.url ?? item.subscription.url)
        }
        // Each item is added and recorded as soon as it and the ones before it are ready, in
        // the feed's order: a process killed meanwhile keeps what it recorded.
        queue.run(
            hosts: hosts, isCancelled: isCancelled,
            // Not recorded: tried again at the next refresh.
            givenUp: { _, failures in Prepared.outcome(.problem(.failed, "not tried: its host failed \(failures) times in a row")) },
            work: { index in Self.prepare(items[index], library: library, fetcher: fetcher, detector: detector) }
        ) { index, prepared in
            let item = items[index]
            guard let prepared, !prepared.isStopped else {
                unfinished.insert(item.subscription.id)
                return
            }
            // A given-up item is not recorded: tried again next time.
            let outcome: ItemOutcome
            if case .outcome(.problem(.failed, let reason)) = prepared, reason.hasPrefix("not tried:") {
                outcome = .problem(.failed, reason)
            } else {
                outcome = Self.finish(item, prepared: prepared, library: library)
            }
            if case .problem(.failed, _) = outcome { unfinished.insert(item.subscription.id) }
            switch outcome {
            case .added(let id, let title):
                result.added.append(id)
                result.addedBySubscription[item.subscription.id, default: []].append(id)
                addedByFeed[item.subscription.id, default: 0] += 1
                report(.added(articleId: id, title: title, feed: item.subscription))
            case .duplicate:
                result.duplicates += 1
            case .problem(let outcome, let reason):
                result.problems.append(
                    Problem(feed: item.subscription.title ?? item.subscription.url, url: item.url ?? "", reason: reason, outcome: outcome))
            }
        }
        // Each read feed's check, with its count of new articles, all in one transaction.
        var checks: [(subscriptionId: Int64, check: SubscriptionStore.FeedCheck)] = []
        for subscription in due {
            guard let feed = readFeeds[subscription.id] else { continue }
            let added = addedByFeed[subscription.id, default: 0]
            let keep = !unfinished.contains(subscription.id)
            checks.append(
                (
                    subscription.id,
                    SubscriptionStore.FeedCheck(
                        title: feed.feed.title, siteURL: feed.feed.siteURL, format: feed.feed.format.rawValue, etag: keep ? feed.etag : nil,
                        lastModified: keep ? feed.lastModified : nil, newItems: added
                    )
                ))
        }
        try library.subscriptions.recordChecks(checks)
        for subscription in due {
            guard let feed = readFeeds[subscription.id] else { continue }
            report(
                .feedChecked(subscription, added: addedByFeed[subscription.id, default: 0], notModified: false, error: feed.feed.problem))
        }
        return result
    }
}

extension FeedRefresh {
    /// The articles of `report` to narrate: all with `all`, else those of feeds that ask for it.
    public func articlesToNarrate(_ report: Report, all: Bool) throws(NarrateError) -> [Int64] {
        if all { return report.added }
        let narrated = Set(try library.subscriptions.all().filter(\.narrate).map(\.id))
        let wanted = Set(report.addedBySubscription.filter { narrated.contains($0.key) }.values.joined())
        return report.added.filter(wanted.contains)
    }

    /// Queues the listening render (the one `play`, `serve` and podcast feeds use) of each
    /// article in `articleIds` at batch priority, for workers to make. Returns the jobs.
    public func queueNarration(of articleIds: [Int64]) throws(NarrateError) -> [BatchJob] {
        var jobs: [BatchJob] = []
        for id in articleIds {
            switch try ListeningQueue(library: library).state(articleId: id) {
            case .rendered, .rendering: continue
            case .failed, .none: break
            }
            switch try library.queue.enqueue(
                articleId: id, settingsHash: "listening", renderRequest: RenderRequest(encoding: .wav).json(), format: "wav",
                outputPath: ListeningQueue.libraryOutput(articleId: id), priority: .batch
            ) {
            case .queued(let job), .alreadyQueued(let job): jobs.append(job)
            }
        }
        return jobs
    }
}
