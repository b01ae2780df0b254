import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NarrateCore
internal import PostgresNIO
internal import _ConnectionPoolModule

/// The connections of a queue in use: a pool (postgres-nio's `PostgresClient`), run as a
/// service on a task of its own from `open` to `close`, that every statement borrows a
/// connection from, so a worker's lease renewal, its job's end and its next claim do not wait
/// on each other.
///
/// `open` makes one connection first, and hands it to its caller (the schema's upgrade) before
/// the pool starts: a wrong address, password or TLS setting is one clear error at once, not a
/// pool retrying in the background. A connection lost after that (the server restarted, the
/// network dropped) is made again by the pool with backoff; a statement cut off by it is sent
/// again, up to `patience` seconds. The queue's statements are written so that sending one
/// twice does no harm, or the lease takes care of it.
final class PostgresSession: Sendable {
    let address: PostgresQueueAddress
    /// Seconds to keep trying a statement on a lost connection before giving up.
    let patience: Double
    private let client: PostgresClient
    /// The pool's service task, until `close`.
    private let service: NIOLockedValueBox<Task<Void, Never>?>
    private let logger = Logger(label: "narrate.queue") { _ in SwiftLogNoOpLogHandler() }

    private init(address: PostgresQueueAddress, patience: Double, client: PostgresClient) {
        self.address = address
        self.patience = patience
        self.client = client
        service = NIOLockedValueBox(Task { await client.run() })
    }

    deinit {
        service.withLockedValue { $0?.cancel() }
    }

    /// Connects to `address`, runs `prepare` on that first connection (in a transaction), then
    /// starts the pool. Fails at once, with one of narrate's errors, when the first connection
    /// cannot be made.
    static func open(
        address: PostgresQueueAddress, patience: Double,
        prepare: (_ run: (PostgresQuery) async throws(NarrateError) -> [PostgresRow]) async throws(NarrateError) -> Void
    ) async throws(NarrateError) -> PostgresSession {
        let connection = try await connect(address)
        do throws(NarrateError) {
            try await transaction(on: connection, address: address, prepare)
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
        let configuration: PostgresClient.Configuration
        do {
            configuration = try clientConfiguration(for: address)
        } catch {
            throw narrateError(error, address: address)
        }
        let logger = Logger(label: "narrate.queue") { _ in SwiftLogNoOpLogHandler() }
        return PostgresSession(
            address: address, patience: patience, client: PostgresClient(configuration: configuration, backgroundLogger: logger)
        )
    }

    /// Ends the pool: its connections are closed, and a statement after this fails.
    func close() async {
        guard
            let task = service.withLockedValue({ task in
                defer { task = nil }
                return task
            })
        else { return }
        task.cancel()
        await task.value
    }

    /// Runs `query` and returns its rows.
    @discardableResult
    func query(_ query: PostgresQuery) async throws(NarrateError) -> [PostgresRow] {
        var delay = 0.1
        let deadline = ContinuousClock.now + .seconds(patience)
        while true {
            do {
                var rows: [PostgresRow] = []
                for try await row in try await client.query(query, logger: logger) { rows.append(row) }
                return rows
            } catch {
                let reported = Self.narrateError(error, address: address)
                guard Self.isTransient(error), ContinuousClock.now + .seconds(delay) < deadline else { throw reported }
                do {
                    try await Task.sleep(for: .seconds(delay))
                } catch {
                    throw .interrupted
                }
                delay = min(delay * 2, 5)
            }
        }
    }

    /// A connection of its own (not the pool's) to `address`, made at once or not at all.
    static func connect(_ address: PostgresQueueAddress) async throws(NarrateError) -> PostgresConnection {
        do {
            var configuration = PostgresConnection.Configuration(
                host: address.host, port: address.port, username: address.user, password: address.password,
                database: address.database, tls: try connectionTLS(for: address)
            )
            configuration.options.connectTimeout = .milliseconds(Int64(address.connectTimeout * 1000))
            configuration.options.additionalStartupParameters = [("application_name", "narrate")]
            return try await PostgresConnection.connect(
                configuration: configuration, id: 0,
                logger: Logger(label: "narrate.queue") { _ in
                    SwiftLogNoOpLogHandler()
                })
        } catch {
            throw narrateError(error, address: address)
        }
    }

    /// Runs `body` in one transaction on `connection`, committed when it returns; rolled back
    /// when it throws.
    private static func transaction(
        on connection: PostgresConnection, address: PostgresQueueAddress,
        _ body: (_ run: (PostgresQuery) async throws(NarrateError) -> [PostgresRow]) async throws(NarrateError) -> Void
    ) async throws(NarrateError) {
        let logger = Logger(label: "narrate.queue") { _ in SwiftLogNoOpLogHandler() }
        func run(_ query: PostgresQuery) async throws(NarrateError) -> [PostgresRow] {
            do {
                var rows: [PostgresRow] = []
                for try await row in try await connection.query(query, logger: logger) { rows.append(row) }
                return rows
            } catch {
                throw narrateError(error, address: address)
            }
        }
        _ = try await run("BEGIN")
        do throws(NarrateError) {
            try await body(run)
            _ = try await run("COMMIT")
        } catch {
            _ = try? await run("ROLLBACK")
            throw error
        }
    }

    /// The pool's settings for `address`: the same server, user, TLS and time-outs as the
    /// first connection's.
    private static func clientConfiguration(for address: PostgresQueueAddress) throws -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password, database: address.database,
            tls: .disable
        )
        if let tls = tlsConfiguration(for: address) {
            configuration.tls = address.tls == .prefer ? .prefer(tls) : .require(tls)
        }
        configuration.options.connectTimeout = .milliseconds(Int64(address.connectTimeout * 1000))
        configuration.options.additionalStartupParameters = [("application_name", "narrate")]
        // A worker's statements are one at a time, besides its lease's: a few connections.
        configuration.options.maximumConnections = 4
        return configuration
    }

    /// The TLS settings of `address`'s sslmode (nil for `disable`): the system's authorities;
    /// the certificate checked only for verify-ca and verify-full, the host name only for
    /// verify-full.
    private static func tlsConfiguration(for address: PostgresQueueAddress) -> TLSConfiguration? {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch address.tls {
        case .disable: return nil
        case .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        return configuration
    }

    /// The first connection's TLS settings.
    private static func connectionTLS(for address: PostgresQueueAddress) throws -> PostgresConnection.Configuration.TLS {
        guard let configuration = tlsConfiguration(for: address) else { return .disable }
        let context = try NIOSSLContext(configuration: configuration)
        return address.tls == .prefer ? .prefer(context) : .require(context)
    }

    /// Whether `error` is a lost or refused connection that may heal (a restart, a failover),
    /// not a refusal that will be the same next time.
    static func isTransient(_ error: any Error) -> Bool {
        // The pool gave up making connections for a while (its circuit breaker): the server
        // is still away.
        if error is ConnectionPoolError { return true }
        guard let error = error as? PSQLError else { return error is IOError || error is ChannelError || error is NIOConnectionError }
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
        if error is CancellationError { return .interrupted }
        let shownAddress = address.redacted
        if error is ConnectionPoolError {
            return .queueUnavailable(address: shownAddress, reason: "no connection could be made again for a minute (\(error))")
        }
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
        case .poolClosed:
            return .queueUnavailable(address: shownAddress, reason: "the queue's connections were closed")
        case .queryCancelled:
            return .interrupted
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
