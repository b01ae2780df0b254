import Foundation
import NarrateCore
import NarrateFetch
import NarrateTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Page fetcher", .localServer)
struct PageFetcherTests {
    /// What `/page.html` serves.
    static let page = """
        <!doctype html><html><head><meta charset="utf-8"><title>Café</title></head>\
        <body><p>Grüße aus Köln — ein kurzer Artikel.</p></body></html>

        """

    let server: TestServer

    init() throws {
        server = try #require(SuiteServer.current, "the suite's local server is missing")
    }

    // MARK: Pages

    @Test func fetchesTheBodyBytes() throws {
        let page = try PageFetcher().fetch(server.url("/page.html"))
        #expect(page.body == Array(Self.page.utf8))
    }

    @Test func reportsTheContentTypeHeader() throws {
        let page = try PageFetcher().fetch(server.url("/page.html"))
        #expect(page.contentType == "text/html; charset=utf-8")
    }

    @Test func theFinalURLOfAPageWithoutRedirectsIsItsAddress() throws {
        let page = try PageFetcher().fetch(server.url("/page.html"))
        #expect(page.finalURL == server.url("/page.html"))
    }

    @Test func fetchesPlainText() throws {
        let page = try PageFetcher().fetch(server.url("/plain.txt"))
        #expect(
            page
                == FetchedPage(
                    finalURL: server.url("/plain.txt"), contentType: "text/plain; charset=utf-8",
                    body: Array("Plain words, nothing else.\n".utf8)
                ))
    }

    @Test func acceptsAPageWithoutContentType() throws {
        let page = try PageFetcher().fetch(server.url("/untyped"))
        #expect(
            page
                == FetchedPage(
                    finalURL: server.url("/untyped"), contentType: nil, body: Array("Plain words, nothing else.\n".utf8)
                ))
    }

    @Test func sendsAcceptAndUserAgentHeaders() throws {
        let page = try PageFetcher(userAgent: "narrate-tests/1.0").fetch(server.url("/headers"))
        #expect(
            String(decoding: page.body, as: UTF8.self) == """
                Accept: text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5
                User-Agent: narrate-tests/1.0

                """)
    }

    // MARK: Redirects

    @Test func followsRedirectsToTheFinalURL() throws {
        let page = try PageFetcher().fetch(server.url("/redirect"))
        #expect(page.finalURL == server.url("/page.html"))
        #expect(page.body == Array(Self.page.utf8))
    }

    @Test func followsTenRedirects() throws {
        let page = try PageFetcher().fetch(server.url("/chain?n=9"))
        #expect(page.finalURL == server.url("/page.html"))
    }

    @Test func refusesAnEleventhRedirect() {
        let address = server.url("/chain?n=10")
        #expect(throws: NarrateError.fetchFailed(url: address, reason: "more than 10 redirects")) {
            try PageFetcher().fetch(address)
        }
    }

    @Test func reportsARedirectLoop() {
        let address = server.url("/loop")
        #expect(throws: NarrateError.fetchFailed(url: address, reason: "redirect loop at \(address)")) {
            try PageFetcher().fetch(address)
        }
    }

    @Test func refusesARedirectToAnotherScheme() {
        let address = server.url("/to-ftp")
        let reason = "redirected to ftp://127.0.0.1/file.txt, which is not an http or https address"
        #expect(throws: NarrateError.fetchFailed(url: address, reason: reason)) {
            try PageFetcher().fetch(address)
        }
    }

    // MARK: HTTP status

    @Test func aMissingPageIsHTTP404() {
        let address = server.url("/missing")
        #expect(throws: NarrateError.fetchFailed(url: address, reason: "HTTP 404 Not Found")) {
            try PageFetcher().fetch(address)
        }
    }

    @Test func aServerErrorIsHTTP500() {
        let address = server.url("/broken")
        #expect(throws: NarrateError.fetchFailed(url: address, reason: "HTTP 500 Internal Server Error")) {
            try PageFetcher().fetch(address)
        }
    }

    @Test func anErrorStatusAfterARedirectNamesWhereItHappened() {
        let address = server.url("/redirect-missing")
        let reason = "HTTP 404 Not Found at \(server.url("/missing"))"
        #expect(throws: NarrateError.fetchFailed(url: address, reason: reason)) {
            try PageFetcher().fetch(address)
        }
    }

    // MARK: Content types

    @Test(arguments: [
        "text/html", "application/xhtml+xml", "text/plain", "text/markdown", "text/x-markdown",
        "Text/HTML; charset=ISO-8859-1", "application/pdf", "application/epub+zip",
    ])
    func acceptsReadableContentTypes(_ contentType: String) throws {
        let page = try PageFetcher().fetch(server.url("/typed?type=\(Self.queryEncoded(contentType))"))
        #expect(page.contentType == contentType)
    }

    @Test(arguments: [
        ("image/png", "image/png"),
        ("application/json; charset=utf-8", "application/json"), ("Video/MP4", "video/mp4"),
        ("application/octet-stream", "application/octet-stream"),
    ])
    func refusesOtherContentTypes(_ contentType: String, mediaType: String) {
        let address = server.url("/typed?type=\(Self.queryEncoded(contentType))")
        #expect(throws: NarrateError.unsupportedContent(url: address, contentType: mediaType)) {
            try PageFetcher().fetch(address)
        }
    }

    @Test func refusesAVideoAtTheHeadersWithoutWaitingForTheBody() {
        // The server sends the headers, then stalls for 60 s before any body: waiting for it
        // would end in the 30 s timeout, a different error, so the error alone tells.
        let address = server.url("/clip.mp4")
        #expect(throws: NarrateError.unsupportedContent(url: address, contentType: "video/mp4")) {
            try PageFetcher(timeout: 30).fetch(address)
        }
    }

    // MARK: Size

    @Test func stopsAStreamedBodyOverTheLimit() {
        // 25 MB with no Content-Length (the limit is 16 MiB): only counting the bytes as they come can stop it.
        let address = server.url("/huge")
        #expect(throws: NarrateError.inputTooLarge(path: address, limit: 16 << 20, kind: "one page")) {
            try PageFetcher().fetch(address)
        }
    }

    @Test func stopsReadingAnEndlessBodyAtTheLimit() {
        // The server never stops sending: the fetch ends only because it cancels at the limit.
        // Not cancelling would run into the 30 s timeout, a different error: the error alone
        // tells the two apart, with no time bound for a loaded machine to break.
        let address = server.url("/endless")
        #expect(throws: NarrateError.inputTooLarge(path: address, limit: 1 << 20, kind: "one page")) {
            try PageFetcher(timeout: 30, maximumBytes: 1024 * 1024).fetch(address)
        }
    }

    @Test func refusesADeclaredLengthOverTheLimitAtTheHeaders() {
        // Content-Length: 30000000, then the server stalls for 60 s before any body: waiting
        // for it would end in the 30 s timeout, a different error.
        let address = server.url("/big-declared")
        #expect(throws: NarrateError.inputTooLarge(path: address, limit: 16 << 20, kind: "one page")) {
            try PageFetcher(timeout: 30).fetch(address)
        }
    }

    @Test func acceptsABodyOfExactlyTheLimit() throws {
        let page = try PageFetcher(maximumBytes: 1000).fetch(server.url("/huge?bytes=1000"))
        #expect(page.body == Array(repeating: UInt8(ascii: "x"), count: 1000))
    }

    @Test func refusesABodyOneByteOverTheLimit() {
        let address = server.url("/huge?bytes=1001")
        #expect(throws: NarrateError.inputTooLarge(path: address, limit: 1000, kind: "one page")) {
            try PageFetcher(maximumBytes: 1000).fetch(address)
        }
    }

    // MARK: Time and connection failures

    @Test func timesOutAfterTheGivenSeconds() {
        // /slow answers after 10 s.
        let address = server.url("/slow")
        let elapsed = ContinuousClock().measure {
            #expect(throws: NarrateError.fetchFailed(url: address, reason: "timed out after 2 s")) {
                try PageFetcher(timeout: 2).fetch(address)
            }
        }
        // Not before the timeout; without one the page would come after 10 s, and no error.
        #expect(elapsed >= .seconds(2))
    }

    @Test(arguments: ["/slow", "/stalled-body"])
    func aCancelledFetchIsGivenUpWhileTheServerSaysNothing(_ path: String) {
        // /slow says nothing for 10 s, /stalled-body stops after its first bytes; the fetcher
        // is told to stop half a second in. Without the check it would end after 10 s with
        // the page or a lost connection, not `.interrupted`.
        let start = ContinuousClock.now
        let fetcher = PageFetcher(timeout: 60, isCancelled: { ContinuousClock.now - start > .milliseconds(500) })
        #expect(throws: NarrateError.interrupted) {
            try fetcher.fetch(server.url(path))
        }
        #expect(throws: NarrateError.interrupted) {
            try fetcher.fetchFeed(server.url(path))
        }
    }

    @Test func theTimeoutCoversTheBody() {
        // /stalled-body sends its headers and 16 bytes at once, then nothing for 10 s.
        // A timeout that did not cover the body would wait for the server to close the
        // connection after 10 s, a different error.
        let address = server.url("/stalled-body")
        #expect(throws: NarrateError.fetchFailed(url: address, reason: "timed out after 1 s")) {
            try PageFetcher(timeout: 1).fetch(address)
        }
    }

    // MARK: Books

    /// A book over a slow link takes longer than a page may: it goes on while bytes come
    /// (`/unnamed` spreads 4,000 bytes over the seconds asked), and stops when they do not.
    @Test func aBookTakesAsLongAsItKeepsComingAndAPageDoesNot() throws {
        let book = try PageFetcher(timeout: 1).fetch(server.url("/unnamed?type=application/pdf&kind=pdf&seconds=2.5"))
        #expect(book.body.count == 4_000 && book.contentType == "application/pdf")
        let page = server.url("/unnamed?type=text/html&kind=other&seconds=2.5")
        #expect(throws: NarrateError.fetchFailed(url: page, reason: "timed out after 1 s")) { try PageFetcher(timeout: 1).fetch(page) }
        let stalled = server.url("/unnamed?type=application/epub%2Bzip&kind=epub&stall=1")
        #expect(throws: NarrateError.fetchFailed(url: stalled, reason: "no data for 1 s; try again later")) {
            try PageFetcher(timeout: 1).fetch(stalled)
        }
    }

    /// A file the server does not name (application/octet-stream: a bucket, a download link)
    /// is read as the book its first bytes say it is; anything else is refused as before.
    @Test func anUnnamedFileIsABookByItsFirstBytes() throws {
        let pdf = try PageFetcher().fetch(server.url("/unnamed?kind=pdf"))
        #expect(pdf.contentType == "application/pdf" && pdf.body.starts(with: Array("%PDF-".utf8)))
        let epub = try PageFetcher().fetch(server.url("/unnamed?type=binary/octet-stream&kind=epub"))
        #expect(epub.contentType == "application/epub+zip" && epub.body.count == 4_000)
        let other = server.url("/unnamed?kind=other")
        #expect(throws: NarrateError.unsupportedContent(url: other, contentType: "application/octet-stream")) {
            try PageFetcher().fetch(other)
        }
        // A feed is no book: its fetch refuses the unnamed file at the headers.
        #expect(throws: NarrateError.unsupportedContent(url: pdf.finalURL, contentType: "application/octet-stream")) {
            try PageFetcher().fetchFeed(pdf.finalURL)
        }
    }

    @Test func reportsARefusedConnection() throws {
        try Self.withRefusingPort { port in
            let address = "http://127.0.0.1:\(port)/page.html"
            #expect(throws: NarrateError.fetchFailed(url: address, reason: "could not connect to 127.0.0.1:\(port)")) {
                try PageFetcher(timeout: 5).fetch(address)
            }
        }
    }

    @Test func reportsAnUnknownHost() {
        // .invalid never resolves (RFC 2606).
        let address = "http://narrate-test.invalid/page.html"
        let reason = "unknown host narrate-test.invalid; check the address and the network connection"
        #expect(throws: NarrateError.fetchFailed(url: address, reason: reason)) {
            // Generous: a loaded machine's resolver is slow, and the reason tells the two apart.
            try PageFetcher(timeout: 30).fetch(address)
        }
    }

    @Test(arguments: [
        ("ftp://example.com/file.txt", "only http and https addresses can be fetched, not ftp"),
        ("file:///etc/hostname", "only http and https addresses can be fetched, not file"),
        ("example.com/article", "not a URL; give an address that starts with http:// or https://"),
        ("http://", "the address has no host name"),
        ("http://exa mple.com/", "not a valid URL"),
    ])
    func refusesAddressesThatAreNotHTTP(_ address: String, reason: String) {
        #expect(throws: NarrateError.fetchFailed(url: address, reason: reason)) {
            try PageFetcher().fetch(address)
        }
    }

    // MARK: Messages

    @Test func describesAFailedFetchInOneLine() {
        let address = server.url("/missing")
        let error = #expect(throws: NarrateError.self) { try PageFetcher().fetch(address) }
        #expect(error?.description == "\(address): cannot fetch: HTTP 404 Not Found")
    }

    @Test(arguments: ["/loop", "/clip.mp4", "/huge", "/chain?n=10", "refused", "unknown host"])
    func noFailureDescriptionSpansLinesOrDumpsFoundationErrors(_ route: String) throws {
        try Self.withRefusingPort { port in
            let address =
                switch route {
                case "refused": "http://127.0.0.1:\(port)/"
                case "unknown host": "http://narrate-test.invalid/"
                default: server.url(route)
                }
            let error = #expect(throws: NarrateError.self) { try PageFetcher(timeout: 5).fetch(address) }
            let description = error?.description ?? ""
            #expect(!description.isEmpty)
            #expect(!description.contains("\n"))
            #expect(!description.contains("Error Domain"))
        }
    }

    // MARK: Telling URLs from paths

    @Test(arguments: [
        ("http://example.com/article", true), ("https://example.com", true), ("HTTPS://Example.com/a?b=c", true),
        ("article.html", false), ("/tmp/article.html", false), ("example.com/article", false),
        ("ftp://example.com/file", false), ("file:///tmp/a.html", false), ("http://", false), ("https:/x", false),
    ])
    func tellsURLsFromPaths(_ argument: String, isURL: Bool) {
        #expect(PageFetcher.isURL(argument) == isURL)
    }

    // MARK: Helpers

    /// `value` percent-encoded for a query string.
    static func queryEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }

    /// Runs `body` with a port on 127.0.0.1 that refuses connections: bound, so nothing else
    /// can take it meanwhile, but not listening.
    static func withRefusingPort<Result>(_ body: (Int) throws -> Result) throws -> Result {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw TestServerError(description: "socket() failed: errno \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw TestServerError(description: "cannot bind a port on 127.0.0.1: errno \(errno)") }
        return try body(Int(UInt16(bigEndian: address.sin_port)))
    }
}
