public import NarrateCore

/// What a conditional fetch of a feed found.
public enum ConditionalFetch: Sendable, Equatable {
    /// The document, new or changed.
    case fetched(FetchedPage)
    /// The caller's copy is current (HTTP 304); `finalURL` is where it was asked after redirects.
    case notModified(finalURL: String)
    /// The server asked to be left alone (HTTP 429 or 503), for `retryAfter` seconds when it
    /// said how long; `error` says so in a line.
    case throttled(status: Int, retryAfter: Double?, error: NarrateError)
}
