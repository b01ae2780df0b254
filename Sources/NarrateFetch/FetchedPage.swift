/// A page fetched over HTTP: its bytes and what the server said about them.
public struct FetchedPage: Sendable, Equatable {
    /// The address the page came from after every redirect.
    public var finalURL: String
    /// The `Content-Type` header, when the server sent one.
    public var contentType: String?
    /// The body.
    public var body: [UInt8]
    /// The `ETag` and `Last-Modified` headers, for asking later whether it changed.
    public var etag: String?
    public var lastModified: String?

    /// Creates a fetched page.
    public init(finalURL: String, contentType: String?, body: [UInt8], etag: String? = nil, lastModified: String? = nil) {
        self.finalURL = finalURL
        self.contentType = contentType
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
    }
}
