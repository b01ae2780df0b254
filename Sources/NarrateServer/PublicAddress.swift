import Foundation

/// The address listeners reach `narrate serve` by through a reverse proxy (`--public-url`):
/// Caddy, nginx or another server that takes the connections, often with HTTPS, and passes
/// them on from this machine.
///
/// Behind a proxy every request arrives from loopback, so the server cannot tell a stranger
/// from its owner by where a request comes from: with a public address every request needs
/// the token, whatever the address listened on. The address is also where the pages and the
/// feeds link (its scheme and name, never the headers a proxy adds: those are anyone's to
/// forge), and its name is one a request's `Host` may give.
public struct PublicAddress: Sendable, Equatable {
    /// `https://NAME` or `http://NAME:PORT`, without a trailing slash.
    public let base: String
    /// The host name or address, lower-cased (without IPv6 brackets).
    public let host: String
    /// Whether listeners reach it over HTTPS (the token's cookie is then sent only over HTTPS).
    public let isSecure: Bool

    /// Its origin as a browser sends it in `Origin` (lower-case, without the default port).
    var origin: String {
        for (scheme, port) in [("https://", ":443"), ("http://", ":80")] where base.hasPrefix(scheme) && base.hasSuffix(port) {
            return String(base.dropLast(port.count))
        }
        return base
    }

    /// The address of `url`, or nil when it is none (see `problem(with:)`).
    public init?(_ url: String) {
        guard Self.problem(with: url) == nil, let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            let host = components.host?.lowercased()
        else { return nil }
        // An IPv6 address comes with its brackets from some URL parsers, without from others.
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let shownHost = bare.contains(":") ? "[\(bare)]" : bare
        base = "\(scheme)://\(shownHost)" + (components.port.map { ":\($0)" } ?? "")
        self.host = bare
        isSecure = scheme == "https"
    }

    /// Why `url` cannot be the public address, or nil: it must be an `http` or `https` URL of
    /// a host, at its root (the pages ask for `/api/…`), with no user, query or fragment.
    public static func problem(with url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty
        else {
            return "`\(url)` is not an http or https address: give the address listeners open, such as https://narrate.example.org"
        }
        if components.user != nil || components.password != nil || components.query != nil || components.fragment != nil {
            return "`\(url)` has a user, a query or a fragment: give only the scheme, the name and the port"
        }
        if !["", "/"].contains(components.path) {
            return "`\(url)` has a path: narrate is served at the root of its address (give the proxy a name or a port of its own)"
        }
        if host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" }) {
            return "`\(url)` has no host name narrate can use"
        }
        return nil
    }
}
