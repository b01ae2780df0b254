import Dispatch
import Foundation
import NarrateCore
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One page download as a `URLSession` delegate: it vets every redirect, judges the response
/// the moment its headers arrive, and streams the body into memory up to the size limit,
/// cancelling the task as soon as anything is wrong so no more is downloaded.
///
/// The session calls it on a serial delegate queue while `PageFetcher` waits on another
/// thread; everything mutable sits behind one lock.
final class PageTransfer: NSObject, URLSessionDataDelegate, Sendable {
    /// The media types narrate can read.
    static let readableMediaTypes: Set<String> = [
        "text/html", "application/xhtml+xml", "text/plain", "text/markdown", "text/x-markdown",
    ]

    private struct State {
        /// The address of the request in flight, updated on each redirect.
        var currentURL: URL
        /// How often each address was asked for, to tell a loop from a long chain.
        var visits: [String: Int]
        var redirects = 0
        /// The accepted response; set once its headers pass every check.
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        /// The first thing that went wrong; later errors (the cancellation it caused) are ignored.
        var failure: NarrateError?
        var finished = false
    }

    /// The address as the user gave it, used in every error.
    private let address: String
    private let maximumBytes: Int
    /// The fetch's whole time limit, for the message when FoundationNetworking's timer fires.
    private let timeout: Double
    private let state: Mutex<State>
    private let done = DispatchSemaphore(value: 0)

    /// A transfer of `url` (parsed from `address`) that accepts at most `maximumBytes` and
    /// is given `timeout` seconds.
    init(address: String, url: URL, maximumBytes: Int, timeout: Double) {
        self.address = address
        self.maximumBytes = maximumBytes
        self.timeout = timeout
        self.state = Mutex(State(currentURL: url, visits: [url.absoluteString: 1]))
    }

    /// Waits up to `timeout` seconds for the task to complete; false when time ran out.
    func waitUntilFinished(timeout: Double) -> Bool {
        done.wait(timeout: .now() + timeout) == .success
    }

    /// Cancels `task` unless it has finished, recording `failure` unless another came first.
    ///
    /// The cancel happens under the lock so that it cannot slip between a redirect decision
    /// and its completion handler: FoundationNetworking on Linux stops with a fatal error when a
    /// redirect completion handler runs after its task was cancelled.
    func fail(_ failure: NarrateError, cancelling task: URLSessionTask) {
        state.withLock { state in
            guard !state.finished else { return }
            if state.failure == nil { state.failure = failure }
            task.cancel()
        }
    }

