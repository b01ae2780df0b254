import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NarrateCore
import NarrateQueue
internal import PostgresNIO
internal import _ConnectionPoolModule

/// The connections of a queue in use: a pool (postgres-nio's `PostgresClient`), run as a
/// service on a task of its own from `open` to `close`, that every statement borrows a
/// connection from, so a worker's lease renewal, its job's end and its next claim do not wait
/// on each other.
///
/// `open` makes one connection first, and hands it to its caller (the schema's upgrade) before
/// the pool starts: a wrong address, password or TLS setting is one clear error at once, not a
/// pool retrying in the background. Later, a watchdog looks once a second at the statements
/// waiting for a connection (`PoolWatch`): one that waited more than a second has a connection
/// of the watchdog's own ask the server why, and a refusal (a changed password) is told at
/// once. A statement cut off by a lost connection (the server restarted, the network dropped)
/// is sent again, up to `patience` seconds: between tries, a connection of its own asks the
/// server, with backoff, whether it is back, and once it is, a fresh pool takes over from the
/// one that was backing off. The queue's statements are written so that sending one twice
/// does no harm, or the lease takes care of it.
final class PostgresSession: Sendable {
    let address: PostgresQueueAddress
    /// Seconds to keep trying a statement on a lost connection before giving up.
    let patience: Double
    /// A pool, its service task, and how many pools came before it.
    typealias Pool = (client: PostgresClient, service: Task<Void, Never>, generation: Int)
    /// The pool; nil once closed.
    private let pool: NIOLockedValueBox<Pool?>
    /// The statements waiting for a connection, and the task that looks at them every second.
    private let watch = PoolWatch()
    private let watchdog: Task<Void, Never>
    private let logger = Logger(label: "narrate.queue") { _ in SwiftLogNoOpLogHandler() }

    private init(address: PostgresQueueAddress, patience: Double) {
        self.address = address
        self.patience = patience
        let pool = NIOLockedValueBox<Pool?>(Self.startPool(for: address, generation: 0))
        self.pool = pool
        let watch = self.watch
        // Detached: a service group's graceful shutdown (a task-local) is not this session's.
        watchdog = Task.detached { await Self.keepWatch(watch, pool: pool, address: address) }
    }

    deinit {
        watchdog.cancel()
        pool.withLockedValue { $0?.service.cancel() }
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
        return PostgresSession(address: address, patience: patience)
    }

    /// Ends the pool: its connections are closed, and a statement after this fails.
    func close() async {
        guard
            let closed = pool.withLockedValue({ pool in
                defer { pool = nil }
                return pool
            })
        else { return }
        watchdog.cancel()
        closed.service.cancel()
        await closed.service.value
    }

    /// Runs `first` and then each of `rest` (each its own transaction) on one connection, one
    /// lease from the pool, and returns the last one's rows, all within one `patience`. When a
    /// lost connection cuts them off, all of them are run again. A statement that committed
    /// before its answer was lost then runs twice: harmless for housekeeping, which finds
    /// nothing left to do; a claim claims another job, and the first stays running under
    /// this worker until its lease ends (as when a single statement is retried).
    @discardableResult
    func query(_ first: PostgresQuery, _ rest: PostgresQuery...) async throws(NarrateError) -> [PostgresRow] {
        let deadline = ContinuousClock.now + .seconds(patience)
        while true {
            guard let (client, _, generation) = pool.withLockedValue({ $0 }) else {
                throw NarrateError(QueueError.unavailable(address: address.redacted, reason: "the queue's connections were closed"))
            }
            let failure: any Error
            let ticket = watch.begin(deadline: deadline)
            do {
                let logger = self.logger
                let watch = self.watch
                let rows = try await client.withConnection { connection in
                    watch.lease(ticket)
                    defer { watch.release() }
                    var rows: [PostgresRow] = []
                    for statement in [first] + rest {
                        rows = []
                        for try await row in try await connection.query(statement, logger: logger) { rows.append(row) }
                    }
                    return rows
                }
                return rows
            } catch {
                watch.end(ticket)
                failure = error
            }
            // The watchdog replaced the pool this statement used (the server refused its
            // connection, or let it in while the pool still waited out its backoff, or the
            // statement waited past its time), or the session was closed.
            if pool.withLockedValue({ $0?.generation }) != generation {
                if let refusal = watch.refusal(replacing: generation) { throw refusal }
                if ContinuousClock.now >= deadline { throw Self.narrateError(TimedOut(), address: address) }
                continue
            }
            guard Self.isTransient(failure) else { throw Self.narrateError(failure, address: address) }
            try await waitForServer(until: deadline, after: failure)
            renewPool(after: generation)
        }
    }

