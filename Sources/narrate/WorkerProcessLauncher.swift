import Foundation
import NarrateCore
import NarrateLibrary
import Narration
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C presses while a batch runs: the first stops claiming (running jobs finish), the
/// second stops the running jobs and gives them back to the queue.
let batchInterrupts = Atomic<Int>(0)

/// Starts `narrate worker` processes for a batch on this library: this executable again,
/// told its name, the coordinator's process id (it stops when that is gone) and the library.
struct WorkerProcessLauncher: WorkerLauncher {
    /// The library's database path, passed to the workers.
    var libraryPath: String

    func launch(name: String) throws(NarrateError) -> Int32 {
        let executable = ExecutablePath.current() ?? CommandLine.arguments[0]
        guard let pid = Self.spawn(executable, ["worker", "--name", name, "--coordinator", String(getpid()), "--library", libraryPath]) else {
            throw NarrateError.engine(code: -1, message: "cannot start a worker process (\(executable))")
        }
        return pid
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

    /// A coordinator for `library` with `workers` processes at once (default: the cores).
    static func coordinator(library: ArticleLibrary, workers: Int?, observer: any BatchObserver) -> BatchCoordinator {
        BatchCoordinator(
            library: library, workers: workers ?? ProcessInfo.processInfo.activeProcessorCount,
            launcher: WorkerProcessLauncher(libraryPath: library.location.databasePath), observer: observer
        )
    }

    /// The stop requests counted so far.
    static func interrupts() -> Int {
        batchInterrupts.load(ordering: .relaxed)
    }

    /// Counts Ctrl-C (and SIGTERM, SIGHUP) into `batchInterrupts`, the coordinator's stop
    /// requests.
    static func countInterrupts() {
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
