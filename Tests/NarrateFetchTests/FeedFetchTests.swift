import Foundation
import NarrateCore
import NarrateFetch
import NarrateTestSupport
import Testing

/// Fetching feeds politely: conditional GET (ETag, Last-Modified), compressed bodies, and the
/// servers that ask to be left alone (429, 503 with Retry-After), against the local server.
@Suite("Feed fetch", .localServer)
struct FeedFetchTests {
    let server: TestServer

    init() throws {
        server = try #require(SuiteServer.current, "the suite's local server is missing")
    }

    @Test func aFeedComesWithItsValidatorsAndIsNotFetchedAgainUnchanged() throws {
        guard case .fetched(let page) = try PageFetcher().fetchFeed(server.url("/feed.xml")) else {
            Issue.record("not fetched")
            return
        }
        #expect(page.etag == "\"feed-v1\"")
        #expect(page.lastModified == "Sun, 01 Mar 2026 08:00:00 GMT")
        #expect(page.contentType == "application/rss+xml; charset=utf-8")
        #expect(String(decoding: page.body, as: UTF8.self).contains("<title>The Last Keeper</title>"))
        #expect(try PageFetcher().fetchFeed(server.url("/feed.xml"), etag: page.etag) == .notModified(finalURL: server.url("/feed.xml")))
        #expect(
            try PageFetcher().fetchFeed(server.url("/feed.xml"), lastModified: page.lastModified)
                == .notModified(finalURL: server.url("/feed.xml")))
        // A validator of another copy gets the feed.
        guard case .fetched = try PageFetcher().fetchFeed(server.url("/feed.xml"), etag: "\"old\"") else {
            Issue.record("a stale copy was not replaced")
            return
        }
    }

    @Test func aGzippedFeedArrivesDecoded() throws {
        guard case .fetched(let page) = try PageFetcher().fetchFeed(server.url("/feed.xml?gzip")) else {
            Issue.record("not fetched")
            return
        }
        #expect(String(decoding: page.body, as: UTF8.self).hasPrefix("<?xml"))
    }

    @Test func tooManyRequestsSaysWhenToComeBack() throws {
        guard case .throttled(let status, let retryAfter, let error) = try PageFetcher().fetchFeed(server.url("/throttled")) else {
            Issue.record("not throttled")
            return
        }
        #expect(status == 429)
        #expect(retryAfter == 120)
        #expect(error == .fetchFailed(url: server.url("/throttled"), reason: "HTTP 429 Too Many Requests"))
    }

    @Test func unavailableUntilADate() throws {
        guard case .throttled(let status, let retryAfter, _) = try PageFetcher().fetchFeed(server.url("/unavailable")) else {
            Issue.record("not throttled")
            return
        }
        #expect(status == 503)
        #expect((retryAfter ?? 0) > 365 * 24 * 3600)
    }

    /// A Retry-After date with a combining mark is no date (Foundation's formatter on Linux
    /// stops the process on one): the answer is throttled without a time.
    @Test func aRetryAfterWithACombiningMarkIsNoDate() throws {
        guard case .throttled(let status, let retryAfter, _) = try PageFetcher().fetchFeed(server.url("/unavailable-marked")) else {
            Issue.record("not throttled")
            return
        }
        #expect(status == 503)
        #expect(retryAfter == nil)
    }

    @Test func otherErrorsAreThrownAsForPages() {
        #expect(throws: NarrateError.fetchFailed(url: server.url("/missing"), reason: "HTTP 404 Not Found")) {
            try PageFetcher().fetchFeed(server.url("/missing"))
        }
    }
}
