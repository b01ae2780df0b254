import Foundation
public import NarrateCore
import NarrateLibrary
public import NarrateQueue
internal import PostgresNIO

/// The batch queue on PostgreSQL, which workers on any number of machines share: the same
/// protocol and guarantees as the library's queue, with PostgreSQL doing the coordination.
/// A claim takes the next row with `FOR UPDATE SKIP LOCKED` (claimers never wait on each
/// other nor take one job twice), one output has one active job by a unique partial index,
/// leases are times on the server's clock (the machines' clocks need not agree), and a
/// queued job is announced with `NOTIFY narrate_jobs` for idle workers.
///
/// A job carries its article (`JobSubmission.article`), so a worker needs nothing but this
/// queue and the output folder; what it made comes back as the job's `result`.
///
/// The schema is narrate's own, made and upgraded on first use (`narrate_schema` holds its
/// version; upgrades run under an advisory lock, so many workers starting at once upgrade it
/// once).
public final class PostgresJobQueue: SharedJobQueue, Sendable {
    /// Where it is.
    public let address: PostgresQueueAddress
    let session: PostgresSession

    /// The channel a queued job is announced on.
    static let channel = "narrate_jobs"

    /// The schema, one entry a version: the statements that upgrade version N-1 to N.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE narrate_job (
                id bigserial PRIMARY KEY,
                origin text,
                article_id bigint NOT NULL,
                settings_hash text NOT NULL,
                render_request text NOT NULL,
                format text NOT NULL,
                output_path text NOT NULL,
                state text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
                attempts integer NOT NULL DEFAULT 0,
                max_attempts integer NOT NULL DEFAULT 3,
                last_error text,
                worker text,
                lease_expires_at double precision,
                temporary_path text,
                duration_seconds double precision,
                progress double precision NOT NULL DEFAULT 0,
                priority integer NOT NULL DEFAULT 1,
                work_size integer NOT NULL DEFAULT 0,
                article text,
                result text,
                created_at timestamptz NOT NULL DEFAULT now(),
                started_at timestamptz,
                finished_at timestamptz
            )
            """,
            "CREATE UNIQUE INDEX narrate_job_active_output ON narrate_job (output_path) WHERE state IN ('queued', 'running')",
            "CREATE INDEX narrate_job_next ON narrate_job (priority DESC, work_size DESC, id) WHERE state = 'queued'",
            "CREATE INDEX narrate_job_lease ON narrate_job (lease_expires_at) WHERE state = 'running'",
            "CREATE INDEX narrate_job_origin ON narrate_job (origin, state)",
            """
            CREATE TABLE narrate_worker (
                name text PRIMARY KEY,
                host text NOT NULL,
                started_at timestamptz NOT NULL DEFAULT now(),
                seen_at timestamptz NOT NULL DEFAULT now(),
                jobs_done bigint NOT NULL DEFAULT 0,
                jobs_failed bigint NOT NULL DEFAULT 0,
                audio_seconds double precision NOT NULL DEFAULT 0,
                busy_seconds double precision NOT NULL DEFAULT 0
            )
            """,
        ],
        // v2: a job's output is relative to the shared folder, which each machine names its
        // own way; the submitter's name for it, to record the render under.
        [
            "ALTER TABLE narrate_job ADD COLUMN output_folder text",
            "CREATE INDEX narrate_worker_seen ON narrate_worker (seen_at)",
        ],
        // v3: a job's result (packed timings, which do not compress) is stored as it is, not
        // run through pglz first; its article with LZ4 where the server has it (PostgreSQL
        // 14 and later, built with it), several times faster than pglz at almost its ratio.
        // pglz took a third of the server's CPU for the queue.
        [
            "ALTER TABLE narrate_job ALTER COLUMN result SET STORAGE EXTERNAL",
            """
            DO $$ BEGIN
                EXECUTE 'ALTER TABLE narrate_job ALTER COLUMN article SET COMPRESSION lz4';
            EXCEPTION WHEN OTHERS THEN NULL;
            END $$
            """,
        ],
    ]

    /// Connects to the queue at `address` and makes or upgrades its schema. `patience` is how
    /// long a statement cut off by a lost connection is tried again before the queue is given
    /// up as unavailable.
    public init(address: PostgresQueueAddress, patience: Double = 120) async throws(NarrateError) {
        self.address = address
        session = try await PostgresSession.open(address: address, patience: patience) { run throws(NarrateError) in
            try await Self.migrate(address: address, run: run)
        }
        announcements = JobAnnouncements(address: address, channel: Self.channel)
    }

    /// Closes the connections.
    public func close() async {
        announcements.close()
        await session.close()
    }

    // MARK: Waking idle workers

    /// Queued jobs as they are announced (`NOTIFY narrate_jobs`), once a worker waits.
    private let announcements: JobAnnouncements

    /// Starts hearing queued jobs, if not already: a worker does so before it claims, so that
    /// no job queued after its last claim goes unheard. A listening connection that was lost
    /// is made again. Failing to listen is not an error: the worker then finds jobs at its
    /// next look, `waitForJobs`'s timeout.
    public func startListening() async {
        await announcements.listen()
    }

    /// Waits until a job is announced or `seconds` pass; true when one was announced (the
    /// caller claims, and may find it taken by another worker).
    public func waitForJobs(seconds: Double) async -> Bool {
        await announcements.wait(seconds: seconds)
    }

    /// The schema version this narrate writes.
    public static var schemaVersion: Int { migrations.count }

    /// Makes or upgrades the schema, with `run` in one transaction.
    private static func migrate(
        address: PostgresQueueAddress, run: (PostgresQuery) async throws(NarrateError) -> [PostgresRow]
    ) async throws(NarrateError) {
        _ = try await run("SELECT pg_advisory_xact_lock(7011984632)")
        _ = try await run("CREATE TABLE IF NOT EXISTS narrate_schema (version integer NOT NULL)")
        let rows = try await run("SELECT version FROM narrate_schema")
        let version = try rows.first.map { row throws(NarrateError) in try decode(row, 0, as: Int.self) } ?? 0
        if rows.isEmpty { _ = try await run("INSERT INTO narrate_schema (version) VALUES (0)") }
        guard version <= Self.migrations.count else {
            throw NarrateError(
                QueueError.unavailable(
                    address: address.redacted,
                    reason: "its schema is version \(version), newer than this narrate knows (\(Self.migrations.count)); upgrade narrate"
                ))
        }
        for (index, migration) in Self.migrations.enumerated().dropFirst(version) {
            // One statement at a time: the extended protocol takes no more.
            for statement in migration {
                _ = try await run(PostgresQuery(unsafeSQL: statement))
            }
            _ = try await run("UPDATE narrate_schema SET version = \(index + 1)")
        }
    }

    // MARK: The queue protocol

    public func enqueue(_ submission: JobSubmission) async throws(NarrateError) -> EnqueueOutcome {
        // The unique index on active outputs decides between two enqueuers of one output; the
        // job is announced in the same statement (the notification goes out at its commit).
        let inserted = try await session.query(
            """
            WITH inserted AS (
                INSERT INTO narrate_job (origin, article_id, settings_hash, render_request, format, output_path, state, max_attempts,
                    priority, work_size, article, output_folder)
                VALUES (\(submission.origin), \(submission.articleId), \(submission.settingsHash), \(submission.renderRequest),
                    \(submission.format), \(submission.outputPath), 'queued', \(max(1, submission.maxAttempts)),
                    \(submission.priority.rawValue), \(submission.workSize), \(submission.article), \(submission.outputFolder))
                ON CONFLICT (output_path) WHERE state IN ('queued', 'running') DO NOTHING
                RETURNING \(unescaped: Self.jobColumns)
            )
            SELECT *, pg_notify(\(Self.channel), '')::text FROM inserted
            """)
        if let row = inserted.first {
            return .queued(try Self.job(row))
        }
        let existing = try await session.query(
            """
            SELECT \(unescaped: Self.jobColumns) FROM narrate_job
            WHERE output_path = \(submission.outputPath) AND state IN ('queued', 'running')
            """)
        guard let row = existing.first else {
            // It finished between the two statements: queue it again.
            return try await enqueue(submission)
        }
        return .alreadyQueued(try Self.job(row))
    }

    public func claimJob(
        worker: String, leaseSeconds: Double, minimumPriority: JobPriority = .background, now: Double? = nil
    ) async throws(NarrateError) -> BatchJob? {
        try await claimJob(worker: worker, leaseSeconds: leaseSeconds, minimumPriority: minimumPriority, excluding: [], now: now)
    }

    public func claimJob(
        worker: String, leaseSeconds: Double, minimumPriority: JobPriority = .background, excluding declined: Set<Int64>,
        now: Double? = nil
    ) async throws(NarrateError) -> BatchJob? {
        let declined = declined.sorted()
        // `now` for tests, else the server's clock, in the statement: no round trip to read it.
        // Jobs whose worker died: after their last attempt they fail for good; before it they
        // are queued again, keeping the dead worker's temporary path for the next claimer.
        // Never the claimer's own: it is alive, finishing that job. Both statements on one
        // connection, one lease from the pool.
        let rows = try await session.query(
            """
            UPDATE narrate_job SET lease_expires_at = NULL,
                state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
                finished_at = CASE WHEN attempts >= max_attempts THEN now() ELSE finished_at END,
                last_error = CASE WHEN attempts >= max_attempts
                    THEN coalesce(last_error, 'its worker stopped ' || attempts || ' times without finishing') ELSE last_error END
            WHERE state = 'running' AND lease_expires_at < coalesce(\(now)::double precision, \(unescaped: Self.serverClock))
                AND worker IS DISTINCT FROM \(worker)
            """,
            """
            UPDATE narrate_job SET state = 'running', worker = \(worker), lease_expires_at = coalesce(\(now)::double precision, \(unescaped: Self.serverClock)) + \(leaseSeconds),
                attempts = attempts + 1, started_at = now(), finished_at = NULL, progress = 0
            WHERE id = (
                SELECT id FROM narrate_job WHERE state = 'queued' AND priority >= \(minimumPriority.rawValue)
                    AND NOT (id = ANY(\(declined)))
                ORDER BY priority DESC, work_size DESC, id
                FOR UPDATE SKIP LOCKED LIMIT 1
            )
            RETURNING \(unescaped: Self.jobColumns), article
            """)
        guard let row = rows.first else { return nil }
        var job = try Self.job(row)
        job.article = try decode(row, Self.jobColumnCount, as: String?.self)
        return job
    }

    public func renewLease(jobId id: Int64, worker: String, leaseSeconds: Double, now: Double? = nil) async throws(NarrateError) -> Bool {
        // The worker's row says it is alive, in the same statement.
        let rows = try await session.query(
            """
            WITH renewed AS (
                UPDATE narrate_job SET lease_expires_at = coalesce(\(now)::double precision, \(unescaped: Self.serverClock)) + \(leaseSeconds)
                WHERE id = \(id) AND worker = \(worker) AND state = 'running'
                RETURNING id
            ), seen AS (
                UPDATE narrate_worker SET seen_at = now() WHERE name = \(worker) AND EXISTS (SELECT 1 FROM renewed)
            )
            SELECT id FROM renewed
            """)
        return !rows.isEmpty
    }

    public func noteProgress(jobId id: Int64, worker: String, progress: Double) async throws(NarrateError) {
        try await session.query(
            """
            UPDATE narrate_job SET progress = \(min(1, max(0, progress)))
            WHERE id = \(id) AND worker = \(worker) AND state = 'running'
            """)
    }

    public func noteTemporaryPath(jobId id: Int64, worker: String, path: String) async throws(NarrateError) {
        try await session.query(
            """
            UPDATE narrate_job SET temporary_path = \(path) WHERE id = \(id) AND worker = \(worker) AND state = 'running'
            """)
    }

    public func completeJob(id: Int64, worker: String, durationSeconds: Double, result: String?) async throws(NarrateError) -> Bool {
        // The worker's figures are counted in the same statement.
        let rows = try await session.query(
            """
            WITH done AS (
                UPDATE narrate_job SET state = 'done', duration_seconds = \(durationSeconds), finished_at = now(),
                    lease_expires_at = NULL, temporary_path = NULL, last_error = NULL, result = \(result), article = NULL
                WHERE id = \(id) AND worker = \(worker) AND state = 'running'
                RETURNING id, started_at
            ), counted AS (
                UPDATE narrate_worker SET jobs_done = jobs_done + 1, audio_seconds = audio_seconds + \(durationSeconds),
                    busy_seconds = busy_seconds + coalesce((SELECT extract(epoch FROM now() - started_at) FROM done), 0),
                    seen_at = now()
                WHERE name = \(worker) AND EXISTS (SELECT 1 FROM done)
            )
            SELECT id FROM done
            """)
        return !rows.isEmpty
    }

    public func failJob(id: Int64, worker: String, error: String) async throws(NarrateError) {
        try await session.query(
            """
            WITH failed AS (
                UPDATE narrate_job SET state = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'failed' END,
                    last_error = \(error), lease_expires_at = NULL, temporary_path = NULL,
                    finished_at = CASE WHEN attempts < max_attempts THEN NULL ELSE now() END
                WHERE id = \(id) AND worker = \(worker) AND state = 'running'
                RETURNING started_at
            )
            UPDATE narrate_worker SET jobs_failed = jobs_failed + 1, seen_at = now(),
                busy_seconds = busy_seconds + coalesce((SELECT extract(epoch FROM now() - started_at) FROM failed), 0)
            WHERE name = \(worker) AND EXISTS (SELECT 1 FROM failed)
            """)
    }

    public func declineJob(id: Int64, worker: String, reason: String) async throws(NarrateError) {
        try await session.query(
            """
            UPDATE narrate_job SET state = 'queued', attempts = greatest(0, attempts - 1), lease_expires_at = NULL,
                temporary_path = NULL, last_error = \(reason)
            WHERE id = \(id) AND worker = \(worker) AND state = 'running'
            """)
    }

    public func releaseJob(id: Int64, worker: String) async throws(NarrateError) {
        try await session.query(
            """
            UPDATE narrate_job SET state = 'queued', attempts = greatest(0, attempts - 1), lease_expires_at = NULL,
                temporary_path = NULL
            WHERE id = \(id) AND worker = \(worker) AND state = 'running'
            """)
    }

    public func job(id: Int64) async throws(NarrateError) -> BatchJob? {
        let rows = try await session.query("SELECT \(unescaped: Self.jobColumns), result FROM narrate_job WHERE id = \(id)")
        guard let row = rows.first else { return nil }
        var job = try Self.job(row)
        job.result = try decode(row, Self.jobColumnCount, as: String?.self)
        return job
    }

    public func jobs(in states: Set<BatchJob.State>? = nil) async throws(NarrateError) -> [BatchJob] {
        let names = (states ?? Set(BatchJob.State.allCases)).map(\.rawValue).sorted()
        return try await session.query(
            "SELECT \(unescaped: Self.jobColumns) FROM narrate_job WHERE state = ANY(\(names)) ORDER BY id"
        ).map { row throws(NarrateError) in try Self.job(row) }
    }

    /// The finished jobs `origin` submitted that it has not yet taken in, with their results
    /// (a coordinator records the renders in its library, then calls `forget`).
    public func finishedJobs(origin: String, limit: Int = 500) async throws(NarrateError) -> [BatchJob] {
        try await session.query(
            """
            SELECT \(unescaped: Self.jobColumns), result FROM narrate_job
            WHERE origin = \(origin) AND state = 'done' AND result IS NOT NULL
            ORDER BY id LIMIT \(limit)
            """
        ).map { row throws(NarrateError) in
            var job = try Self.job(row)
            job.result = try decode(row, Self.jobColumnCount, as: String?.self)
            return job
        }
    }

    /// Drops the result of done jobs `ids` once their renders are recorded (the jobs stay,
    /// for `jobs` to list).
    public func forgetResults(ids: [Int64]) async throws(NarrateError) {
        guard !ids.isEmpty else { return }
        try await session.query("UPDATE narrate_job SET result = NULL WHERE id = ANY(\(ids)) AND state = 'done'")
    }

    @discardableResult
    public func retryJobs(id: Int64? = nil) async throws(NarrateError) -> Int {
        if let id { try await requireJob(id) }
        return try await session.query(
            """
            UPDATE narrate_job SET state = 'queued', attempts = 0, last_error = NULL, finished_at = NULL
            WHERE state IN ('failed', 'cancelled') AND (\(id)::bigint IS NULL OR id = \(id))
            RETURNING id
            """
        ).count
    }

    @discardableResult
    public func cancelJobs(id: Int64? = nil, reason: String = "cancelled") async throws(NarrateError) -> Int {
        if let id { try await requireJob(id) }
        return try await session.query(
            """
            UPDATE narrate_job SET state = 'cancelled', last_error = \(reason), finished_at = now(), lease_expires_at = NULL
            WHERE state IN ('queued', 'running') AND (\(id)::bigint IS NULL OR id = \(id))
            RETURNING id
            """
        ).count
    }

    @discardableResult
    public func clearDoneJobs() async throws(NarrateError) -> Int {
        // A render its submitter has not taken in yet stays; so do workers seen in the last day.
        try await session.query("DELETE FROM narrate_worker WHERE seen_at < now() - interval '1 day'")
        return try await session.query("DELETE FROM narrate_job WHERE state = 'done' AND result IS NULL RETURNING id").count
    }

    // MARK: A shared queue

    public var displayAddress: String { address.redacted }

    public func jobs(ids: Set<Int64>) async throws(NarrateError) -> [BatchJob] {
        guard !ids.isEmpty else { return [] }
        return try await session.query(
            "SELECT \(unescaped: Self.jobColumns) FROM narrate_job WHERE id = ANY(\(ids.sorted())) ORDER BY id"
        ).map { row throws(NarrateError) in try Self.job(row) }
    }

    public func registerWorker(name: String, host: String) async throws(NarrateError) {
        try await session.query(
            """
            INSERT INTO narrate_worker (name, host) VALUES (\(name), \(host))
            ON CONFLICT (name) DO UPDATE SET host = excluded.host, started_at = now(), seen_at = now(), jobs_done = 0,
                jobs_failed = 0, audio_seconds = 0, busy_seconds = 0
            """)
    }

    public func touchWorker(name: String) async throws(NarrateError) {
        try await session.query("UPDATE narrate_worker SET seen_at = now() WHERE name = \(name)")
    }

    public func workers(seenWithin seconds: Double) async throws(NarrateError) -> [QueueWorker] {
        let rows = try await session.query(
            """
            SELECT w.name, w.host, extract(epoch FROM w.started_at)::double precision, extract(epoch FROM w.seen_at)::double precision,
                extract(epoch FROM now())::double precision, w.jobs_done, w.jobs_failed, w.audio_seconds, w.busy_seconds,
                (SELECT min(j.id) FROM narrate_job j WHERE j.worker = w.name AND j.state = 'running')
            FROM narrate_worker w
            WHERE w.seen_at > now() - make_interval(secs => \(seconds))
            ORDER BY w.host, w.name
            """)
        return try rows.map { row throws(NarrateError) in
            QueueWorker(
                name: try decode(row, 0, as: String.self), host: try decode(row, 1, as: String.self),
                startedAt: try decode(row, 2, as: Double.self), seenAt: try decode(row, 3, as: Double.self),
                now: try decode(row, 4, as: Double.self), jobsDone: try decode(row, 5, as: Int.self),
                jobsFailed: try decode(row, 6, as: Int.self), audioSeconds: try decode(row, 7, as: Double.self),
                busySeconds: try decode(row, 8, as: Double.self), currentJob: try decode(row, 9, as: Int64?.self)
            )
        }
    }

    // MARK: Rows

    private func requireJob(_ id: Int64) async throws(NarrateError) {
        guard try await !session.query("SELECT 1 FROM narrate_job WHERE id = \(id)").isEmpty else {
            throw NarrateError(QueueError.noSuchJob(id: id))
        }
    }

    /// The server's clock in seconds since 1970, as SQL: leases are on it.
    static let serverClock = "extract(epoch FROM clock_timestamp())::double precision"

    /// The columns `job(_:)` reads, in its order.
    static let jobColumns = """
        id, article_id, settings_hash, render_request, format, output_path, state, attempts, max_attempts, last_error, worker, \
        lease_expires_at, temporary_path, duration_seconds, progress, priority, work_size, origin, \
        \(timestamp("created_at")), \(timestamp("started_at")), \(timestamp("finished_at")), output_folder
        """
    static let jobColumnCount = 22

    /// A time column as the library writes times (ISO 8601, UTC, to the second).
    private static func timestamp(_ column: String) -> String {
        "to_char(\(column) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
    }

    private static func job(_ row: PostgresRow) throws(NarrateError) -> BatchJob {
        func column<T: PostgresDecodable>(_ index: Int, _ type: T.Type) throws(NarrateError) -> T {
            try decode(row, index, as: type)
        }
        let state = try column(6, String.self)
        return BatchJob(
            id: try column(0, Int64.self), articleId: try column(1, Int64.self), settingsHash: try column(2, String.self),
            renderRequest: try column(3, String.self), voiceArguments: [], format: try column(4, String.self),
            outputPath: try column(5, String.self), state: BatchJob.State(rawValue: state) ?? .failed,
            attempts: try column(7, Int.self), maxAttempts: try column(8, Int.self), lastError: try column(9, String?.self),
            worker: try column(10, String?.self), leaseExpiresAt: try column(11, Double?.self),
            temporaryPath: try column(12, String?.self), durationSeconds: try column(13, Double?.self),
            progress: state == "done" ? 1 : try column(14, Double.self),
            priority: JobPriority(rawValue: try column(15, Int.self)) ?? .batch, workSize: try column(16, Int.self),
            createdAt: try column(18, String.self), startedAt: try column(19, String?.self), finishedAt: try column(20, String?.self),
            origin: try column(17, String?.self), outputFolder: try column(21, String?.self)
        )
    }
}

/// Column `index` of `row` as `type`; a value of another type is a queue narrate did not make.
func decode<T: PostgresDecodable>(_ row: PostgresRow, _ index: Int, as type: T.Type) throws(NarrateError) -> T {
    do {
        return try row.makeRandomAccess()[index].decode(type)
    } catch {
        throw NarrateError(
            QueueError.unavailable(
                address: "the queue", reason: "an unexpected value in column \(index) (\(error)); is it narrate's queue?"))
    }
}
