public import NarrateCore

/// The batch queue as workers and coordinators use it, whichever database holds it: the
/// library's SQLite file (`ArticleLibrary`, processes of one machine) or PostgreSQL
/// (`PostgresJobQueue`, workers on many machines). Both keep the same state machine (queued →
/// running → done, failed or cancelled) and the same guarantees, which one set of tests checks
/// on both: an enqueue is idempotent (one job per output while queued or running), a claim
/// is atomic (two workers never hold one job), a lease is renewed while the worker works and a
/// job whose lease expired is claimed again (its dead worker's temporary file named for
/// removal), attempts are limited and the last error kept, and a cancelled job's worker
/// finds out at its next renewal.
public protocol JobQueue: AnyObject, Sendable {
    /// Queues a job unless one for the same output is queued or running.
    func enqueue(_ submission: JobSubmission) async throws(NarrateError) -> EnqueueOutcome

    /// Claims the next job for `worker` (the highest priority at least `minimumPriority`,
    /// then the largest, then the oldest), queued or with an expired lease, with the lease set
    /// for `leaseSeconds`; nil when there is none. A reclaimed job that used all its attempts
    /// fails instead. `now` (seconds since 1970) is for tests; by default the queue's clock.
    func claimJob(worker: String, leaseSeconds: Double, minimumPriority: JobPriority, now: Double?) async throws(NarrateError) -> BatchJob?

    /// Extends `worker`'s lease on job `id`; false when the job is no longer its own.
    func renewLease(jobId id: Int64, worker: String, leaseSeconds: Double, now: Double?) async throws(NarrateError) -> Bool

    /// Records how far `worker` has got with job `id`, from 0 to 1.
    func noteProgress(jobId id: Int64, worker: String, progress: Double) async throws(NarrateError)

    /// Records the temporary file `worker` writes job `id` into, so a later claimer can remove it.
    func noteTemporaryPath(jobId id: Int64, worker: String, path: String) async throws(NarrateError)

    /// Marks job `id` done by `worker`, with what it made (`result`: the render's JSON, for a
    /// queue whose coordinator records renders; nil where the worker recorded it itself);
    /// false when it was not its own any more.
    func completeJob(id: Int64, worker: String, durationSeconds: Double, result: String?) async throws(NarrateError) -> Bool

    /// Records that job `id` failed under `worker`: queued again while attempts remain.
    func failJob(id: Int64, worker: String, error: String) async throws(NarrateError)

    /// Gives job `id` back without counting the attempt (its worker was told to stop).
    func releaseJob(id: Int64, worker: String) async throws(NarrateError)

    /// Job `id`, nil when there is none.
    func job(id: Int64) async throws(NarrateError) -> BatchJob?

    /// The jobs, oldest first; only those in `states` when given.
    func jobs(in states: Set<BatchJob.State>?) async throws(NarrateError) -> [BatchJob]

    /// Queues failed and cancelled jobs again with fresh attempts: job `id`, or all.
    func retryJobs(id: Int64?) async throws(NarrateError) -> Int

    /// Cancels queued and running jobs: job `id`, or all.
    func cancelJobs(id: Int64?, reason: String) async throws(NarrateError) -> Int

    /// Removes done jobs.
    func clearDoneJobs() async throws(NarrateError) -> Int
}

/// One job to queue: what to render and where.
public struct JobSubmission: Sendable, Equatable {
    /// The article, by its id in the submitting library.
    public var articleId: Int64
    /// The render settings' hash.
    public var settingsHash: String
    /// The typed render request, as JSON.
    public var renderRequest: String
    /// The audio format (`wav`).
    public var format: String
    /// Where the audio goes.
    public var outputPath: String
    /// Attempts allowed.
    public var maxAttempts: Int
    /// Which jobs go first.
    public var priority: JobPriority
    /// How much work it is (the article's words), for largest-first; the library counts it
    /// itself.
    public var workSize: Int
    /// The article itself, as JSON, for a queue whose workers have no library (PostgreSQL);
    /// nil for the library's own queue, whose workers read the library.
    public var article: String?
    /// Which library submitted it, for a shared queue (its coordinator records the renders).
    public var origin: String?
    /// On a shared queue, the folder `outputPath` is relative to as the submitter sees it.
    public var outputFolder: String?

    public init(
        articleId: Int64, settingsHash: String, renderRequest: String, format: String, outputPath: String,
        maxAttempts: Int = 3, priority: JobPriority = .batch, workSize: Int = 0, article: String? = nil, origin: String? = nil,
        outputFolder: String? = nil
    ) {
        self.articleId = articleId
        self.settingsHash = settingsHash
        self.renderRequest = renderRequest
        self.format = format
        self.outputPath = outputPath
        self.maxAttempts = maxAttempts
        self.priority = priority
        self.workSize = workSize
        self.article = article
        self.origin = origin
        self.outputFolder = outputFolder
    }
}
