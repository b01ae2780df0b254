import Foundation
import NarrateCore
import NarrateFetch
import NarrateIngest
import NarrateLibrary

extension FeedRefresh {
    /// A feed's fetch: what the server answered, or the error.
    enum FeedFetchResult: Sendable {
        case fetched(ConditionalFetch)
        case failed(NarrateError)
        /// Not asked, or given up in flight: its host failed again and again in this refresh,
        /// or a Ctrl-C came. Still due next time.
        case givenUp
    }

    /// A feed read this time, with the validators to keep.
    struct ReadFeed: Sendable {
        var feed: Feed
        var etag: String?
        var lastModified: String?
    }

    /// One new item to take.
    struct ItemWork: Sendable {
        var subscription: Subscription
        var key: String
        var item: FeedItem
        var url: String? { item.url }
        /// The feed's title, the site its articles come from.
        var site: String?
    }

    /// What became of an item.
    enum ItemOutcome: Sendable {
        case added(Int64, String)
        case duplicate
        case problem(FeedItemOutcome, String)
    }

    /// The new items of `subscription` from its fetch `outcome`, its check recorded when
    /// nothing of it was read (unchanged, throttled, failed).
    func items(
        of subscription: Subscription, outcome: FeedFetchResult, now: Double, result: inout Report,
        report: @Sendable (Event) -> Void
    ) throws(NarrateError) -> ([ItemWork], ReadFeed?) {
        result.checked += 1
        let page: FetchedPage
        switch outcome {
        case .givenUp:
            result.checked -= 1
            return ([], nil)
        case .failed(let error):
            try fail(
                subscription, error: Self.line(error), notBefore: now + Self.backoff(errors: subscription.errorCount + 1), result: &result,
                report: report)
            return ([], nil)
        case .fetched(.throttled(_, let retryAfter, let error)):
            let wait = min(max(retryAfter ?? 3600, 60), 7 * 24 * 3600)
            try fail(
                subscription, error: Self.line(error) + "; asked to wait \(Int(wait)) s", notBefore: now + wait, result: &result,
                report: report)
            return ([], nil)
        case .fetched(.notModified):
            result.unchanged += 1
            try library.subscriptions.recordCheck(subscriptionId: subscription.id, SubscriptionStore.FeedCheck())
            report(.feedChecked(subscription, added: 0, notModified: true, error: nil))
            return ([], nil)
        case .fetched(.fetched(let fetched)):
            page = fetched
        }
        let feed: Feed
        do {
            feed = try FeedParser(source: page.finalURL, charset: Self.charset(of: page.contentType)).parse(page.body)
        } catch {
            try fail(
                subscription, error: Self.line(error), notBefore: now + Self.backoff(errors: subscription.errorCount + 1), result: &result,
                report: report)
            return ([], nil)
        }
        // Each item once (feeds repeat guids), keyed by guid, else link, else its text.
        var keyed: [(String, FeedItem)] = []
        var keys = Set<String>()
        for item in feed.items {
            let key = item.guid ?? item.url ?? "text:" + String((item.title ?? "") + (item.content ?? item.summary ?? "")).hashValueText
            if keys.insert(key).inserted { keyed.append((key, item)) }
        }
        let seen = try library.subscriptions.seenItems(subscriptionId: subscription.id, guids: keyed.map(\.0))
        // Oldest first, so the library's order follows the feed's time.
        let fresh = keyed.filter { seen[$0.0] == nil || seen[$0.0] == .failed }.reversed()
        // An address the library has, or an earlier item of this feed takes, is a duplicate
        // without a fetch; recorded at once.
        var taken = try library.articles.sourceURLs(among: fresh.compactMap(\.1.url))
        var work: [ItemWork] = []
        var duplicates: [(guid: String, url: String?, outcome: FeedItemOutcome)] = []
        for (key, item) in fresh {
            if let url = item.url {
                guard taken.insert(url).inserted else {
                    duplicates.append((key, url, .duplicate))
                    continue
                }
            }
            work.append(ItemWork(subscription: subscription, key: key, item: item, site: feed.title))
        }
        try library.subscriptions.recordItems(subscriptionId: subscription.id, duplicates)
        result.duplicates += duplicates.count
        return (work, ReadFeed(feed: feed, etag: page.etag, lastModified: page.lastModified))
    }

