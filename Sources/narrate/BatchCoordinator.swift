import NarrateCore
import NarrateLibrary
import Synchronization
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C presses while a batch runs: the first stops claiming, the second cancels.
let batchInterrupts = Atomic<Int>(0)

/// Runs queued jobs to the end with N worker processes (`narrate worker`), reporting
/// progress, and replacing workers that die while work remains. A job whose worker died is
/// claimed again by another once its lease runs out.
struct BatchCoordinator {
    /// The library's database path, passed to the workers.
    var libraryPath: String
    /// The library.
    var library: ArticleLibrary
    /// Worker processes at once.
    var workers: Int
    /// How progress is shown.
    var progress: BatchProgress

    /// What a run did, for the summary.
    struct Summary {
        var done: [BatchJob] = []
        var failed: [BatchJob] = []
        var cancelled: [BatchJob] = []
        var remaining: [BatchJob] = []
    }

    /// Runs until every job in `jobIds` (all unfinished jobs when nil) is done, failed or
    /// cancelled, or until Ctrl-C stops it.
    func run(jobIds: Set<Int64>?, titles: [Int64: String]) throws(NarrateError) -> Summary {
        Self.installInterruptCounter()
        let executable = ExecutablePath.current() ?? CommandLine.arguments[0]
        var running: [pid_t: String] = [:]
        var spawned = 0
        var draining = false
        var cancelling = false
        let start = ContinuousClock.now
        var previousStates: [Int64: BatchJob.State] = [:]
        while true {
            // Reap workers that ended.
            for pid in Array(running.keys) {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { running[pid] = nil }
            }
            let jobs = try library.jobs().filter { jobIds?.contains($0.id) ?? true }
            for job in jobs where previousStates[job.id] != job.state {
                previousStates[job.id] = job.state
                progress.jobChanged(job, title: titles[job.articleId])
            }
            let pending = jobs.filter { $0.state == .queued || $0.state == .running }
            let presses = batchInterrupts.load(ordering: .relaxed)
            if presses >= 1, !draining {
                draining = true
                progress.note("stopping: running jobs finish, no new ones start (Ctrl-C again cancels them)")
                for pid in running.keys { kill(pid, SIGUSR1) }
            }
            if presses >= 2, !cancelling {
                cancelling = true
                let ids = pending.filter { $0.state == .running }.map(\.id)
                for id in ids { try library.cancelJobs(id: id, reason: "cancelled by Ctrl-C") }
                for pid in running.keys { kill(pid, SIGTERM) }
                progress.note("cancelling the running jobs")
            }
            if pending.isEmpty && running.isEmpty { break }
            if draining && running.isEmpty { break }
            // Start workers while there is work one could claim now.
            let now = Date().timeIntervalSince1970
            let claimable = pending.filter { $0.state == .queued || ($0.leaseExpiresAt ?? 0) < now }.count
            while !draining, running.count < min(workers, max(claimable, 0)) {
                spawned += 1
                let name = "\(getpid())-\(spawned)"
                guard let pid = Self.spawn(executable, ["worker", "--name", name, "--coordinator", String(getpid()), "--library", libraryPath]) else {
                    throw NarrateError.engine(code: -1, message: "cannot start a worker process (\(executable))")
                }
                running[pid] = name
            }
            progress.update(jobs: jobs, titles: titles, elapsed: (ContinuousClock.now - start).timeInterval)
            usleep(200_000)
        }
        let jobs = try library.jobs().filter { jobIds?.contains($0.id) ?? true }
        progress.finish()
        var summary = Summary()
        for job in jobs {
            switch job.state {
            case .done: summary.done.append(job)
            case .failed: summary.failed.append(job)
            case .cancelled: summary.cancelled.append(job)
            case .queued, .running: summary.remaining.append(job)
            }
        }
        return summary
    }

    private static func spawn(_ executable: String, _ arguments: [String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Job errors are kept in the queue; the workers' own lines would garble the progress.
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, &argv, environ) == 0 else { return nil }
        return pid
    }

    private static func installInterruptCounter() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in batchInterrupts.add(1, ordering: .relaxed) }
        #else
        action.__sigaction_u.__sa_handler = { _ in batchInterrupts.add(1, ordering: .relaxed) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        signal(SIGPIPE, SIG_IGN)
    }
}

extension Duration {
    /// The duration in seconds.
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
