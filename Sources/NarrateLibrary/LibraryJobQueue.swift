import Foundation
internal import GRDB
public import NarrateCore
public import NarrateQueue

/// The batch queue: jobs are rows with a state machine (queued → running → done, failed or
/// cancelled), claimed atomically by worker processes under a lease that they renew; a job
/// whose lease expired (its worker died) is claimed again, up to its attempt limit.
public final class LibraryJobQueue: Sendable {
    let database: LibraryDatabase

    init(database: LibraryDatabase) {
        self.database = database
    }

    /// Queues a job, unless the same one (article, settings, output) is already queued or
    /// running. `renderRequest` is everything a worker needs to know of the render, as JSON
    /// (the library keeps it as it is given); `priority` says which jobs go first.
    public func enqueue(
        articleId: Int64, settingsHash: String, renderRequest: String, format: String, outputPath: String,
        maxAttempts: Int = 3, priority: JobPriority = .batch
    ) throws(NarrateError) -> EnqueueOutcome {
        try database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM article WHERE id = ?", arguments: [articleId]) != nil else {
                throw NarrateError(LibraryError.noSuchArticle(id: articleId))
            }
            if let row = try JobRow.fetchOne(
                db, sql: "SELECT \(JobRow.columns) FROM job WHERE outputPath = ? AND state IN ('queued', 'running')",
                arguments: [outputPath]
            ) {
                return .alreadyQueued(row.job)
            }
            let row = try JobRow.fetchOne(
                db,
                sql: """
                    INSERT INTO job (articleId, settingsHash, voiceArguments, renderRequest, format, outputPath, state, maxAttempts,
                        createdAt, priority, workSize)
                    VALUES (?, ?, '[]', ?, ?, ?, 'queued', ?, ?, ?, (SELECT wordCount FROM article WHERE id = ?))
                    RETURNING \(JobRow.columns)
                    """,
                arguments: [
                    articleId, settingsHash, renderRequest, format, outputPath, max(1, maxAttempts), LibraryDatabase.timestamp(),
                    priority.rawValue,
                    articleId,
                ]
            )
            guard let row else { throw NarrateError(LibraryError.unavailable(path: database.path, reason: "the job was not stored")) }
            return .queued(row.job)
        }
    }

    /// Claims the next job for `worker` in one atomic statement: of the jobs of the highest
    /// priority (at least `minimumPriority`), the one of the longest article (the oldest of
    /// equals) that is queued, or running with its lease expired (its worker died; never
    /// `worker`'s own: it is alive, finishing the job, and a second attempt under the same
    /// name could not be told from the first by the statements that check who owns the job). Longest
    /// first keeps every worker busy to a batch's end: the last jobs are the short ones. Returns it with the lease set, and with the dead
    /// worker's temporary path so that file can be removed; nil when there is nothing to do.
    /// A reclaimed job that already used all its attempts fails instead.
    public func claimJob(
        worker: String, leaseSeconds: Double, minimumPriority: JobPriority = .background, now: Double? = nil
    ) throws(NarrateError) -> BatchJob? {
        let now = now ?? Date().timeIntervalSince1970
        return try database.write { db in
            // Jobs whose worker died after their last allowed attempt fail here, for good.
            try db.execute(
                sql: """
                    UPDATE job SET state = 'failed', finishedAt = ?,
                        lastError = coalesce(lastError, 'its worker stopped ' || attempts || ' times without finishing')
                    WHERE state = 'running' AND leaseExpiresAt < ? AND attempts >= maxAttempts AND worker IS NOT ?
                    """,
                arguments: [LibraryDatabase.timestamp(), now, worker]
            )
            return try JobRow.fetchOne(
                db,
                sql: """
                    UPDATE job SET state = 'running', worker = ?, leaseExpiresAt = ?, attempts = attempts + 1,
                        startedAt = ?, finishedAt = NULL, progress = 0
                    WHERE id = (
                        SELECT id FROM job
                        WHERE (state = 'queued' OR (state = 'running' AND leaseExpiresAt < ? AND worker IS NOT ?)) AND priority >= ?
                        ORDER BY priority DESC, workSize DESC, id LIMIT 1
                    )
                    RETURNING \(JobRow.columns)
                    """,
                arguments: [worker, now + leaseSeconds, LibraryDatabase.timestamp(), now, worker, minimumPriority.rawValue]
            ).map(\.job)
        }
    }

    /// Extends `worker`'s lease on job `id`; false when the job is no longer its own (it
    /// expired and another worker took it, or it was cancelled).
    public func renewLease(jobId id: Int64, worker: String, leaseSeconds: Double, now: Double? = nil) throws(NarrateError) -> Bool {
        let now = now ?? Date().timeIntervalSince1970
        return try database.write { db in
            try db.execute(
                sql: "UPDATE job SET leaseExpiresAt = ? WHERE id = ? AND worker = ? AND state = 'running'",
                arguments: [now + leaseSeconds, id, worker]
            )
            return db.changesCount == 1
        }
    }

    /// Records how far `worker` has got with job `id`, from 0 to 1.
    public func noteProgress(jobId id: Int64, worker: String, progress: Double) throws(NarrateError) {
        try database.write { db in
            try db.execute(
                sql: "UPDATE job SET progress = ? WHERE id = ? AND worker = ? AND state = 'running'",
                arguments: [min(1, max(0, progress)), id, worker]
            )
        }
    }

    /// Records the temporary file `worker` writes job `id` into, so a later claimer can remove it.
    public func noteTemporaryPath(jobId id: Int64, worker: String, path: String) throws(NarrateError) {
        try database.write { db in
            try db.execute(
                sql: "UPDATE job SET temporaryPath = ? WHERE id = ? AND worker = ? AND state = 'running'",
                arguments: [path, id, worker]
            )
        }
    }

    /// Marks job `id` done by `worker`; false when it was not its own any more.
    public func completeJob(id: Int64, worker: String, durationSeconds: Double) throws(NarrateError) -> Bool {
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE job SET state = 'done', durationSeconds = ?, finishedAt = ?, leaseExpiresAt = NULL,
                        temporaryPath = NULL, lastError = NULL
                    WHERE id = ? AND worker = ? AND state = 'running'
                    """,
                arguments: [durationSeconds, LibraryDatabase.timestamp(), id, worker]
            )
            return db.changesCount == 1
        }
    }

    /// Records that job `id` failed under `worker` with `error`: queued again while attempts
    /// remain, else failed for good.
    public func failJob(id: Int64, worker: String, error: String) throws(NarrateError) {
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE job SET state = CASE WHEN attempts < maxAttempts THEN 'queued' ELSE 'failed' END,
                        lastError = ?, leaseExpiresAt = NULL, temporaryPath = NULL,
                        finishedAt = CASE WHEN attempts < maxAttempts THEN NULL ELSE ? END
                    WHERE id = ? AND worker = ? AND state = 'running'
                    """,
                arguments: [error, LibraryDatabase.timestamp(), id, worker]
            )
        }
    }

    /// Gives job `id` back to the queue (a worker asked to stop mid-job), without counting
    /// the attempt.
    public func releaseJob(id: Int64, worker: String) throws(NarrateError) {
        try database.write { db in
            try db.execute(
                sql: """
                    UPDATE job SET state = 'queued', attempts = max(0, attempts - 1), leaseExpiresAt = NULL, temporaryPath = NULL
                    WHERE id = ? AND worker = ? AND state = 'running'
                    """,
                arguments: [id, worker]
            )
        }
    }

    /// Raises job `id` to `priority` when it is lower (a batch that wants a job the server
    /// queued in the background); returns the job as it is now, nil when there is none.
    @discardableResult
    public func raisePriority(jobId id: Int64, to priority: JobPriority) throws(NarrateError) -> BatchJob? {
        try database.write { db in
            try db.execute(
                sql: "UPDATE job SET priority = ? WHERE id = ? AND priority < ?", arguments: [priority.rawValue, id, priority.rawValue])
            return try JobRow.fetchOne(db, sql: "SELECT \(JobRow.columns) FROM job WHERE id = ?", arguments: [id]).map(\.job)
        }
    }

    /// Job `id`; nil when there is none.
    public func job(id: Int64) throws(NarrateError) -> BatchJob? {
        try database.read { db in try JobRow.fetchOne(db, sql: "SELECT \(JobRow.columns) FROM job WHERE id = ?", arguments: [id]).map(\.job)
        }
    }

    /// The jobs of output `outputPath`, oldest first.
    public func jobs(outputPath: String) throws(NarrateError) -> [BatchJob] {
        try database.read { db in
            try JobRow.fetchAll(db, sql: "SELECT \(JobRow.columns) FROM job WHERE outputPath = ? ORDER BY id", arguments: [outputPath]).map(
                \.job)
        }
    }

    /// The jobs, oldest first; only those in `states` when given.
    public func jobs(in states: Set<BatchJob.State>? = nil) throws(NarrateError) -> [BatchJob] {
        try database.read { db in
            guard let states else { return try JobRow.fetchAll(db, sql: "SELECT \(JobRow.columns) FROM job ORDER BY id").map(\.job) }
            let names = states.map(\.rawValue).sorted()
            let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
            return try JobRow.fetchAll(
                db, sql: "SELECT \(JobRow.columns) FROM job WHERE state IN (\(marks)) ORDER BY id", arguments: StatementArguments(names)
            ).map(\.job)
        }
    }

    /// The jobs of `ids` that exist, oldest first.
    public func jobs(ids: Set<Int64>) throws(NarrateError) -> [BatchJob] {
        guard !ids.isEmpty else { return [] }
        return try database.read { db in
            // Ids are integers: written into the statement, no bound parameter limit applies.
            let list = ids.sorted().map(String.init).joined(separator: ",")
            return try JobRow.fetchAll(db, sql: "SELECT \(JobRow.columns) FROM job WHERE id IN (\(list)) ORDER BY id").map(\.job)
        }
    }

    /// A batch coordinator's look at its unfinished jobs `ids`: which of them still exist,
    /// and the whole job of each one that moved, every one but those queued now that were
    /// queued before (`queuedBefore`). Reading two columns of each job and whole rows only of
    /// the few running or just finished keeps a poll of a long batch cheap.
    public func pollJobs(ids: Set<Int64>, queuedBefore: Set<Int64>) throws(NarrateError) -> (existing: Set<Int64>, moved: [BatchJob]) {
        guard !ids.isEmpty else { return ([], []) }
        return try database.read { db in
            // Ids are integers: written into the statement, no bound parameter limit applies.
            let list = ids.sorted().map(String.init).joined(separator: ",")
            var existing: Set<Int64> = []
            var moved: [Int64] = []
            for row in try Row.fetchAll(db, sql: "SELECT id, state = 'queued' FROM job WHERE id IN (\(list))") {
                let id: Int64 = row[0]
                existing.insert(id)
                let queued: Bool = row[1]
                if !queued || !queuedBefore.contains(id) { moved.append(id) }
            }
            guard !moved.isEmpty else { return (existing, []) }
            let movedList = moved.map(String.init).joined(separator: ",")
            let jobs = try JobRow.fetchAll(db, sql: "SELECT \(JobRow.columns) FROM job WHERE id IN (\(movedList)) ORDER BY id").map(\.job)
            return (existing, jobs)
        }
    }

    /// Queues failed (and cancelled) jobs again with fresh attempts: job `id`, or all of
    /// them when `id` is nil. Returns how many.
    @discardableResult
    public func retryJobs(id: Int64? = nil) throws(NarrateError) -> Int {
        try database.write { db in
            if let id {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM job WHERE id = ?", arguments: [id]) != nil else {
                    throw NarrateError(QueueError.noSuchJob(id: id))
                }
            }
            try db.execute(
                sql: """
                    UPDATE job SET state = 'queued', attempts = 0, lastError = NULL, finishedAt = NULL
                    WHERE state IN ('failed', 'cancelled') \(id == nil ? "" : "AND id = ?")
                    """,
                arguments: id.map { [$0] } ?? []
            )
            return db.changesCount
        }
    }

    /// Cancels queued and running jobs: job `id`, or all of them. A running job's worker
    /// sees it when renewing its lease and stops. Returns how many.
    @discardableResult
    public func cancelJobs(id: Int64? = nil, reason: String = "cancelled") throws(NarrateError) -> Int {
        try database.write { db in
            if let id {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM job WHERE id = ?", arguments: [id]) != nil else {
                    throw NarrateError(QueueError.noSuchJob(id: id))
                }
            }
            try db.execute(
                sql: """
                    UPDATE job SET state = 'cancelled', lastError = ?, finishedAt = ?, leaseExpiresAt = NULL
                    WHERE state IN ('queued', 'running') \(id == nil ? "" : "AND id = ?")
                    """,
                arguments: [reason, LibraryDatabase.timestamp()] + (id.map { [$0] } ?? [])
            )
            return db.changesCount
        }
    }

    /// Removes finished (done) jobs. Returns how many.
    @discardableResult
    public func clearDoneJobs() throws(NarrateError) -> Int {
        try database.write { db in
            try db.execute(sql: "DELETE FROM job WHERE state = 'done'")
            return db.changesCount
        }
    }
}

extension LibraryJobQueue: JobQueue {
    public func enqueue(_ submission: JobSubmission) throws(NarrateError) -> EnqueueOutcome {
        try enqueue(
            articleId: submission.articleId, settingsHash: submission.settingsHash, renderRequest: submission.renderRequest,
            format: submission.format, outputPath: submission.outputPath, maxAttempts: submission.maxAttempts,
            priority: submission.priority
        )
    }

    public func completeJob(id: Int64, worker: String, durationSeconds: Double, result: String?) throws(NarrateError) -> Bool {
        // The library's workers record their renders in it as they make them.
        try completeJob(id: id, worker: worker, durationSeconds: durationSeconds)
    }
}