    private func fail(
        _ subscription: Subscription, error: String, notBefore: Double, result: inout Report, report: @Sendable (Event) -> Void
    ) throws(NarrateError) {
        result.failedFeeds += 1
        try library.subscriptions.recordCheck(
            subscriptionId: subscription.id, SubscriptionStore.FeedCheck(error: error, notBefore: notBefore))
        report(.feedChecked(subscription, added: 0, notModified: false, error: error))
    }

    /// Takes one item: the article from the feed when it carries it whole, else from its
    /// link; recorded either way.
    /// What a worker made of an item: the article to add, or why there is none.
    enum Prepared: Sendable {
        case article(NewArticle)
        case outcome(ItemOutcome)
        /// Given up in flight by a Ctrl-C: not recorded, taken again at the next refresh.
        case stopped

        var isStopped: Bool {
            if case .stopped = self { return true }
            return false
        }
    }

    /// Prepares one item (on a worker): the article from the feed when it carries it whole,
    /// else from its link.
    static func prepare(
        _ work: ItemWork, library: ArticleLibrary, fetcher: PageFetcher, detector: LanguageDetector?
    ) -> (Prepared, PoliteQueue.HostHealth) {
        do {
            return (try prepareOrThrow(work, library: library, fetcher: fetcher, detector: detector), .fine)
        } catch .interrupted {
            return (.stopped, .fine)
        } catch {
            let (kind, reason) = classify(error)
            return (.outcome(.problem(kind, reason)), isHostFailure(error) ? .failed : .fine)
        }
    }

    /// Whether the feed carries `work`'s article whole, so that it is read without a request.
    static func isCarried(_ work: ItemWork) -> Bool {
        guard let content = work.item.content else { return false }
        return work.url == nil || isWhole(content, isHTML: work.item.contentIsHTML)
    }

    /// Adds a prepared item's article (on the calling thread, in the feed's order, so ids
    /// follow the feed's time) and records what became of the item.
    static func finish(_ work: ItemWork, prepared: Prepared, library: ArticleLibrary) -> ItemOutcome {
        var outcome: ItemOutcome
        switch prepared {
        case .outcome(let known):
            outcome = known
        case .stopped:
            outcome = .problem(.failed, "stopped before it was fetched")
        case .article(let article):
            do {
                if let url = article.sourceURL, try library.articles.article(sourceURL: url) != nil {
                    outcome = .duplicate
                } else {
                    // The article and the item's record in one transaction.
                    let record = ImportRecord.feedItem(subscriptionId: work.subscription.id, guid: work.key, url: work.url)
                    switch try library.articles.add(article, recording: record) {
                    case .added(let id, let title): return .added(id, title)
                    case .exists: return .duplicate
                    }
                }
            } catch {
                outcome = .problem(.failed, line(error))
            }
        }
        let (recorded, articleId, detail): (FeedItemOutcome, Int64?, String?) =
            switch outcome {
            case .added(let id, _): (.added, id, nil)
            case .duplicate: (.duplicate, nil, nil)
            case .problem(let kind, let reason): (kind, nil, reason)
            }
        try? library.subscriptions.recordItem(
            subscriptionId: work.subscription.id, guid: work.key, url: work.url, articleId: articleId, outcome: recorded, detail: detail
        )
        return outcome
    }