    /// The fetched page, or why there is none.
    func result() -> Result<FetchedPage, NarrateError> {
        state.withLock { state in
            if let failure = state.failure { return .failure(failure) }
            guard let response = state.response else {
                return .failure(.fetchFailed(url: address, reason: "the server sent no response"))
            }
            return .success(
                FetchedPage(
                    finalURL: (response.url ?? state.currentURL).absoluteString,
                    contentType: Self.contentType(of: response), body: state.body
                )
            )
        }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @Sendable @escaping (URLRequest?) -> Void
    ) {
        state.withLock { state in
            // Cancelled (timed out) while this call was queued: answering now would reach a
            // task that is gone, so the handler is dropped.
            guard state.failure == nil else { return }
            if let refusal = redirectRefusal(to: request.url, state: &state) {
                state.failure = .fetchFailed(url: address, reason: refusal)
                // Not following ends the task with the 3xx response; `failure` already says why.
                completionHandler(nil)
                return
            }
            if let next = request.url { state.currentURL = next }
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @Sendable @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        // Already failed: a refused redirect ends with its own 3xx response, a timeout has
        // cancelled the task already.
        enum Verdict { case read, refuse, alreadyFailed }
        let verdict = state.withLock { state -> Verdict in
            guard state.failure == nil else { return .alreadyFailed }
            if let refusal = responseRefusal(response, state: state) {
                state.failure = refusal
                return .refuse
            }
            state.response = response as? HTTPURLResponse
            if let length = Self.declaredLength(of: response) { state.body.reserveCapacity(length) }
            return .read
        }
        completionHandler(verdict == .read ? .allow : .cancel)
        // FoundationNetworking on Linux ignores the disposition (the body keeps coming), so
        // the task is cancelled outright, and the waiting fetch is told at once: the
        // cancellation's own completion can come seconds later on a busy machine.
        if verdict == .refuse {
            dataTask.cancel()
            done.signal()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = state.withLock { state in
            guard state.failure == nil else { return false }
            guard state.body.count + data.count <= maximumBytes else {
                state.failure = .fetchFailed(url: address, reason: "larger than \(PageFetcher.size(maximumBytes))")
                return true
            }
            state.body.append(contentsOf: data)
            return false
        }
        if overflowed {
            dataTask.cancel()
            done.signal()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state.withLock { state in
            if state.failure == nil, let error {
                let reason = Self.reason(for: error, at: state.currentURL, timeout: timeout)
                state.failure = .fetchFailed(url: address, reason: reason)
            }
            state.finished = true
        }
        done.signal()
    }

    // MARK: Decisions

    /// Why the redirect to `next` is not followed, or nil to follow it.
    private func redirectRefusal(to next: URL?, state: inout State) -> String? {
        guard let next else { return "redirected to an address that is not a valid URL" }
        guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return "redirected to \(next.absoluteString), which is not an http or https address"
        }
        state.redirects += 1
        let visits = state.visits[next.absoluteString, default: 0] + 1
        state.visits[next.absoluteString] = visits
        // One return to the same address is allowed: some sites redirect to themselves once to
        // set a cookie.
        if visits > 2 { return "redirect loop at \(next.absoluteString)" }
        if state.redirects > PageFetcher.maximumRedirects {
            return "more than \(PageFetcher.maximumRedirects) redirects"
        }
        return nil
    }

    /// Why `response` is not read any further, or nil to read its body.
    private func responseRefusal(_ response: URLResponse, state: State) -> NarrateError? {
        guard let http = response as? HTTPURLResponse else {
            return .fetchFailed(url: address, reason: "the answer is not an HTTP response")
        }
        guard (200..<300).contains(http.statusCode) else {
            let place = state.redirects > 0 ? " at \((http.url ?? state.currentURL).absoluteString)" : ""
            return .fetchFailed(url: address, reason: "\(Self.statusText(http.statusCode))\(place)")
        }
        if let contentType = Self.contentType(of: http) {
            let mediaType = Self.mediaType(of: contentType)
            if !mediaType.isEmpty, !Self.readableMediaTypes.contains(mediaType) {
                return .unsupportedContent(url: address, contentType: mediaType)
            }
        }
        if let length = Self.declaredLength(of: http), length > maximumBytes {
            return .fetchFailed(url: address, reason: "larger than \(PageFetcher.size(maximumBytes))")
        }
        return nil
    }

    /// The `Content-Type` header, trimmed; nil when absent or empty.
    static func contentType(of response: HTTPURLResponse) -> String? {
        let value = header("Content-Type", of: response)?.trimmingCharacters(in: .whitespaces)
        return value?.isEmpty == false ? value : nil
    }

    /// "text/html" from "text/html; charset=utf-8".
    static func mediaType(of contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The body length the headers announce, when they do.
    static func declaredLength(of response: URLResponse) -> Int? {
        guard let http = response as? HTTPURLResponse, let value = header("Content-Length", of: http) else {
            return nil
        }
        return Int(value.trimmingCharacters(in: .whitespaces))
    }

    /// A header's value, whatever the case of its name.
    private static func header(_ name: String, of response: HTTPURLResponse) -> String? {
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, key.caseInsensitiveCompare(name) == .orderedSame { return value as? String }
        }
        return nil
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

    /// One line for a transport error, never Foundation's own dump ("Error Domain=...").
    static func reason(for error: any Error, at url: URL, timeout: Double) -> String {
        let code: Int
        if let urlError = error as? URLError {
            code = urlError.code.rawValue
        } else {
            let error = error as NSError
            guard error.domain == NSURLErrorDomain else { return "network error (\(error.domain) \(error.code))" }
            code = error.code
        }
        let host = url.host ?? url.absoluteString
        let hostAndPort = url.port.map { "\(host):\($0)" } ?? host
        switch code {
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed:
            return "unknown host \(host); check the address and the network connection"
        case NSURLErrorCannotConnectToHost:
            return "could not connect to \(hostAndPort)"
        case NSURLErrorNotConnectedToInternet:
            return "no network connection"
        case NSURLErrorNetworkConnectionLost:
            return "the connection to \(hostAndPort) was lost"
        case NSURLErrorTimedOut:
            return PageFetcher.timedOut(after: timeout)
        case NSURLErrorHTTPTooManyRedirects:
            return "more than \(PageFetcher.maximumRedirects) redirects"
        case NSURLErrorBadServerResponse, NSURLErrorCannotParseResponse:
            return "\(hostAndPort) sent a malformed response"
        case NSURLErrorSecureConnectionFailed:
            return "secure connection to \(hostAndPort) failed"
        case NSURLErrorServerCertificateHasBadDate, NSURLErrorServerCertificateUntrusted,
            NSURLErrorServerCertificateHasUnknownRoot, NSURLErrorServerCertificateNotYetValid:
            return "the certificate of \(host) is not trusted"
        case NSURLErrorBadURL, NSURLErrorUnsupportedURL:
            return "not a valid http or https address"
        case NSURLErrorCancelled:
            return "cancelled"
        default:
            return "network error (URL error \(code))"
        }
    }
}
