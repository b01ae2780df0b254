import NarrateCore
import NarrateLibrary
import Synchronization
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C presses while a batch runs: the first stops claiming (running jobs finish), the
/// second stops the running jobs and gives them back to the queue.
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
        var names: [String] = []
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
                progress.note("stopping: running jobs finish, no new ones start (Ctrl-C again stops them too)")
                for pid in running.keys { kill(pid, SIGUSR1) }
            }
            if presses >= 2, !cancelling {
                // Stopped, not cancelled: the jobs go back to the queue, so `jobs run` goes on
                // with them (`jobs cancel` is the way to drop one).
                cancelling = true
                for pid in running.keys { kill(pid, SIGTERM) }
                progress.note("stopping the running jobs; they stay queued ('narrate jobs run' goes on)")
            }
            if pending.isEmpty && running.isEmpty { break }
            if draining && running.isEmpty {
                try releaseJobs(ofWorkers: Set(names))
                break
            }
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
                names.append(name)
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

    /// Gives back to the queue the jobs that `workers` (all ended) still hold: a worker
    /// killed while the batch stopped leaves its job running until the lease ends; after a
    /// Ctrl-C the queue should say at once that it is waiting, and its temporary file go.
    private func releaseJobs(ofWorkers workers: Set<String>) throws(NarrateError) {
        for job in try library.jobs(in: [.running]) {
            guard let worker = job.worker, workers.contains(worker) else { continue }
            if let leftover = job.temporaryPath { unlink(leftover) }
            try library.releaseJob(id: job.id, worker: worker)
        }
    }

    private static func spawn(_ executable: String, _ arguments: [String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Job errors are kept in the queue; the workers' own lines would garble the progress.
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        // Workers start with no signal blocked, whatever this process inherited.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, &attributes, &argv, environ) == 0 else { return nil }
        return pid
    }

    private static func installInterruptCounter() {
        // Set up before the handler can be the first to use it (see Interruption.install).
        _ = batchInterrupts.load(ordering: .relaxed)
        Interruption.unblockSignals()
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in batchInterrupts.add(1, ordering: .relaxed) }
        #else
        action.__sigaction_u.__sa_handler = { _ in batchInterrupts.add(1, ordering: .relaxed) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        // SIGTERM and SIGHUP (the terminal closed) count as a Ctrl-C press.
        for stopSignal in Interruption.stopSignals { sigaction(stopSignal, &action, nil) }
        signal(SIGPIPE, SIG_IGN)
    }
}

extension Duration {
    /// The duration in seconds.
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
