import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import NarrateCore
internal import PostgresNIO

/// One connection to PostgreSQL used from synchronous code (a worker's loop, a command): each
/// statement waits for its answer. A connection lost after it once worked (the server
/// restarted, the network dropped) is made again with backoff, up to `patience` seconds, and
/// the statement sent again; the queue's statements are written so that sending one twice
/// does no harm, or the lease takes care of it. The first connection is not retried: a wrong
/// address or password is one clear error at once.
final class PostgresSession: @unchecked Sendable {
    let address: PostgresQueueAddress
    /// Seconds to keep trying to reconnect before giving up.
    let patience: Double
    private let lock = NSLock()
    private var connection: PostgresConnection?
    private var hasConnected = false
    private var nextConnectionID = 1
    private let logger = Logger(label: "narrate.queue") { _ in SwiftLogNoOpLogHandler() }

    init(address: PostgresQueueAddress, patience: Double = 120) {
        self.address = address
        self.patience = patience
    }

    deinit {
        try? connection?.close().wait()
    }

    /// Closes the connection (a later statement opens another).
    func close() {
        lock.lock()
        defer { lock.unlock() }
        try? connection?.close().wait()
        connection = nil
    }

    /// Runs `query` and returns its rows.
    @discardableResult
    func query(_ query: PostgresQuery) throws(NarrateError) -> [PostgresRow] {
        lock.lock()
        defer { lock.unlock() }
        var delay = 0.1
        let deadline = Date().addingTimeInterval(patience)
        while true {
            do {
                let connection = try openConnection()
                let result = try connection.query(query, logger: logger).wait()
                return Array(result.rows)
            } catch {
                let reported = Self.narrateError(error, address: address)
                guard hasConnected, Self.isTransient(error), Date().addingTimeInterval(delay) < deadline else { throw reported }
                try? connection?.close().wait()
                connection = nil
                Thread.sleep(forTimeInterval: delay)
                delay = min(delay * 2, 5)
            }
        }
    }

    /// Runs `body` in one transaction on one connection, committed when it returns; rolled
    /// back when it throws. Not retried: a transaction cut off is rolled back by the server,
    /// and the caller decides.
    func transaction<Result>(_ body: (_ run: (PostgresQuery) throws(NarrateError) -> [PostgresRow]) throws(NarrateError) -> Result)
        throws(NarrateError) -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        let connection: PostgresConnection
        do {
            connection = try openConnection()
        } catch {
            throw Self.narrateError(error, address: address)
        }
        let logger = self.logger
        let address = self.address
        func run(_ query: PostgresQuery) throws(NarrateError) -> [PostgresRow] {
            do {
                return Array(try connection.query(query, logger: logger).wait().rows)
            } catch {
                throw Self.narrateError(error, address: address)
            }
        }
        _ = try run("BEGIN")
        do {
            let result = try body(run)
            _ = try run("COMMIT")
            return result
        } catch {
            _ = try? run("ROLLBACK")
            throw error
        }
    }

    /// Calls `handler` for every notification on `channel`, on a connection of this session's
    /// (opened now if need be; its own, since a listening connection should not be busy). A
    /// lost connection stops the notifications; `isListening` tells.
    func listen(on channel: String, _ handler: @escaping @Sendable () -> Void) throws(NarrateError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            let connection = try openConnection()
            connection.addListener(channel: channel) { _, _ in handler() }
            // A statement after the LISTEN the listener sent: once it answers, LISTEN is in force.
            _ = try connection.query("SELECT 1", logger: logger).wait()
        } catch {
            throw Self.narrateError(error, address: address)
        }
    }

    /// Whether the connection is open (a listener on it still hears).
    var isOpen: Bool {
        lock.lock()
        defer { lock.unlock() }
        return connection.map { !$0.isClosed } ?? false
    }

    /// The open connection, or a new one.
    private func openConnection() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        var configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password,
            database: address.database, tls: try Self.tls(for: address)
        )
        configuration.options.connectTimeout = .milliseconds(Int64(address.connectTimeout * 1000))
        configuration.options.additionalStartupParameters = [("application_name", "narrate")]
        let made = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration, id: nextConnectionID, logger: logger
        ).wait()
        nextConnectionID += 1
        connection = made
        hasConnected = true
        return made
    }

    /// The TLS settings of `address`'s sslmode: the system's authorities; the certificate
    /// checked only for verify-ca and verify-full, the host name only for verify-full.
    private static func tls(for address: PostgresQueueAddress) throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch address.tls {
        case .disable: return .disable
        case .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        let context = try NIOSSLContext(configuration: configuration)
        return address.tls == .prefer ? .prefer(context) : .require(context)
    }

    /// Whether `error` is a lost or refused connection that may heal (a restart, a failover),
    /// not a refusal that will be the same next time.
    static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return error is IOError || error is ChannelError }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection: return true
        case .server:
            // 57P01-03: the server shuts down or starts up; 08: connection exceptions.
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("57P") || state.hasPrefix("08")
        default: return false
        }
    }

    /// What `error` means for a user, as one of narrate's errors.
    static func narrateError(_ error: any Error, address: PostgresQueueAddress) -> NarrateError {
        if let error = error as? NarrateError { return error }
        let shownAddress = address.redacted
        guard let error = error as? PSQLError else {
            return .queueUnavailable(address: shownAddress, reason: describe(error))
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "an error"
            switch state {
            // Invalid authorization (a wrong password, no such user, pg_hba refusing), and no privilege.
            case "28P01", "28000", "42501": return .queueDenied(address: shownAddress, reason: message)
            case "3D000":
                return .queueUnavailable(address: shownAddress, reason: "\(message) (create it, or name another database in the URL)")
            default: return .queueUnavailable(address: shownAddress, reason: "\(message) (SQLSTATE \(state))")
            }
        case .authMechanismRequiresPassword:
            return .queueDenied(
                address: shownAddress, reason: "the server asks for a password and none was given (URL, PGPASSWORD or ~/.pgpass)")
        case .unsupportedAuthMechanism:
            return .queueDenied(
                address: shownAddress,
                reason: "the server asks for an authentication method narrate does not speak (use scram-sha-256 or md5)")
        case .saslError:
            return .queueDenied(address: shownAddress, reason: "authentication failed")
        case .sslUnsupported:
            return .queueUnavailable(
                address: shownAddress, reason: "the server does not offer TLS, which sslmode=\(address.tls.rawValue) needs")
        case .connectionError:
            return .queueUnavailable(address: shownAddress, reason: error.underlying.map(describe) ?? "cannot connect")
        case .serverClosedConnection, .uncleanShutdown:
            return .queueUnavailable(address: shownAddress, reason: "the server closed the connection")
        default:
            return .queueUnavailable(address: shownAddress, reason: "\(error.code)" + (error.underlying.map { ": " + describe($0) } ?? ""))
        }
    }

    /// A short reading of a connection-level error.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            let reasons = error.connectionErrors.map { describe($0.error) }
            if let first = reasons.first { return first }
            if let dns = error.dnsAError ?? error.dnsAAAAError { return "cannot resolve the host (\(dns))" }
            return "cannot connect"
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return "connection refused"
            case ETIMEDOUT: return "timed out"
            case EHOSTUNREACH, ENETUNREACH: return "no route to the host"
            default: return "\(error)"
            }
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return "timed out connecting" }
        if error is NIOSSLError { return "TLS failed: \(error)" }
        return "\(error)"
    }
}
