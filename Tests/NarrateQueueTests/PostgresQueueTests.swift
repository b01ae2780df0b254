import Foundation
import NarrateCore
import NarrateLibrary
import NarratePostgresCluster
import NarrateQueue
import NarrateTestSupport
import Testing

@testable import NarratePostgres

/// What only the PostgreSQL queue has: its address read as PostgreSQL's tools read it, one
/// clear error for each way of not getting in, and reconnecting when the server restarts.
@Suite("The queue on PostgreSQL", .endToEnd)
struct PostgresQueueTests {
    /// Stands for every PostgreSQL test of this target: skipped, with the reason, when no
    /// throwaway cluster could be started here.
    @Test(
        "a throwaway PostgreSQL cluster runs for these tests",
        .enabled(if: PostgresCluster.isAvailable, Comment(rawValue: "PostgreSQL cannot be started: \(PostgresCluster.unavailableReason)"))
    )
    func clusterRuns() async throws {
        let cluster = try PostgresCluster.shared.get()
        #expect(try await cluster.psql("SELECT 1") == "1")
    }

    @Test func addressesReadAsLibpqReadsThem() throws {
        let full = try PostgresQueueAddress(
            url: "postgresql://queue:s%3Acret@db.example:6543/narrate?sslmode=require&connect_timeout=3", environment: [:], home: nil
        )
        #expect(full.user == "queue" && full.password == "s:cret" && full.host == "db.example" && full.port == 6543)
        #expect(full.database == "narrate" && full.tls == .require && full.connectTimeout == 3)
        #expect(full.redacted == "postgresql://queue@db.example:6543/narrate")
        // What the URL leaves out comes from the environment, as for psql.
        let bare = try PostgresQueueAddress(
            url: "postgres://", environment: ["PGUSER": "u", "PGHOST": "h", "PGPORT": "7000", "PGPASSWORD": "p", "PGSSLMODE": "disable"],
            home: nil
        )
        #expect(bare.user == "u" && bare.host == "h" && bare.port == 7000 && bare.database == "u" && bare.password == "p")
        #expect(bare.tls == .disable)
        let defaults = try PostgresQueueAddress(url: "postgresql://me@/", environment: [:], home: nil)
        #expect(defaults.host == "localhost" && defaults.port == 5432 && defaults.database == "me" && defaults.tls == .prefer)
        #expect(defaults.password == nil)
    }