    /// Waits, with backoff, until a connection of its own gets in; throws the reason when the
    /// server refuses it, or when `deadline` passes first (`failure` is what cut the statement).
    private func waitForServer(until deadline: ContinuousClock.Instant, after failure: any Error) async throws(NarrateError) {
        var delay = 0.1
        var last = failure
        while true {
            guard ContinuousClock.now + .seconds(delay) < deadline else { throw Self.narrateError(last, address: address) }
            do {
                try await Task.sleep(for: .seconds(delay))
            } catch {
                throw .interrupted
            }
            delay = min(delay * 2, 5)
            do {
                try await Self.rawConnect(address).close()
                return
            } catch {
                guard Self.isTransient(error) else { throw Self.narrateError(error, address: address) }
                last = error
            }
        }
    }

    /// A fresh pool in place of pool `generation` (unless another statement replaced it
    /// already): the old one may be waiting out a long backoff after the server came back.
    private func renewPool(after generation: Int) {
        Self.renew(pool, after: generation, address: address)
    }

    /// Replaces pool `generation` in `pool` with a fresh one, if it is still the one there; its
    /// waiting statements fail with the pool's shutdown.
    private static func renew(_ pool: NIOLockedValueBox<Pool?>, after generation: Int, address: PostgresQueueAddress) {
        let replaced = pool.withLockedValue { pool -> Task<Void, Never>? in
            guard let current = pool, current.generation == generation else { return nil }
            pool = startPool(for: address, generation: generation + 1)
            return current.service
        }
        replaced?.cancel()
    }

    /// A pool for `address` with its service task started.
    private static func startPool(for address: PostgresQueueAddress, generation: Int) -> Pool {
        let client = PostgresClient(
            configuration: clientConfiguration(for: address),
            backgroundLogger: Logger(label: "narrate.queue") { _ in SwiftLogNoOpLogHandler() }
        )
        return (client, Task.detached { await client.run() }, generation)
    }

    /// The watchdog: once a second, when a statement has waited more than a second for a
    /// connection (the pool tries to make one and, when it fails, waits out a growing backoff
    /// without saying why), a connection of its own asks the server. A refusal (a password
    /// changed, the database dropped) is kept for the statements, and the pool replaced, so
    /// that they fail at once with it; so is a pool with no connection at work that keeps a
    /// statement waiting two seconds after the server let the watchdog in, or past its time.
    private static func keepWatch(_ watch: PoolWatch, pool: NIOLockedValueBox<Pool?>, address: PostgresQueueAddress) async {
        while true {
            do {
                try await Task.sleep(for: .seconds(1))
            } catch {
                return
            }
            let look = watch.look()
            guard let longest = look.longest, longest >= .seconds(1) || look.overdue else { continue }
            guard let generation = pool.withLockedValue({ $0?.generation }) else { return }
            // A pool with a connection at work is not stuck: its statements are slow, or many.
            var renewing = look.overdue && look.leased == 0
            do {
                try await rawConnect(address).close()
                if longest >= .seconds(2), look.leased == 0 { renewing = true }
            } catch {
                if !isTransient(error) {
                    watch.noteRefusal(narrateError(error, address: address), replacing: generation)
                    renewing = true
                }
            }
            if renewing { renew(pool, after: generation, address: address) }
        }
    }

    /// A statement that waited its whole time in the pool: the server is away.
    private struct TimedOut: Error, CustomStringConvertible {
        var description: String { "no connection could be had in time" }
    }