    private static func prepareOrThrow(
        _ work: ItemWork, library: ArticleLibrary, fetcher: PageFetcher, detector: LanguageDetector?
    ) throws(NarrateError) -> Prepared {
        if let url = work.url, try library.articles.article(sourceURL: url) != nil { return .outcome(.duplicate) }
        let subscription = work.subscription
        let importer = ArticleImport(language: subscription.language, tags: subscription.tag.map { [$0] } ?? [])
        var article: NewArticle
        if let content = work.item.content, isCarried(work) {
            article = try importer.article(feedContent: content, isHTML: work.item.contentIsHTML, url: work.url, detector: detector)
            // Content from a feed has no title of its own: the item's is the article's.
            if let title = work.item.title { article.title = title }
        } else if let url = work.url {
            article = try importer.article(from: url, detector: detector, fetcher: fetcher)
        } else if let summary = work.item.summary {
            article = try importer.article(feedContent: summary, isHTML: true, url: nil, detector: detector)
        } else {
            throw .noReadableArticle(path: work.item.title ?? "an item without a link")
        }
        // What the feed knows and the page did not say.
        if let title = work.item.title, article.title.isEmpty || article.title == "Untitled" { article.title = title }
        if article.publishedAt == nil { article.publishedAt = work.item.published }
        if article.byline == nil { article.byline = work.item.author }
        if article.site == nil { article.site = work.site }
        if article.sourceURL == nil { article.sourceURL = work.url }
        return .article(article)
    }

    /// Whether a feed's content is the whole article rather than a teaser: long enough to be
    /// one, and not ending in a "read more" link.
    static func isWhole(_ content: String, isHTML: Bool) -> Bool {
        let text = isHTML ? content.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression) : content
        let words = text.split(whereSeparator: { $0.isWhitespace }).count
        guard words >= 150 else { return false }
        let tail = text.suffix(200).lowercased()
        return !["read more", "continue reading", "read the full", "[…]", "[...]", "weiterlesen", "читати далі", "читать далее"]
            .contains { tail.contains($0) }
    }

    /// An item's failure: dead for good (404, 410, no such host), no article, or worth
    /// another try at the next refresh.
    static func classify(_ error: NarrateError) -> (FeedItemOutcome, String) {
        let reason = line(error)
        switch error {
        case .fetchFailed(_, let why):
            let dead = ["HTTP 404", "HTTP 410", "unknown host", "redirect loop", "not a valid", "more than 10 redirects"]
            return (dead.contains { why.contains($0) } ? .dead : .failed, reason)
        case .noReadableArticle, .unsupportedContent, .emptyInput, .noSpeakableText, .binaryInput, .malformedInput, .inputTooLarge:
            return (.noArticle, reason)
        default:
            return (.failed, reason)
        }
    }

    /// Whether `error` says the host itself is in trouble (no connection, a timeout, a 5xx,
    /// 429), so the queue pauses before asking it again; a missing page says nothing of it.
    static func isHostFailure(_ error: NarrateError) -> Bool {
        guard case .fetchFailed(_, let why) = error else { return false }
        if why.hasPrefix("HTTP ") { return why.hasPrefix("HTTP 5") || why.hasPrefix("HTTP 429") }
        return !["redirect loop", "not a valid", "more than 10 redirects", "redirected to"].contains { why.contains($0) }
    }

    /// Seconds a failing feed is left alone after `errors` failures in a row: 15 minutes,
    /// doubling, at most a day.
    static func backoff(errors: Int) -> Double {
        min(15 * 60 * pow(2, Double(max(0, errors - 1))), 24 * 3600)
    }

    /// The error in a line; a fetch's reason alone (the address is said beside it).
    static func line(_ error: NarrateError) -> String {
        if case .fetchFailed(_, let reason) = error { return reason }
        return error.description
    }

    static func host(of url: String) -> String {
        URLComponents(string: url)?.host?.lowercased() ?? url
    }

    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "charset" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            }
        }
        return nil
    }

    static func isHTML(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.lowercased().contains("html")
    }
}

extension String {
    /// A short stable digest of the string (FNV-1a, hex), for keys of items without id or link.
    fileprivate var hashValueText: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
