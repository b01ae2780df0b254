import CNarrateCurlShim
import Foundation
import NarrateCore

/// One page download through libcurl: it vets every redirect, judges each response the moment
/// its headers arrive, and keeps the body in memory up to the size limit, stopping the
/// transfer as soon as anything is wrong so no more is downloaded.
///
/// libcurl runs on the calling thread (the CLI is synchronous); the transfer's state is only
/// touched from its callbacks there, so it needs no lock.
final class PageTransfer {
    /// The media types narrate can read as an article.
    static let readableMediaTypes: Set<String> = [
        "text/html", "application/xhtml+xml", "text/plain", "text/markdown", "text/x-markdown",
    ]
    /// The media types of books, read as a file of theirs is (`InputLimits.bookBytes` at most).
    static let bookMediaTypes: Set<String> = ["application/epub+zip", "application/pdf"]
    /// The media types servers give a file they do not name (a book in a bucket, a download
    /// link): read as a book when its first bytes are one's (`InputLimits.bookBytes` at most).
    static let unnamedMediaTypes: Set<String> = [
        "application/octet-stream", "binary/octet-stream", "application/x-download", "application/force-download",
    ]
    /// How long a book may take to download, in seconds, when bytes keep coming (a book over
    /// a slow link takes longer than a page's time limit; it fails after that long without any).
    static let bookTimeout: Double = 3_600

    /// What a conditional request sends: the validators of the copy the caller has.
    struct Validators {
        var etag: String?
        var lastModified: String?
    }

    /// The address as the user gave it, used in every error.
    private let address: String
    private var maximumBytes: Int
    /// The fetch's whole time limit, in seconds.
    private let timeout: Double
    private let accept: String
    private let userAgent: String
    /// The media types accepted; nil accepts any.
    private let mediaTypes: Set<String>?
    /// Sent as If-None-Match and If-Modified-Since, when the caller has a copy.
    private let validators: Validators?
    /// Asked about once a second: true gives the transfer up (`.interrupted`).
    private let isCancelled: @Sendable () -> Bool
    /// Where the body goes as it arrives, with the length the server declared, instead of
    /// into memory (a download to a file); nil keeps it in `body`.
    private let receive: ((UnsafeBufferPointer<UInt8>, Int?) throws(NarrateError) -> Void)?
    /// Seconds a transfer may go without a byte of body before it is given up, or nil.
    private let stallTimeout: Double?

    /// The address of the request in flight, updated on each redirect.
    private var currentURL: String
    /// How often each address was asked for, to tell a loop from a long chain.
    private var visits: [String: Int]
    private var redirects = 0
    /// Where the response in flight redirects to, once its headers allow it.
    private var redirectTarget: String?
    /// The accepted response's content type; set once its headers pass every check.
    private var accepted = false
    /// Whether the response is a book (by its type, or by its first bytes): it is given
    /// `bookTimeout` in all, and the page's time limit without a byte.
    private var isBook = false
    /// Whether the response's type names no format, so its first bytes must be a book's.
    private var sniffing = false
    /// When the page's time limit is up (a book's runs on past it).
    private var deadline = ContinuousClock.now
    /// Whether the response may be a book: the fetch accepts books and keeps the body.
    private var mayBeBook: Bool {
        receive == nil && mediaTypes.map { !$0.isDisjoint(with: Self.bookMediaTypes) } ?? false
    }
    private var contentType: String?
    private var etag: String?
    private var lastModified: String?
    private var body: [UInt8] = []
    /// The body's bytes so far, and the length its headers declared.
    private var received = 0
    private var declaredLength: Int?
    /// When the last piece of the body (or the headers) arrived.
    private var lastArrival = ContinuousClock.now
    /// The first thing that went wrong.
    private var failure: NarrateError?
    /// The status of the last response, and its Retry-After header.
    private(set) var status = 0
    private(set) var retryAfter: String?
    /// Whether the server said the caller's copy is current (304).
    private(set) var notModified = false

