import Foundation
import NarrateLibrary
import NarrateQueue
import Synchronization

/// Renews a job's lease on its own thread while the worker's main thread synthesizes;
/// notes when the job is no longer the worker's (cancelled, or taken over after a stall), and
/// records the render's progress twice a second when it moved (a web player shows it).
final class LeaseRenewal: Sendable {
    private let leaseSeconds: Double
    private let queue: any JobQueue
    private let jobId: Int64
    private let worker: String
    private let lostFlag = Atomic<Bool>(false)
    private let stopFlag = Atomic<Bool>(false)
    /// Sentences done, in thousandths of the whole.
    private let progressMilli = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled by `stop`, so the thread ends at once rather than after its current tenth
    /// of a second (a worker waited 50 ms on average after each job: 13 s of a 260-article batch).
    private let stopping = DispatchSemaphore(value: 0)

    init(queue: any JobQueue, jobId: Int64, worker: String, leaseSeconds: Double) {
        self.leaseSeconds = leaseSeconds
        self.queue = queue
        self.jobId = jobId
        self.worker = worker
    }

    /// Whether the job stopped being this worker's.
    var isLost: Bool { lostFlag.load(ordering: .relaxed) }

    /// Notes that `done` sentences of `total` are synthesized.
    func noteProgress(done: Int, total: Int) {
        progressMilli.store(total > 0 ? done * 1000 / total : 0, ordering: .relaxed)
    }

    func start() {
        Thread.detachNewThread { [self] in
            // Time by the clock, not by turns of the loop: a turn may wait on the database
            // (a progress write behind another writer), and counted turns then let a live
            // worker's lease lapse. The lease is renewed first, progress written after it.
            let clock = ContinuousClock()
            var lastRenewal = clock.now
            var lastProgress = clock.now
            var recorded = 0
            while !stopFlag.load(ordering: .relaxed) {
                if stopping.wait(timeout: .now() + 0.1) == .success { break }
                // A quarter of the lease, so three renewals can fail before another worker may take over.
                if clock.now - lastRenewal >= .seconds(leaseSeconds / 4) {
                    lastRenewal = clock.now
                    let kept = (try? queue.renewLease(jobId: jobId, worker: worker, leaseSeconds: leaseSeconds, now: nil)) ?? true
                    if !kept { lostFlag.store(true, ordering: .relaxed) }
                }
                let progress = progressMilli.load(ordering: .relaxed)
                if clock.now - lastProgress >= .milliseconds(500), progress != recorded {
                    lastProgress = clock.now
                    recorded = progress
                    try? queue.noteProgress(jobId: jobId, worker: worker, progress: Double(progress) / 1000)
                }
            }
            finished.signal()
        }
    }

    func stop() {
        stopFlag.store(true, ordering: .relaxed)
        stopping.signal()
        finished.wait()
    }
}
