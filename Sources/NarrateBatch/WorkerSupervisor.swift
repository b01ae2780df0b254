public import NarrateCore
import NarrateSystem

/// Keeps N worker processes of a shared queue running on this machine (`narrate worker
/// --queue URL --jobs N`) until told to stop: one that dies (killed, crashed) is started
/// again, at most a few a second; one that ends because it cannot work here (its output
/// folder cannot be written, the queue refuses it or is gone for good) ends them all, with
/// its exit status, since every other would end the same way.
///
/// Stopping: the first stop request (Ctrl-C) lets running jobs finish and starts no new
/// ones; a termination request (SIGTERM, as a service manager sends) or a second stop
/// request stops the running jobs at once, giving them back to the queue.
public final class WorkerSupervisor {
    private let workers: BatchWorkers
    /// Whether the workers end by themselves once the queue is empty (then so does this).
    public let untilEmpty: Bool

    public init(limit: Int, launcher: any WorkerLauncher, untilEmpty: Bool) {
        workers = BatchWorkers(limit: limit, launcher: launcher)
        self.untilEmpty = untilEmpty
    }

    /// Exit statuses of a worker that mean every worker here would end the same way: a
    /// usage error (64), the queue unavailable (69), a folder it cannot write (73), the
    /// queue's permission refused (77), a configuration error (78).
    static let fatalStatuses: Set<Int32> = [64, 69, 73, 77, 78]

    /// Runs until the workers are told to stop (`stopRequests`: the first drains, the
    /// second stops them; `terminate`: stops them at once), or, with `untilEmpty`, until they
    /// all ended; the exit status for this process.
    public func run(stopRequests: () -> Int, terminate: () -> Bool) throws(NarrateError) -> Int32 {
        var draining = false
        var stopping = false
        var status: Int32 = 0
        try workers.start(upTo: workers.limit)
        var killed = 0
        while workers.count > 0 || killed > 0 {
            workers.waitForAnEnd(seconds: 0.2)
            for ended in workers.takeEnded() {
                if ended.status > 128 { killed += 1 }
                if Self.fatalStatuses.contains(ended.status), !draining {
                    // The worker said why on standard error; the others stop too.
                    status = ended.status
                    draining = true
                    stopping = true
                    workers.signal(SIGTERM)
                }
            }
            if terminate() || stopRequests() >= 2, !stopping {
                stopping = true
                draining = true
                workers.signal(SIGTERM)
            } else if stopRequests() >= 1, !draining {
                draining = true
                workers.signal(SIGUSR1)
            }
            if draining {
                killed = 0
            } else if !untilEmpty {
                try workers.start(upTo: workers.limit)
                killed = 0
            } else if killed > 0 {
                // Until the queue is empty: only a worker that was killed is replaced.
                let before = workers.count
                try workers.start(upTo: before + killed)
                killed -= workers.count - before
            }
        }
        return status
    }
}