    /// A transfer of `url` (checked from `address`) that accepts at most `maximumBytes` and is
    /// given `timeout` seconds in all.
    init(
        address: String, url: String, maximumBytes: Int, timeout: Double, accept: String, userAgent: String,
        mediaTypes: Set<String>? = PageTransfer.readableMediaTypes, validators: Validators? = nil,
        isCancelled: @escaping @Sendable () -> Bool = { false }, stallTimeout: Double? = nil,
        receive: ((UnsafeBufferPointer<UInt8>, Int?) throws(NarrateError) -> Void)? = nil
    ) {
        self.isCancelled = isCancelled
        self.stallTimeout = stallTimeout
        self.receive = receive
        self.address = address
        self.maximumBytes = maximumBytes
        self.timeout = timeout
        self.accept = accept
        self.userAgent = userAgent
        self.mediaTypes = mediaTypes
        self.validators = validators
        self.currentURL = url
        self.visits = [url: 1]
    }

    /// Fetches the page, following redirects, within the time limit.
    func run() throws(NarrateError) -> FetchedPage {
        deadline = ContinuousClock.now + .milliseconds(Int64(min(timeout, 1_000_000_000) * 1000))
        // A fetch that may be a book gives libcurl a book's time; `keepGoing` holds a page to its own.
        let allowance: Duration = mayBeBook ? .seconds(max(0, Self.bookTimeout - timeout)) : .zero
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw .fetchFailed(url: address, reason: PageFetcher.timedOut(after: timeout)) }
            let remaining = left + allowance
            // Rounded up, and a millisecond over: libcurl's timer may fire a little before the
            // limit by this process's clock.
            let milliseconds =
                remaining.components.seconds * 1000
                + (remaining.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000 + 1
            redirectTarget = nil
            let outcome = request(currentURL, timeoutMilliseconds: milliseconds)
            if let failure { throw failure }
            if let next = redirectTarget {
                currentURL = next
                continue
            }
            if let problem = outcome { throw .fetchFailed(url: address, reason: problem) }
            guard accepted else { throw .fetchFailed(url: address, reason: "the server sent no response") }
            if sniffing, let refusal = sniffed() { throw refusal }
            return FetchedPage(finalURL: currentURL, contentType: contentType, body: body, etag: etag, lastModified: lastModified)
        }
    }

    /// Makes one request of `url`; the reason it failed in transport, or nil.
    private func request(_ url: String, timeoutMilliseconds: Int64) -> String? {
        var message = [CChar](repeating: 0, count: 512)
        let context = Unmanaged.passUnretained(self).toOpaque()
        let outcome = narrate_http_get(
            url, accept, userAgent, validators?.etag, validators?.lastModified, timeoutMilliseconds, context,
            { context, head in
                guard let context, let head else { return 0 }
                return Unmanaged<PageTransfer>.fromOpaque(context).takeUnretainedValue().headersArrived(head.pointee) ? 1 : 0
            },
            { context, bytes, count in
                guard let context else { return 0 }
                let buffer = UnsafeBufferPointer(start: bytes, count: count)
                return Unmanaged<PageTransfer>.fromOpaque(context).takeUnretainedValue().bodyArrived(buffer) ? 1 : 0
            },
            { context in
                guard let context else { return 0 }
                return Unmanaged<PageTransfer>.fromOpaque(context).takeUnretainedValue().keepGoing() ? 1 : 0
            },
            &message, message.count
        )
        let host = Self.hostAndPort(of: url)
        switch outcome {
        case NARRATE_HTTP_DONE, NARRATE_HTTP_STOPPED: return nil
        case NARRATE_HTTP_CANCELLED:
            if failure == nil { failure = .interrupted }
            return nil
        case NARRATE_HTTP_UNKNOWN_HOST: return "unknown host \(host.name); check the address and the network connection"
        case NARRATE_HTTP_CANNOT_CONNECT: return "could not connect to \(host.withPort)"
        case NARRATE_HTTP_TIMED_OUT: return PageFetcher.timedOut(after: isBook ? max(timeout, Self.bookTimeout) : timeout)
        case NARRATE_HTTP_UNTRUSTED_CERTIFICATE: return "the certificate of \(host.name) is not trusted"
        case NARRATE_HTTP_SECURE_CONNECTION_FAILED: return "secure connection to \(host.withPort) failed"
        case NARRATE_HTTP_CONNECTION_LOST: return "the connection to \(host.withPort) was lost"
        case NARRATE_HTTP_MALFORMED_RESPONSE: return "\(host.withPort) sent a malformed response"
        case NARRATE_HTTP_BAD_ADDRESS: return "not a valid http or https address"
        default:
            let text = CMessage.text(message)
            return "network error (\(text.isEmpty ? "libcurl" : text))"
        }
    }

    /// Judges a response from its headers: true to read its body.
    private func headersArrived(_ head: narrate_http_head) -> Bool {
        let status = Int(head.status)
        self.status = status
        retryAfter = head.retry_after.map { String(cString: $0) }
        etag = head.etag.map { String(cString: $0) }
        lastModified = head.last_modified.map { String(cString: $0) }
        if status == 304, validators != nil {
            // The caller's copy is current: nothing more to read.
            notModified = true
            accepted = true
            return false
        }
        if (300..<400).contains(status), let location = head.location.map({ String(cString: $0) }) {
            // Resolved against the address that sent it, as a browser does.
            guard let next = URL(string: location, relativeTo: URL(string: currentURL))?.absoluteString else {
                failure = .fetchFailed(url: address, reason: "redirected to an address that is not a valid URL")
                return false
            }
            if let refusal = redirectRefusal(to: next) {
                failure = .fetchFailed(url: address, reason: refusal)
            } else {
                redirectTarget = next
            }
            return false
        }
        let type = head.content_type.map { String(cString: $0).trimmingCharacters(in: .whitespaces) }
        let length = head.content_length >= 0 ? Int(head.content_length) : nil
        if let refusal = responseRefusal(status: status, contentType: type, declaredLength: length) {
            failure = refusal
            return false
        }
        accepted = true
        contentType = type?.isEmpty == false ? type : nil
        declaredLength = length
        lastArrival = .now
        // Not for a file whose first bytes are still to say whether it is a book.
        if let length, receive == nil, !sniffing { body.reserveCapacity(min(length, maximumBytes)) }
        return true
    }

    /// Keeps a piece of the body, or hands it to `receive`: false, with the failure recorded,
    /// past the size limit or when `receive` fails.
    private func bodyArrived(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard received + bytes.count <= maximumBytes else {
            failure = .inputTooLarge(path: address, limit: maximumBytes, kind: receive == nil ? "one page" : "one download")
            return false
        }
        received += bytes.count
        lastArrival = .now
        guard let receive else {
            body.append(contentsOf: bytes)
            if sniffing, body.count >= Self.bookSignatureLength, let refusal = sniffed() {
                failure = refusal
                return false
            }
            return true
        }
        do {
            try receive(bytes, declaredLength)
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// Asked about once a second: false gives the transfer up, when the caller cancels it or
    /// (with a stall timeout) the body has not moved for that long.
    private func keepGoing() -> Bool {
        if isCancelled() { return false }
        if !isBook, ContinuousClock.now > deadline {
            failure = .fetchFailed(url: address, reason: PageFetcher.timedOut(after: timeout))
            return false
        }
        if let stall = stallTimeout ?? (isBook ? timeout : nil), accepted,
            ContinuousClock.now - lastArrival > .milliseconds(Int64(min(stall, 1_000_000_000) * 1000))
        {
            failure = .fetchFailed(url: address, reason: "no data for \(PageFetcher.seconds(stall)) s; try again later")
            return false
        }
        return true
    }

    /// The bytes a book's file begins with: a PDF's header, an EPUB's ZIP container.
    private static let bookSignatures: [(bytes: [UInt8], mediaType: String)] = [
        (Array("%PDF-".utf8), "application/pdf"), ([0x50, 0x4B, 0x03, 0x04], "application/epub+zip"),
    ]
    private static let bookSignatureLength = 5

    /// Decides a response whose type names no format by its first bytes: nil when they are a
    /// book's (its type is then the book's), else why it is refused.
    private func sniffed() -> NarrateError? {
        sniffing = false
        guard let book = Self.bookSignatures.first(where: { body.starts(with: $0.bytes) }) else {
            return .unsupportedContent(url: address, contentType: contentType.map(Self.mediaType(of:)) ?? "application/octet-stream")
        }
        contentType = book.mediaType
        return nil
    }

    // MARK: Decisions

    /// Why the redirect to `next` is not followed, or nil to follow it.
    private func redirectRefusal(to next: String) -> String? {
        guard let url = URL(string: next) else { return "redirected to an address that is not a valid URL" }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "redirected to \(next), which is not an http or https address"
        }
        redirects += 1
        let count = visits[next, default: 0] + 1
        visits[next] = count
        // One return to the same address is allowed: some sites redirect to themselves once to
        // set a cookie.
        if count > 2 { return "redirect loop at \(next)" }
        if redirects > PageFetcher.maximumRedirects {
            return "more than \(PageFetcher.maximumRedirects) redirects"
        }
        return nil
    }

    /// Why a response with these headers is not read any further, or nil to read its body.
    private func responseRefusal(status: Int, contentType: String?, declaredLength: Int?) -> NarrateError? {
        guard (200..<300).contains(status) else {
            let place = redirects > 0 ? " at \(currentURL)" : ""
            return .fetchFailed(url: address, reason: "\(Self.statusText(status))\(place)")
        }
        if let contentType, !contentType.isEmpty, let mediaTypes {
            let mediaType = Self.mediaType(of: contentType)
            // A file the server does not name: a book if its first bytes are one's.
            let unnamed = mayBeBook && Self.unnamedMediaTypes.contains(mediaType)
            if !mediaType.isEmpty, !mediaTypes.contains(mediaType), !unnamed {
                return .unsupportedContent(url: address, contentType: mediaType)
            }
            // A book may be as large as a book file, and take as long as it keeps coming.
            if mayBeBook, Self.bookMediaTypes.contains(mediaType) || unnamed {
                maximumBytes = max(maximumBytes, InputLimits.bookBytes)
                isBook = true
                sniffing = unnamed
            }
        }
        if let declaredLength, declaredLength > maximumBytes {
            return .inputTooLarge(path: address, limit: maximumBytes, kind: receive == nil ? "one page" : "one download")
        }
        return nil
    }

    /// "text/html" from "text/html; charset=utf-8".
    static func mediaType(of contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// "HTTP 404 Not Found".
    static func statusText(_ code: Int) -> String {
        let phrases = [
            300: "Multiple Choices", 304: "Not Modified",
            400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 406: "Not Acceptable", 407: "Proxy Authentication Required",
            408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
            412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
            415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed",
            421: "Misdirected Request", 422: "Unprocessable Content", 425: "Too Early", 426: "Upgrade Required",
            428: "Precondition Required", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
            451: "Unavailable For Legal Reasons",
            500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
            504: "Gateway Timeout", 505: "HTTP Version Not Supported", 507: "Insufficient Storage",
            508: "Loop Detected", 511: "Network Authentication Required",
        ]
        return phrases[code].map { "HTTP \(code) \($0)" } ?? "HTTP \(code)"
    }

    /// The host of `url` alone and with its port, as messages name them.
    static func hostAndPort(of url: String) -> (name: String, withPort: String) {
        guard let components = URLComponents(string: url), let host = components.host else { return (url, url) }
        return (host, components.port.map { "\(host):\($0)" } ?? host)
    }
}
