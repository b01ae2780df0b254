import NarrateCore
import NarrateLibrary
import NarrateQueue
import NarrateSystem

/// A queue as the benchmark's threads use it: each call waits for its answer on the calling
/// thread (one of the benchmark's own, never the cooperative pool's). The library's queue
/// answers at once, as it does for a worker; PostgreSQL's through its async client.
struct BlockingQueue: Sendable {
    let queue: any JobQueue

    func enqueue(_ submission: JobSubmission) throws(NarrateError) -> EnqueueOutcome {
        if let library = queue as? LibraryJobQueue { return try library.enqueue(submission) }
        let queue = self.queue
        return try OwnThread.wait { () async throws(NarrateError) in try await queue.enqueue(submission) }
    }

    func claimJob(worker: String) throws(NarrateError) -> BatchJob? {
        if let library = queue as? LibraryJobQueue {
            return try library.claimJob(worker: worker, leaseSeconds: 600, minimumPriority: .background, now: nil)
        }
        let queue = self.queue
        return try OwnThread.wait { () async throws(NarrateError) in
            try await queue.claimJob(worker: worker, leaseSeconds: 600, minimumPriority: .background, now: nil)
        }
    }

    func completeJob(id: Int64, worker: String) throws(NarrateError) -> Bool {
        if let library = queue as? LibraryJobQueue {
            return try library.completeJob(id: id, worker: worker, durationSeconds: 1, result: nil)
        }
        let queue = self.queue
        return try OwnThread.wait { () async throws(NarrateError) in
            try await queue.completeJob(id: id, worker: worker, durationSeconds: 1, result: nil)
        }
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
