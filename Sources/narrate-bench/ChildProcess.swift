import NarrateSystem

/// One finished run of a program: wall time, peak memory and exit status.
struct ChildProcess {
    /// Seconds from spawn to exit.
    var wallSeconds: Double
    /// Peak resident memory in KiB (from wait4's rusage).
    var peakKiB: Int
    /// The exit status (or 128 + signal).
    var status: Int32
    /// User and system CPU seconds, the children it waited for included.
    var cpuSeconds = 0.0

    /// Runs `arguments` (the first is the program, searched in PATH) with standard output
    /// and standard error going to `output`, which is created or truncated (by default they
    /// are discarded).
    static func run(_ arguments: [String], output: String = "/dev/null") throws(BenchmarkError) -> ChildProcess {
        try start(arguments, output: output).wait()
    }

    /// A program started and not yet waited for.
    struct Running {
        /// Its process id.
        let pid: pid_t
        /// When it started (the monotonic clock).
        let startedAt: Double

        /// Waits for it to end.
        func wait() throws(BenchmarkError) -> ChildProcess {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 {
                guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(String(cString: strerror(errno)))") }
            }
            let elapsed = ChildProcess.now() - startedAt
            let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            return ChildProcess(wallSeconds: elapsed, peakKiB: Int(usage.ru_maxrss), status: exitStatus, cpuSeconds: cpuSeconds(usage))
        }
    }

    /// Starts `arguments` as `run` does, without waiting for it.
    static func start(_ arguments: [String], output: String = "/dev/null") throws(BenchmarkError) -> Running {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = now()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw BenchmarkError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        return Running(pid: pid, startedAt: start)
    }

    /// User plus system time in `usage`, in seconds.
    static func cpuSeconds(_ usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Runs and insists on success.
    static func runChecked(_ arguments: [String]) throws(BenchmarkError) -> ChildProcess {
        let result = try run(arguments)
        guard result.status == 0 else {
            throw BenchmarkError("\(arguments.joined(separator: " ")) exited with \(result.status)")
        }
        return result
    }

    fileprivate static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