    /// A connection of its own (not the pool's) to `address`, made at once or not at all.
    static func connect(_ address: PostgresQueueAddress) async throws(NarrateError) -> PostgresConnection {
        do {
            return try await rawConnect(address)
        } catch {
            throw narrateError(error, address: address)
        }
    }

    /// `connect`, with postgres-nio's own errors.
    private static func rawConnect(_ address: PostgresQueueAddress) async throws -> PostgresConnection {
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
    private static func clientConfiguration(for address: PostgresQueueAddress) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: address.host, port: address.port, username: address.user, password: address.password, database: address.database,
            tls: .disable
        )
        if let tls = tlsConfiguration(for: address) {
            configuration.tls = address.tls == .prefer ? .prefer(tls) : .require(tls)
        }
        configuration.options.connectTimeout = .milliseconds(Int64(address.connectTimeout * 1000))
        configuration.options.additionalStartupParameters = [("application_name", "narrate")]
        // A worker's statements are one at a time, besides its lease's and its last job's
        // end: two connections (with the one that listens, three a worker).
        configuration.options.maximumConnections = 2
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
        // The pool gave up making connections for a while (its circuit breaker), or a
        // statement waited for one all its time: the server is still away.
        if let error = error as? ConnectionPoolError { return error == .connectionCreationCircuitBreakerTripped }
        if error is TimedOut { return true }
        guard let error = error as? PSQLError else { return error is IOError || error is ChannelError || error is NIOConnectionError }
        switch error.code {
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .clientClosedConnection: return true
        case .server:
            // 57P01-03: the server shuts down or starts up; 08: connection exceptions; 53:
            // insufficient resources (too many clients, out of memory or disk).
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("57P") || state.hasPrefix("08") || state.hasPrefix("53")
        default: return false
        }
    }

    /// What `error` means for a user, as one of narrate's errors.
    static func narrateError(_ error: any Error, address: PostgresQueueAddress) -> NarrateError {
        if let error = error as? NarrateError { return error }
        if error is CancellationError || error as? ConnectionPoolError == .requestCancelled { return .interrupted }
        return NarrateError(queueError(error, address: address))
    }

    /// What `error`, from the pool or a connection to `address`, says of the queue.
    private static func queueError(_ error: any Error, address: PostgresQueueAddress) -> QueueError {
        let shownAddress = address.redacted
        if let error = error as? ConnectionPoolError {
            if error == .poolShutdown { return .unavailable(address: shownAddress, reason: "the queue's connections were closed") }
            return .unavailable(address: shownAddress, reason: "no connection could be made again (the server is away)")
        }
        if error is TimedOut { return .unavailable(address: shownAddress, reason: "no connection could be made again in time") }
        guard let error = error as? PSQLError else { return .unavailable(address: shownAddress, reason: describe(error)) }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "an error"
            switch state {
            // Invalid authorization (a wrong password, no such user, pg_hba refusing), and no privilege.
            case "28P01", "28000", "42501": return .denied(address: shownAddress, reason: message)
            case "3D000": return .unavailable(address: shownAddress, reason: "\(message) (create it, or name another database in the URL)")
            default: return .unavailable(address: shownAddress, reason: "\(message) (SQLSTATE \(state))")
            }
        case .authMechanismRequiresPassword:
            return .denied(
                address: shownAddress, reason: "the server asks for a password and none was given (URL, PGPASSWORD or ~/.pgpass)")
        case .unsupportedAuthMechanism:
            return .denied(
                address: shownAddress,
                reason: "the server asks for an authentication method narrate does not speak (use scram-sha-256 or md5)")
        case .saslError:
            return .denied(address: shownAddress, reason: "authentication failed")
        case .sslUnsupported:
            return .unavailable(address: shownAddress, reason: "the server does not offer TLS, which sslmode=\(address.tls.rawValue) needs")
        case .connectionError:
            return .unavailable(address: shownAddress, reason: error.underlying.map(describe) ?? "cannot connect")
        case .serverClosedConnection, .uncleanShutdown:
            return .unavailable(address: shownAddress, reason: "the server closed the connection")
        default:
            return .unavailable(address: shownAddress, reason: "\(error.code)" + (error.underlying.map { ": " + describe($0) } ?? ""))
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
