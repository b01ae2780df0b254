import Foundation
import NarrateQueue
import Synchronization

/// Renews a job's lease in a task of its own, from its start until `stop`, while the worker's
/// thread synthesizes; notes when the job is no longer the worker's (cancelled, or taken over
/// after a stall), and records the render's progress at most twice a second when it moved (a
/// web player shows it).
final class LeaseRenewal: Sendable {
    /// What the synthesis and the renewing task share.
    private final class Shared: Sendable {
        let lost = Atomic<Bool>(false)
        /// Sentences done, in thousandths of the whole.
        let progressMilli = Atomic<Int>(0)
    }

    private let shared: Shared
    private let task: Task<Void, Never>

    /// Starts renewing `worker`'s lease on job `jobId` for `leaseSeconds` at a time.
    init(queue: any JobQueue, jobId: Int64, worker: String, leaseSeconds: Double) {
        let shared = Shared()
        self.shared = shared
        task = Task { await Self.renew(queue: queue, jobId: jobId, worker: worker, leaseSeconds: leaseSeconds, shared: shared) }
    }

    /// Whether the job stopped being this worker's.
    var isLost: Bool { shared.lost.load(ordering: .relaxed) }

    /// Notes that `done` sentences of `total` are synthesized.
    @Sendable func noteProgress(done: Int, total: Int) {
        shared.progressMilli.store(total > 0 ? done * 1000 / total : 0, ordering: .relaxed)
    }

    /// Stops renewing at once (a sleep in progress ends), after the statement in flight.
    func stop() async {
        task.cancel()
        await task.value
    }

    private static func renew(queue: any JobQueue, jobId: Int64, worker: String, leaseSeconds: Double, shared: Shared) async {
        // Time by the clock: a statement may wait on the database (a progress write behind
        // another writer), and a live worker's lease must not lapse for it. The lease is
        // renewed first, progress written after it.
        let clock = ContinuousClock()
        // A quarter of the lease, so three renewals can fail before another worker may take over.
        let interval = Duration.seconds(leaseSeconds / 4)
        var lastRenewal = clock.now
        var lastProgress = clock.now
        var recorded = 0
        while !Task.isCancelled {
            do {
                try await Task.sleep(until: min(lastRenewal + interval, lastProgress + .milliseconds(500)), clock: clock)
            } catch {
                return
            }
            if clock.now - lastRenewal >= interval {
                lastRenewal = clock.now
                let kept = (try? await queue.renewLease(jobId: jobId, worker: worker, leaseSeconds: leaseSeconds, now: nil)) ?? true
                if !kept { shared.lost.store(true, ordering: .relaxed) }
            }
            if clock.now - lastProgress >= .milliseconds(500) {
                lastProgress = clock.now
                let progress = shared.progressMilli.load(ordering: .relaxed)
                guard progress != recorded else { continue }
                recorded = progress
                try? await queue.noteProgress(jobId: jobId, worker: worker, progress: Double(progress) / 1000)
            }
        }
    }
}
