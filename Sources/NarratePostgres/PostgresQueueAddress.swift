import Foundation
public import NarrateCore

/// Where a PostgreSQL job queue is and who connects to it, read as PostgreSQL's own tools
/// read it: a URL `postgresql://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=MODE` (or
/// `postgres://`), with what the URL leaves out taken from `PGUSER`, `PGHOST`, `PGPORT`,
/// `PGDATABASE`, `PGSSLMODE`, the password from `PGPASSWORD` or the password file
/// (`PGPASSFILE`, else `~/.pgpass`, lines of `host:port:database:user:password` with `*` for
/// any and `\:` for a colon), as libpq does.
public struct PostgresQueueAddress: Sendable, Equatable {
    /// How the connection is encrypted, libpq's `sslmode`.
    public enum TLSMode: String, Sendable, Equatable {
        /// Never.
        case disable
        /// When the server offers it (libpq's default; `allow` is read as this too).
        case prefer
        /// Always, without checking the certificate.
        case require
        /// Always, with the certificate checked against the system's authorities.
        case verifyCA = "verify-ca"
        /// Always, with the certificate and the host name checked.
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode
    /// Seconds to wait for a connection.
    public var connectTimeout: Double

    /// The address to show: the URL without its password.
    public var redacted: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "postgresql://\(user)@\(hostPart):\(port)/\(database)"
    }

    /// Reads `url`; `environment` and `home` supply what it leaves out. A URL that is not a
    /// PostgreSQL one is `invalidOption` (exit 64).
    public init(url: String, environment: [String: String], home: String?) throws(NarrateError) {
        func invalid(_ why: String) -> NarrateError {
            .invalidOption(name: "queue", message: "--queue \(url): \(why); give postgresql://USER@HOST/DATABASE")
        }
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else {
            throw invalid("not a URL")
        }
        guard scheme == "postgresql" || scheme == "postgres" else {
            throw invalid("the scheme is \(scheme)://, not postgresql://")
        }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
        let user =
            components.user.flatMap { $0.removingPercentEncoding ?? $0 }.flatMap { $0.isEmpty ? nil : $0 }
            ?? parameters["user"] ?? environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        var host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? parameters["host"] ?? environment["PGHOST"] ?? "localhost"
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasPrefix("/") { throw invalid("a Unix socket is not supported; give the server's host name") }
        let portText = components.port.map(String.init) ?? parameters["port"] ?? environment["PGPORT"] ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else { throw invalid("the port \(portText) is not a port number") }
        let path = components.percentEncodedPath.split(separator: "/").first.map { String($0).removingPercentEncoding ?? String($0) }
        let database = path.flatMap { $0.isEmpty ? nil : $0 } ?? parameters["dbname"] ?? environment["PGDATABASE"] ?? user
        let modeText = parameters["sslmode"] ?? environment["PGSSLMODE"] ?? "prefer"
        guard let tls = modeText == "allow" ? .prefer : TLSMode(rawValue: modeText) else {
            throw invalid("sslmode \(modeText) is not one of disable, allow, prefer, require, verify-ca, verify-full")
        }
        let timeoutText = parameters["connect_timeout"] ?? environment["PGCONNECT_TIMEOUT"] ?? "10"
        guard let timeout = Double(timeoutText), timeout >= 0 else {
            throw invalid("connect_timeout \(timeoutText) is not a number of seconds")
        }
        for name in parameters.keys
        where !["sslmode", "connect_timeout", "user", "host", "port", "dbname", "application_name"].contains(name) {
            throw invalid("the parameter \(name) is not supported")
        }
        self.host = host
        self.port = port
        self.user = user
        self.database = database
        self.tls = tls
        self.connectTimeout = timeout == 0 ? 10 : timeout
        self.password =
            components.password.map { $0.removingPercentEncoding ?? $0 }
            ?? parameters["password"] ?? environment["PGPASSWORD"]
            ?? Self.passwordFile(environment: environment, home: home).flatMap {
                Self.password(inPasswordFile: $0, host: host, port: port, database: database, user: user)
            }
    }

    /// The password file libpq reads: `PGPASSFILE`, else `~/.pgpass`.
    static func passwordFile(environment: [String: String], home: String?) -> String? {
        if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
        return (environment["HOME"] ?? home).map { "\($0)/.pgpass" }
    }

    /// The password for this host, port, database and user in the password file at `path`:
    /// the first line that matches, `*` matching anything. libpq ignores a file others can
    /// read; so does this.
    static func password(inPasswordFile path: String, host: String, port: Int, database: String, user: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_mode & 0o077 == 0,
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        let wanted = [host, String(port), database, user]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = splitFields(String(line))
            guard fields.count == 5 else { continue }
            let matches = zip(fields.prefix(4), wanted).allSatisfy { field, value in field == "*" || field == value }
            if matches { return fields[4] }
        }
        return nil
    }

    /// A password-file line's fields: split at colons, `\:` and `\\` taken literally.
    private static func splitFields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