    @Test func aPasswordFileIsReadAsLibpqReadsIt() throws {
        let home = try ScratchDirectory()
        let file = try home.write(
            ".pgpass",
            text: """
                # comment
                other:5432:*:queue:wrong
                db.example:5432:narrate:queue:pa\\:ss
                *:*:*:*:fallback
                """)
        chmod(file, 0o600)
        let address = try PostgresQueueAddress(url: "postgresql://queue@db.example/narrate", environment: [:], home: home.path)
        #expect(address.password == "pa:ss")
        let other = try PostgresQueueAddress(url: "postgresql://someone@elsewhere/x", environment: [:], home: home.path)
        #expect(other.password == "fallback")
        // PGPASSWORD comes before the file; a file others can read is ignored, as libpq does.
        #expect(
            try PostgresQueueAddress(url: "postgresql://queue@db.example/narrate", environment: ["PGPASSWORD": "env"], home: home.path)
                .password == "env")
        chmod(file, 0o644)
        #expect(try PostgresQueueAddress(url: "postgresql://queue@db.example/narrate", environment: [:], home: home.path).password == nil)
        chmod(file, 0o600)
        #expect(
            try PostgresQueueAddress(
                url: "postgresql://queue@db.example/narrate", environment: ["PGPASSFILE": "/nonexistent"], home: home.path
            ).password == nil)
    }

    @Test(arguments: [
        "mysql://u@h/db", "http://example.com/", "not a url", "postgresql://u@h:99999/db", "postgresql://u@h/db?sslmode=sometimes",
        "postgresql://u@h/db?options=-c", "postgresql://u@%2Fvar%2Frun%2Fpostgresql/db",
    ])
    func aURLThatIsNotAPostgreSQLOneIsAUsageError(url: String) {
        #expect {
            _ = try PostgresQueueAddress(url: url, environment: [:], home: nil)
        } throws: { error in
            guard let error = error as? NarrateError, case .invalidOption("queue", let message) = error else { return false }
            return message.contains("postgresql://USER@HOST/DATABASE")
        }
    }

    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aWrongPasswordOrUnknownUserIsRefusedWithExit77() async throws {
        let cluster = try PostgresCluster.shared.get()
        for url in [
            cluster.url(user: PostgresCluster.user, password: "wrong", database: PostgresCluster.database),
            cluster.url(user: "nobody_here", password: "x", database: PostgresCluster.database),
        ] {
            let address = try PostgresQueueAddress(url: url + "?sslmode=disable", environment: [:], home: nil)
            let error = try await #require(throws: NarrateError.self) { try await PostgresJobQueue(address: address) }
            #expect(error.isQueueDenied, "\(error)")
            #expect(error.description.contains("refused access") && !error.description.contains("wrong"), "\(error)")
        }
        // No password at all, where the server asks for one.
        let none = try PostgresQueueAddress(
            url: cluster.url(user: PostgresCluster.user, password: nil, database: PostgresCluster.database) + "?sslmode=disable",
            environment: ["PGPASSFILE": "/nonexistent"], home: nil
        )
        let error = try await #require(throws: NarrateError.self) { try await PostgresJobQueue(address: none) }
        #expect(error.isQueueDenied && error.description.contains("PGPASSWORD"), "\(error)")
    }

    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aDatabaseWithoutPermissionsIsRefusedWithExit77AndNothingIsMade() async throws {
        let cluster = try PostgresCluster.shared.get()
        // PostgreSQL 15 lets nobody but the owner create in the public schema.
        let (address, database, _) = try await Self.newRole(in: cluster, password: "readerpass", owningItsDatabase: false)
        let error = try await #require(throws: NarrateError.self) { try await PostgresJobQueue(address: address) }
        #expect(error.isQueueDenied, "\(error)")
        #expect(try await cluster.psql("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'narrate%'", database: database) == "0")
    }

    /// A new login role with `password` and a new database, owned by the role or not; the
    /// queue's address for the role in it, the database's name and the role's.
    private static func newRole(
        in cluster: PostgresCluster, password: String, owningItsDatabase: Bool
    ) async throws -> (address: PostgresQueueAddress, database: String, role: String) {
        let database = "db_\(UUID().uuidString.prefix(8).lowercased())"
        let role = "role_\(UUID().uuidString.prefix(8).lowercased())"
        try await cluster.psql("CREATE ROLE \(role) LOGIN PASSWORD '\(password)'", database: "postgres")
        try await cluster.psql("CREATE DATABASE \(database)" + (owningItsDatabase ? " OWNER \(role)" : ""), database: "postgres")
        let address = try PostgresQueueAddress(
            url: cluster.url(user: role, password: password, database: database) + "?sslmode=disable", environment: [:], home: nil
        )
        return (address, database, role)
    }

    /// A connection cut off under a queue in use, after which the server refuses its user (a
    /// password changed): the next statement says so at once, as the first connection would,
    /// rather than waiting on a pool that tries again in the background.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aRefusalAfterALostConnectionIsToldAtOnce() async throws {
        let cluster = try PostgresCluster.shared.get()
        let (address, _, role) = try await Self.newRole(in: cluster, password: "before", owningItsDatabase: true)
        let queue = try await PostgresJobQueue(address: address)
        #expect(try await queue.jobs(in: nil).isEmpty)
        try await cluster.psql("ALTER ROLE \(role) PASSWORD 'after'", database: "postgres")
        _ = try await cluster.psql(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = '\(role)'", database: "postgres")
        let started = ContinuousClock.now
        let error = try await #require(throws: NarrateError.self) { try await queue.jobs(in: nil) }
        #expect(error.isQueueDenied, "\(error)")
        // The pool alone would wait a minute for its circuit breaker, the patience two.
        #expect(ContinuousClock.now - started < .seconds(30))
        await queue.close()
    }

    /// Refused with the connection's own error, not after retries (`PostgresSession.open`
    /// makes one connection). No time is asserted: under the sanitizers the test's pool is
    /// held by other tests for minutes, so a refusal that comes at once was seen 85 s later
    /// (AddressSanitizer) and 730 s later (ThreadSanitizer).
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func anUnreachableServerOrAMissingDatabaseIsExit69() async throws {
        let cluster = try PostgresCluster.shared.get()
        // A port nothing listens on: refused at once.
        let closed = try PostgresQueueAddress(
            url: "postgresql://u:p@127.0.0.1:\(try PostgresCluster.freePort())/db?sslmode=disable", environment: [:], home: nil
        )
        let refused = try await #require(throws: NarrateError.self) { try await PostgresJobQueue(address: closed) }
        #expect(refused.isQueueUnavailable && refused.description.contains("connection refused"), "\(refused)")
        let missing = try PostgresQueueAddress(
            url: cluster.url(user: PostgresCluster.user, password: PostgresCluster.password, database: "no_such_db") + "?sslmode=disable",
            environment: [:], home: nil
        )
        let error = try await #require(throws: NarrateError.self) { try await PostgresJobQueue(address: missing) }
        #expect(error.isQueueUnavailable && error.description.contains("no_such_db"), "\(error)")
    }

    /// Prefer TLS (libpq's default) with a server that has none falls back to plain; require
    /// is refused with one line.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func preferFallsBackToPlainAndRequireIsRefusedWithoutTLS() async throws {
        let cluster = try PostgresCluster.shared.get()
        let prefer = try PostgresQueueAddress(url: cluster.url, environment: [:], home: nil)
        #expect(prefer.tls == .prefer)
        let queue = try await PostgresJobQueue(address: prefer)
        // Connected (in plain text: this cluster has no certificate) and the schema made.
        #expect(try await cluster.psql("SELECT version FROM narrate_schema") == "\(PostgresJobQueue.schemaVersion)")
        _ = queue
        let require = try PostgresQueueAddress(url: cluster.url + "?sslmode=require", environment: [:], home: nil)
        let error = try await #require(throws: NarrateError.self) { try await PostgresJobQueue(address: require) }
        #expect(error.isQueueUnavailable && error.description.contains("TLS"), "\(error)")
    }

    /// An idle worker is woken by the job queued (LISTEN/NOTIFY), not by its next look.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func anIdleWorkerIsWokenWhenAJobIsQueued() async throws {
        let fixture = try await QueueFixture(.postgresql)
        let waiting = try await #require(try fixture.another() as? PostgresJobQueue)
        await waiting.startListening()
        #expect(try await waiting.claimJob(worker: "idle", leaseSeconds: 20, minimumPriority: .background, now: nil) == nil)
        // Nothing queued: the wait runs out.
        await #expect(waiting.waitForJobs(seconds: 0.3) == false)
        let submission = try fixture.submission()
        let queue = fixture.queue
        let queuer = Task {
            try? await Task.sleep(for: .milliseconds(500))
            _ = try? await queue.enqueue(submission)
        }
        // True only when a job was announced: a wait that ran out says false. (No time is
        // asserted: under the sanitizers other tests hold the test's pool for minutes.)
        #expect(await waiting.waitForJobs(seconds: 30))
        await queuer.value
        await #expect(
            try waiting.claimJob(worker: "idle", leaseSeconds: 20, minimumPriority: .background, now: nil)?.outputPath
                == submission.outputPath)
    }

    /// A server that offers TLS: prefer (libpq's default) and require use it, verify-full
    /// refuses a certificate no authority vouches for, with one line.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func tlsIsUsedWhenTheServerOffersIt() async throws {
        let cluster = try await PostgresCluster.start(tls: true)
        defer { cluster.shutDown() }
        for mode in ["", "?sslmode=require"] {
            let queue = try await PostgresJobQueue(address: try PostgresQueueAddress(url: cluster.url + mode, environment: [:], home: nil))
            // A statement through the pool: its connection stays open, idle, to be looked at.
            _ = try await queue.jobs(in: nil)
            let encrypted = try await cluster.psql(
                """
                SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid) WHERE a.application_name = 'narrate'
                """)
            #expect(encrypted == "t", "sslmode \(mode)")
            await queue.close()
        }
        let verified = try PostgresQueueAddress(url: cluster.url + "?sslmode=verify-full", environment: [:], home: nil)
        let error = try await #require(throws: NarrateError.self) { try await PostgresJobQueue(address: verified) }
        #expect(error.isQueueUnavailable && error.description.contains("TLS"), "\(error)")
    }

    /// A queue made by the first schema is upgraded in place on first use by this narrate:
    /// its jobs stay, and read as before.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aVersionOneQueueIsUpgraded() async throws {
        let cluster = try PostgresCluster.shared.get()
        let database = "v1_\(UUID().uuidString.prefix(8).lowercased())"
        try await cluster.psql("CREATE DATABASE \(database)", database: "postgres")
        let first = PostgresJobQueue.migrations[0].joined(separator: ";\n")
        try await cluster.psql(
            "CREATE TABLE narrate_schema (version integer NOT NULL); INSERT INTO narrate_schema VALUES (1); \(first)", database: database)
        try await cluster.psql(
            """
            INSERT INTO narrate_job (article_id, settings_hash, render_request, format, output_path, state)
            VALUES (7, 'h', '{}', 'wav', '/srv/audio/7.wav', 'queued')
            """, database: database)
        let address = try PostgresQueueAddress(
            url: cluster.url(user: PostgresCluster.user, password: PostgresCluster.password, database: database) + "?sslmode=disable",
            environment: [:], home: nil
        )
        let queue = try await PostgresJobQueue(address: address)
        #expect(try await cluster.psql("SELECT version FROM narrate_schema", database: database) == String(PostgresJobQueue.schemaVersion))
        let job = try await #require(try queue.jobs(in: nil).first)
        #expect(job.articleId == 7 && job.outputPath == "/srv/audio/7.wav" && job.outputFolder == nil && job.state == .queued)
        // v3: results stored as they are (external, uncompressed), articles with LZ4 (this
        // PostgreSQL has it).
        let storage =
            "SELECT attstorage::text || attcompression::text FROM pg_attribute WHERE attrelid = 'narrate_job'::regclass AND attname ="
        #expect(try await cluster.psql("\(storage) 'result'", database: database) == "e")
        #expect(try await cluster.psql("\(storage) 'article'", database: database) == "xl")
    }

    /// A server restarted under a queue in use: the next statement reconnects (with backoff)
    /// and goes on. A cluster of its own, so the other tests' connections are not cut.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aRestartedServerIsReconnectedTo() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.shutDown() }
        let address = try PostgresQueueAddress(url: cluster.url + "?sslmode=disable", environment: [:], home: nil)
        let queue = try await PostgresJobQueue(address: address)
        let submission = JobSubmission(
            articleId: 1, settingsHash: "h", renderRequest: "{}", format: "wav", outputPath: "/tmp/restart-1.wav", article: "{}"
        )
        _ = try await queue.enqueue(submission)
        try await cluster.restart()
        #expect(try await queue.jobs(in: [.queued]).count == 1)
        // Down for a while, then back: the statement waits for it.
        try await cluster.stopServer()
        let restarter = Task {
            await pause(1.5)
            try? await cluster.startAgain()
        }
        await #expect(
            try queue.claimJob(worker: "w", leaseSeconds: 20, minimumPriority: .background, now: nil)?.outputPath == "/tmp/restart-1.wav")
        await restarter.value
    }
}

extension NarrateError {
    /// Whether the queue refused who asked (exit 77 on the command line).
    fileprivate var isQueueDenied: Bool {
        if case .denied = module(as: QueueError.self) { true } else { false }
    }

    /// Whether the queue could not be reached or used (exit 69 on the command line).
    fileprivate var isQueueUnavailable: Bool {
        if case .unavailable = module(as: QueueError.self) { true } else { false }
    }
}
