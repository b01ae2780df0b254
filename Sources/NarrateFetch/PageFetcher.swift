import Foundation
public import NarrateCore

/// Fetches one web page over HTTP or HTTPS for narration: follows redirects, refuses what
/// narrate cannot read as soon as the headers say so, and never holds more than a set size.
///
/// Each fetch is its own libcurl transfer (loaded the first time a page is fetched), so nothing
/// (cookies, cache, connections) outlives it.
public struct PageFetcher: Sendable {
    /// Seconds the whole fetch (connecting, redirects and body) may take.
    public let timeout: Double
    /// The largest body accepted, in bytes.
    public let maximumBytes: Int
    /// The `User-Agent` header sent with every request.
    public let userAgent: String
    /// Asked about once a second during a fetch: true gives it up with `.interrupted` (a
    /// Ctrl-C need not wait for a server that says nothing).
    public let isCancelled: @Sendable () -> Bool

    /// Redirects followed before giving up.
    static let maximumRedirects = 10
    /// What narrate can read, best first; anything is still asked for so that a server with no
    /// matching variant answers and the content type check can name what it sent.
    static let acceptHeader = "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5"

    /// Creates a fetcher; `timeout` (seconds) and `maximumBytes` must be positive. A page is
    /// an article, at most `InputLimits.articleBytes`; a feed document may have
    /// `InputLimits.feedBytes` whatever `maximumBytes` says.
    public init(
        timeout: Double = 30, maximumBytes: Int = InputLimits.articleBytes,
        userAgent: String = "narrate/0.1 (+offline article narrator)", isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.isCancelled = isCancelled
        precondition(timeout > 0, "the fetch timeout must be positive")
        precondition(maximumBytes > 0, "the fetch size limit must be positive")
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.userAgent = userAgent
    }

    /// Fetches `address` (an http or https URL), blocking until the page has arrived or the
    /// fetch has failed; the CLI is synchronous.
    ///
    /// - Throws: `.fetchFailed` for an unusable address, no connection, a timeout, an HTTP
    ///   error status or a redirect loop; `.inputTooLarge` for a page over `maximumBytes`; `.unsupportedContent`
    ///   for a content type that is not HTML, XHTML, plain text, Markdown, EPUB or PDF (a book
    ///   may be as large as `InputLimits.bookBytes`).
    public func fetch(_ address: String) throws(NarrateError) -> FetchedPage {
        let url = try Self.validatedURL(address)
        let transfer = PageTransfer(
            address: address, url: url.absoluteString, maximumBytes: maximumBytes, timeout: timeout,
            accept: Self.acceptHeader, userAgent: userAgent, mediaTypes: PageTransfer.readableMediaTypes.union(PageTransfer.bookMediaTypes),
            isCancelled: isCancelled
        )
        return try transfer.run()
    }

    /// The media types of feeds (and of pages that may link one), for `fetchFeed`.
    public static let feedMediaTypes: Set<String> = PageTransfer.readableMediaTypes.union([
        "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/xml", "text/xml",
        "application/feed+json", "application/json", "application/x-rss+xml", "application/x-atom+xml",
    ])

    /// What a feed fetch accepts, feeds first.
    static let feedAcceptHeader =
        "application/atom+xml,application/rss+xml,application/feed+json,application/xml;q=0.9,text/xml;q=0.9,application/json;q=0.8,text/html;q=0.7,*/*;q=0.1"

    /// Fetches the feed (or page) at `address`, asking only for a copy newer than the one the
    /// caller has (`etag`, `lastModified`, as the server sent them last time).
    ///
    /// - Throws: as `fetch`, except that HTTP 429 and 503 are `.throttled` outcomes.
    public func fetchFeed(_ address: String, etag: String? = nil, lastModified: String? = nil) throws(NarrateError) -> ConditionalFetch {
        let url = try Self.validatedURL(address)
        let validators = etag == nil && lastModified == nil ? nil : PageTransfer.Validators(etag: etag, lastModified: lastModified)
        let transfer = PageTransfer(
            address: address, url: url.absoluteString, maximumBytes: max(maximumBytes, InputLimits.feedBytes), timeout: timeout,
            accept: Self.feedAcceptHeader, userAgent: userAgent, mediaTypes: Self.feedMediaTypes, validators: validators,
            isCancelled: isCancelled
        )
        do {
            let page = try transfer.run()
            return transfer.notModified ? .notModified(finalURL: page.finalURL) : .fetched(page)
        } catch {
            if transfer.status == 429 || transfer.status == 503 {
                return .throttled(status: transfer.status, retryAfter: transfer.retryAfter.flatMap(Self.retrySeconds), error: error)
            }
            throw error
        }
    }

    /// A Retry-After value in seconds from now: a number of seconds, or an HTTP date.
    static func retrySeconds(_ value: String) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds >= 0 { return seconds }
        guard DateText.isReadable(trimmed) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }

    /// Whether `argument` is an http(s) URL rather than a path.
    public static func isURL(_ argument: String) -> Bool {
        let lowercased = argument.lowercased()
        guard lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") else { return false }
        guard let host = URLComponents(string: argument)?.host else { return false }
        return !host.isEmpty
    }

    /// The URL behind `address`, or why it cannot be fetched.
    static func validatedURL(_ address: String) throws(NarrateError) -> URL {
        guard let components = URLComponents(string: address), let url = components.url else {
            throw .fetchFailed(url: address, reason: "not a valid URL")
        }
        guard let scheme = components.scheme?.lowercased() else {
            throw .fetchFailed(url: address, reason: "not a URL; give an address that starts with http:// or https://")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .fetchFailed(url: address, reason: "only http and https addresses can be fetched, not \(scheme)")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .fetchFailed(url: address, reason: "the address has no host name")
        }
        return url
    }

    /// "timed out after 30 s".
    static func timedOut(after seconds: Double) -> String {
        "timed out after \(Self.seconds(seconds)) s"
    }

    /// `seconds` as a person writes it: "30", "2", "0.5".
    static func seconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

}
