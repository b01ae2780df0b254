public import NarrateCore

/// A queue that workers on many machines share (PostgreSQL): the queue protocol, and what a
/// shared queue adds to it. Its workers have no library, so the submitting library takes in
/// what they made (`finishedJobs(origin:limit:)`, then `forgetResults(ids:)`); idle workers
/// wait to be told of new jobs rather than end; and each worker's figures are kept, for
/// `narrate jobs` to show where the work goes.
public protocol SharedJobQueue: JobQueue {
    /// Where the queue is, without a password (for messages).
    var displayAddress: String { get }

    /// The jobs of `ids` that exist, oldest first.
    func jobs(ids: Set<Int64>) async throws(NarrateError) -> [BatchJob]

    /// The finished jobs `origin` submitted whose results it has not yet taken in, with
    /// their results, oldest first, at most `limit`.
    func finishedJobs(origin: String, limit: Int) async throws(NarrateError) -> [BatchJob]

    /// Drops the results of done jobs `ids`, once their submitter has recorded them.
    func forgetResults(ids: [Int64]) async throws(NarrateError)

    /// Claims the next job for `worker` as `claimJob(worker:leaseSeconds:minimumPriority:now:)`
    /// does, leaving out the jobs of `excluding` (those it declined: it cannot do them).
    func claimJob(
        worker: String, leaseSeconds: Double, minimumPriority: JobPriority, excluding: Set<Int64>, now: Double?
    ) async throws(NarrateError) -> BatchJob?

    /// Gives job `id` back because `worker`'s machine lacks what it needs (its voice, ONNX
    /// Runtime, an encoder): queued again for another machine, the attempt not counted, with
    /// `reason` as its last error so the queue's listing says why it waits.
    func declineJob(id: Int64, worker: String, reason: String) async throws(NarrateError)

    /// Says that worker `name` on `host` is at work (again): a row for `jobs` to show, kept
    /// up to date by its claims, renewals and finished jobs.
    func registerWorker(name: String, host: String) async throws(NarrateError)

    /// Says that worker `name` is still there while it waits for jobs.
    func touchWorker(name: String) async throws(NarrateError)

    /// The workers seen within `seconds`, with their figures, by name.
    func workers(seenWithin seconds: Double) async throws(NarrateError) -> [QueueWorker]

    /// Waits until a job is queued or `seconds` pass; true when one was announced.
    func waitForJobs(seconds: Double) async -> Bool

    /// Closes the connections.
    func close() async
}
