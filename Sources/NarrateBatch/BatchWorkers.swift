public import NarrateCore
import NarrateSystem

/// The worker processes of one batch: at most `limit` at once, each started by the
/// launcher under a name of its own and reaped when it ends.
///
/// A batch starts them as soon as its first job is queued, so they render while the rest of
/// the batch is still being added, and its coordinator keeps them going to the end.
public final class BatchWorkers {
    /// Worker processes at once.
    public let limit: Int
    private let launcher: any WorkerLauncher
    /// The running workers' names, by process id.
    private(set) var running: [pid_t: String] = [:]
    /// Every name given so far (the jobs a stopped batch's workers hold are found by them).
    private(set) var names: [String] = []
    /// The workers that ended since `takeEnded()` was last asked, with their exit statuses
    /// (128 + the signal for one killed by a signal).
    private var ended: [(name: String, status: Int32)] = []

    /// No workers yet; `limit` at once, started by `launcher`.
    public init(limit: Int, launcher: any WorkerLauncher) {
        self.limit = max(1, limit)
        self.launcher = launcher
    }

    /// How many are running (as last reaped).
    public var count: Int { running.count }

    /// When the last replacement was started.
    private var lastReplacement = ContinuousClock.now - .seconds(1)

    /// Starts workers until `wanted` (at most the limit) are running. Workers that replace
    /// ended ones start at most five a second: one that dies as it starts (a library it
    /// cannot open) is not restarted in a tight loop.
    public func start(upTo wanted: Int) throws(NarrateError) {
        while running.count < min(limit, wanted) {
            if names.count >= limit {
                guard ContinuousClock.now - lastReplacement >= .milliseconds(200) else { return }
                lastReplacement = ContinuousClock.now
            }
            let name = "\(getpid())-\(names.count + 1)"
            running[try launcher.launch(name: name)] = name
            names.append(name)
        }
    }

    /// Forgets the workers that ended; whether any did.
    @discardableResult
    public func reap() -> Bool {
        var ended = false
        for pid in Array(running.keys) {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let exited = status & 0x7f == 0
                self.ended.append((running[pid] ?? "", exited ? (status >> 8) & 0xff : 128 + status & 0x7f))
                running[pid] = nil
                ended = true
            }
        }
        return ended
    }

    /// The workers that ended since the last call, with their exit statuses.
    func takeEnded() -> [(name: String, status: Int32)] {
        defer { ended = [] }
        return ended
    }

    /// Waits up to `seconds` for a worker to end, looking every 10 ms (a system call per
    /// worker each time, nothing more): the batch's last worker is seen gone at once, not at
    /// the coordinator's next look at the queue.
    func waitForAnEnd(seconds: Double) {
        let steps = max(1, Int(seconds * 100))
        for _ in 0..<steps {
            if reap() { return }
            usleep(10_000)
        }
    }

    /// Sends `signal` to every running worker.
    func signal(_ signal: Int32) {
        for pid in running.keys { kill(pid, signal) }
    }
}
