public import NarrateLibrary

/// How `narrate serve` runs: where it listens, over which library, and the token a request
/// needs when it listens beyond this machine.
public struct ServerSettings: Sendable {
    /// The address to listen on ("127.0.0.1", "::1", "0.0.0.0", a host name).
    public var host: String
    /// The port; 0 lets the system choose one (the address printed says which).
    public var port: Int
    /// The library served.
    public var location: LibraryLocation
    /// The token every request must carry; nil serves without one (loopback only).
    public var token: String?

    public init(host: String = "127.0.0.1", port: Int = 8080, location: LibraryLocation, token: String? = nil) {
        self.host = host
        self.port = port
        self.location = location
        self.token = token
    }

    /// Whether `host` is this machine only, where no token is needed.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// The address a browser opens, with the token when one is needed.
    public func url(port actualPort: Int, includingToken: Bool) -> String {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        var url = "http://\(shownHost):\(actualPort)/"
        if includingToken, let token { url += "?token=\(token)" }
        return url
    }
}
