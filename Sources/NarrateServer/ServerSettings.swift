import Foundation
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
    /// The secret of the private feeds' addresses (`/podcast/SECRET/feed.xml`); nil: none.
    public var feedSecret: String?
    /// Seconds between looks for feed episodes to render ahead.
    public var feedRefreshSeconds: Double
    /// The names a request's `Host` may give (addresses and `localhost` always).
    public var allowedHosts: AllowedHosts
    /// How many connections it holds and how long it waits on each.
    public var connectionLimits: ConnectionLimits
    /// The address listeners reach it by through a reverse proxy; nil: they reach it directly.
    public var publicAddress: PublicAddress?
    /// The certificate and key it speaks HTTPS with; nil: plain HTTP.
    public var tls: ServerTLS?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, location: LibraryLocation, token: String? = nil, feedSecret: String? = nil,
        feedRefreshSeconds: Double = 10, allowedHosts: AllowedHosts? = nil, connectionLimits: ConnectionLimits = ConnectionLimits(),
        publicAddress: PublicAddress? = nil, tls: ServerTLS? = nil
    ) {
        self.host = host
        self.port = port
        self.location = location
        self.token = token
        self.feedSecret = feedSecret
        self.feedRefreshSeconds = feedRefreshSeconds
        self.allowedHosts = allowedHosts ?? .forServer(listeningOn: host, names: [])
        self.connectionLimits = connectionLimits
        self.publicAddress = publicAddress
        self.tls = tls
    }

    /// `https` when it speaks HTTPS itself, else `http`.
    public var scheme: String { tls == nil ? "http" : "https" }

    /// Whether `host` is this machine only, where no token is needed.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// The addresses a browser opens, with the token when one is needed: the public address
    /// behind a proxy; on every network (0.0.0.0, ::) one for each of this machine's IPv4
    /// addresses (a phone cannot open 0.0.0.0), else the one listened on.
    public func urls(port actualPort: Int, includingToken: Bool) -> [String] {
        if let publicAddress {
            return [publicAddress.base + "/" + (includingToken ? token.map { "?token=\($0)" } ?? "" : "")]
        }
        let unspecified = ["0.0.0.0", "::", "[::]"].contains(host)
        let hosts = unspecified ? Self.interfaceAddresses() : []
        return (hosts.isEmpty ? [host] : hosts).map { host in
            let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            var url = "\(scheme)://\(shownHost):\(actualPort)/"
            if includingToken, let token { url += "?token=\(token)" }
            return url
        }
    }

    /// This machine's IPv4 addresses on interfaces that are up, loopback left out.
    public static func interfaceAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var next = first
        while let entry = next {
            next = entry.pointee.ifa_next
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var raw = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !addresses.contains(name) { addresses.append(name) }
        }
        return addresses
    }
}
