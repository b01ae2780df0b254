import Foundation

/// The names a request's `Host` may give for `narrate serve` to answer it: the defence against
/// DNS rebinding, where a web page the listener visits makes its own name resolve to this
/// machine and so reaches the server as a page of its own site (its `Origin` and `Host` then
/// agree, and on loopback no token is asked).
///
/// A rebinding page can only send its own name, never an address, so these are answered:
/// - any IP address (`127.0.0.1`, `[::1]`, `192.168.1.20`): a browser sends an address only
///   when it opened that address, which reached this server;
/// - `localhost` and names under `.localhost`, which browsers resolve to loopback themselves;
/// - this machine's host name and its `.local` name, when the server listens beyond loopback;
/// - the names the user allows (`--allowed-host`): `NAME`, `NAME:PORT` (that port only), or
///   `.NAME` (the name and every name under it).
///
/// The port is compared only where an allowed name gives one: a rebinding page cannot choose
/// the name its requests carry, whatever the port, and a proxy in front may give its own.
public struct AllowedHosts: Sendable, Equatable {
    /// A name the user allows, as typed: lower-cased, without a trailing dot.
    struct Allowed: Sendable, Equatable {
        var name: String
        var port: Int?
        var includesSubdomains: Bool
    }

    let allowed: [Allowed]
    /// This machine's names (lower-cased), answered when listening beyond loopback.
    let machineNames: [String]

    /// The names `narrate serve` answers besides addresses and `localhost`: `names` as the user
    /// gave them (`--allowed-host`), and `machineNames` (this machine's, when it listens on
    /// the network).
    public init(names: [String] = [], machineNames: [String] = []) {
        allowed = names.compactMap(Self.parseAllowed)
        self.machineNames = machineNames.map { Self.normalized($0) }.filter { !$0.isEmpty }
    }

    /// The hosts for a server listening on `host`: beyond loopback, this machine's host name
    /// and its `.local` name too.
    public static func forServer(listeningOn host: String, names: [String]) -> AllowedHosts {
        guard !ServerSettings.isLoopback(host) else { return AllowedHosts(names: names) }
        let name = ProcessInfo.processInfo.hostName
        let short = name.split(separator: ".").first.map(String.init) ?? name
        let machine = name.isEmpty || name == "localhost" ? [] : [name, short, short + ".local"]
        return AllowedHosts(names: names, machineNames: machine)
    }

    /// Why `name` cannot be allowed, or nil: an `--allowed-host` must be a host name (with a
    /// port, or a leading dot for the names under it), never a pattern that allows every site.
    public static func problem(with name: String) -> String? {
        guard let parsed = parseAllowed(name) else {
            return "`\(name)` is not a host name: give a name such as narrate.example.org, narrate.example.org:8443 or .example.org"
        }
        if parsed.includesSubdomains, !parsed.name.contains(".") {
            return "`\(name)` would allow every site under a top-level domain: give a domain of your own, such as .example.org"
        }
        return nil
    }

    /// Whether a request whose `Host` is `authority` is for this server. A missing `Host`
    /// (HTTP/1.0) is answered: browsers, the only clients a rebinding page can drive, always
    /// send one.
    public func allows(_ authority: String?) -> Bool {
        guard let authority else { return true }
        guard let (host, port) = Self.split(authority) else { return false }
        if Self.isAddress(host) || host == "localhost" || host.hasSuffix(".localhost") { return true }
        if machineNames.contains(host) { return true }
        return allowed.contains { entry in
            let nameMatches = host == entry.name || (entry.includesSubdomains && host.hasSuffix("." + entry.name))
            return nameMatches && (entry.port == nil || entry.port == port)
        }
    }

    /// `authority` as a host (lower-cased, without a trailing dot or IPv6 brackets) and a port;
    /// nil when it is not a host and port (white space, a user name, an empty port).
    static func split(_ authority: String) -> (host: String, port: Int?)? {
        guard !authority.isEmpty, authority.utf8.count <= 300, !authority.contains(where: { $0.isWhitespace || $0 == "@" || $0 == "/" })
        else { return nil }
        var host = Substring(authority)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            guard isIPv6(String(host)) else { return nil }
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = host.lastIndex(of: ":") {
            portText = host[host.index(after: colon)...]
            host = host[..<colon]
            guard !host.contains(":") else { return nil }
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit), let value = Int(portText), value <= 65_535
            else { return nil }
            port = value
        }
        let name = normalized(String(host))
        guard !name.isEmpty else { return nil }
        return (name, port)
    }

    /// A name lower-cased, its trailing dot (a fully qualified name) dropped.
    static func normalized(_ name: String) -> String {
        let lower = name.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }

    /// An allowed name as the user typed it; nil when it is no host name.
    static func parseAllowed(_ text: String) -> Allowed? {
        let subdomains = text.hasPrefix(".")
        guard let (host, port) = split(subdomains ? String(text.dropFirst()) : text), !host.hasPrefix("."), !host.contains("..")
        else { return nil }
        let labels = host.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
        }
        guard labels || isAddress(host) else { return nil }
        return Allowed(name: host, port: port, includesSubdomains: subdomains)
    }

    /// Whether `host` is an IPv4 or IPv6 address (without brackets).
    static func isAddress(_ host: String) -> Bool {
        isIPv6(host)
            || {
                var address = in_addr()
                return inet_pton(AF_INET, host, &address) == 1
            }()
    }

    static func isIPv6(_ host: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, host, &address) == 1
    }
}

extension Character {
    /// An ASCII digit, 0 to 9.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
