import Foundation
public import NarrateCore

/// Downloads files that are not articles (a voice's model and configuration, a voice
/// catalogue): any media type, following redirects, of any size up to a limit, streamed to
/// the caller as they arrive, given up when the body stalls rather than after a fixed time.
public struct FileDownload: Sendable {
    /// Seconds a whole download may take (a large model on a slow line takes long).
    public let timeout: Double
    /// Seconds without a byte of body after which a download is given up.
    public let stallTimeout: Double
    /// The `User-Agent` header sent with every request.
    public let userAgent: String
    /// Asked about once a second: true gives the download up with `.interrupted`.
    public let isCancelled: @Sendable () -> Bool

    /// Creates a downloader; `timeout` and `stallTimeout` must be positive.
    public init(
        timeout: Double = 6 * 3600, stallTimeout: Double = 60, userAgent: String = "narrate/0.1 (+offline article narrator)",
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        precondition(timeout > 0 && stallTimeout > 0, "download time limits must be positive")
        self.timeout = timeout
        self.stallTimeout = stallTimeout
        self.userAgent = userAgent
        self.isCancelled = isCancelled
    }

    /// The body at `address`, held in memory: at most `maximumBytes`.
    ///
    /// - Throws: as `PageFetcher.fetch`, but any media type is accepted.
    public func fetch(_ address: String, maximumBytes: Int) throws(NarrateError) -> [UInt8] {
        let url = try PageFetcher.validatedURL(address)
        let transfer = PageTransfer(
            address: address, url: url.absoluteString, maximumBytes: maximumBytes, timeout: timeout, accept: "*/*",
            userAgent: userAgent, mediaTypes: nil, isCancelled: isCancelled, stallTimeout: stallTimeout
        )
        return try transfer.run().body
    }

    /// Downloads `address`, handing each piece of its body to `receive` with the length the
    /// server declared (nil when it did not say); returns the bytes received. A failure of
    /// `receive` ends the download with that error.
    ///
    /// - Throws: `.fetchFailed` (no connection, an HTTP error, a stall), `.inputTooLarge`
    ///   past `maximumBytes`, `.interrupted`, or what `receive` threw.
    @discardableResult
    public func download(
        _ address: String, maximumBytes: Int, receive: @escaping (UnsafeBufferPointer<UInt8>, Int?) throws(NarrateError) -> Void
    ) throws(NarrateError) -> Int {
        let url = try PageFetcher.validatedURL(address)
        var received = 0
        let transfer = PageTransfer(
            address: address, url: url.absoluteString, maximumBytes: maximumBytes, timeout: timeout, accept: "*/*",
            userAgent: userAgent, mediaTypes: nil, isCancelled: isCancelled, stallTimeout: stallTimeout
        ) { (bytes, declared) throws(NarrateError) in
            received += bytes.count
            try receive(bytes, declared)
        }
        _ = try transfer.run()
        return received
    }
}
