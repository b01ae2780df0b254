import NarrateCore
import NarrateLibrary
import NarrateQueue
import NarrateSystem

/// A queue as the benchmark's own threads queue jobs into it and check it afterwards: each
/// call waits for its answer on the calling thread (never the cooperative pool's). The
/// library's queue answers at once; PostgreSQL's through its async client. The claim races
/// call the queues directly, as their workers do.
struct BlockingQueue: Sendable {
    let queue: any JobQueue

    func enqueue(_ submission: JobSubmission) throws(NarrateError) -> EnqueueOutcome {
        if let library = queue as? LibraryJobQueue { return try library.enqueue(submission) }
        let queue = self.queue
        return try OwnThread.wait { () async throws(NarrateError) in try await queue.enqueue(submission) }
    }

    func jobs() throws(NarrateError) -> [BatchJob] {
        if let library = queue as? LibraryJobQueue { return try library.jobs(in: nil) }
        let queue = self.queue
        return try OwnThread.wait { () async throws(NarrateError) in try await queue.jobs(in: nil) }
    }

    /// Closes a shared queue's connections.
    func close() {
        guard let shared = queue as? any SharedJobQueue else { return }
        OwnThread.wait { () async in await shared.close() }
    }
}
