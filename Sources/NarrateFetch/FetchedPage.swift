/// A page fetched over HTTP: its bytes and what the server said about them.
public struct FetchedPage: Sendable, Equatable {
    /// The address the page came from after every redirect.
    public var finalURL: String
    /// The `Content-Type` header, when the server sent one.
    public var contentType: String?
    /// The body.
    public var body: [UInt8]

    /// Creates a fetched page.
    public init(finalURL: String, contentType: String?, body: [UInt8]) {
        self.finalURL = finalURL
        self.contentType = contentType
        self.body = body
    }
}
