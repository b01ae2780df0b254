import Synchronization

/// Set by SIGINT, SIGTERM or SIGHUP; long work polls it and stops cleanly.
let interruptRequested = Atomic<Bool>(false)

/// Stop requests while a batch coordinator runs: the first stops claiming (running jobs
/// finish), the second stops the running jobs and gives them back to the queue.
let stopRequestCount = Atomic<Int>(0)

/// Set by SIGTERM in `narrate worker --queue`: stop the workers at once.
let terminationRequested = Atomic<Bool>(false)
/// Set by SIGUSR1 in a batch worker: finish the job in hand, claim no more.
let drainRequested = Atomic<Bool>(false)
/// Set by SIGUSR2 in a lingering worker: a job was queued for it.
let jobQueued = Atomic<Bool>(false)

/// Ctrl-C, termination requests and hang-ups (the terminal closed, an SSH session dropped):
/// the handler only sets a flag (all a signal handler may safely do); the narration loop sees
/// it within one audio chunk, removes its temporary file and exits with 130.
public enum Interruption {
    /// The signals that ask narrate to stop: Ctrl-C, `kill`, and a hang-up.
    public static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers that set `isRequested`.
    public static func install() {
        // A global is set up on first use under a lock; a signal handler must not be the
        // first to use it, so it is touched here before any handler can run.
        _ = interruptRequested.load(ordering: .relaxed)
        handleStopSignals { _ in interruptRequested.store(true, ordering: .relaxed) }
    }

    /// Counts Ctrl-C presses (and SIGTERM, SIGHUP) instead, for a batch coordinator.
    public static func countStopRequests() {
        _ = stopRequestCount.load(ordering: .relaxed)
        handleStopSignals { _ in stopRequestCount.add(1, ordering: .relaxed) }
    }

    /// In a batch worker: SIGUSR1 asks it to drain (`isDrainRequested`); SIGINT is ignored
    /// (Ctrl-C at the terminal goes to the coordinator, which decides).
    public static func installWorkerSignals() {
        install()
        signal(SIGINT, SIG_IGN)
        _ = drainRequested.load(ordering: .relaxed)
        signal(SIGUSR1) { _ in drainRequested.store(true, ordering: .relaxed) }
        _ = jobQueued.load(ordering: .relaxed)
        signal(SIGUSR2) { _ in jobQueued.store(true, ordering: .relaxed) }
        // Blocked signals stay blocked across exec: a coordinator started by a program that
        // blocks SIGUSR1 (a dispatch thread does) would otherwise never get its workers to drain.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR1)
        sigaddset(&signals, SIGUSR2)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// In `narrate worker --queue`, which supervises worker processes: Ctrl-C and SIGHUP are
    /// counted (the first lets running jobs finish), SIGTERM asks to stop them at once
    /// (`isTerminationRequested`), as a service manager stops a service.
    public static func installSupervisorSignals() {
        countStopRequests()
        _ = terminationRequested.load(ordering: .relaxed)
        signal(SIGTERM) { _ in terminationRequested.store(true, ordering: .relaxed) }
    }

    /// Whether SIGTERM came, under `installSupervisorSignals`.
    public static var isTerminationRequested: Bool {
        terminationRequested.load(ordering: .relaxed)
    }

    /// Whether a job was queued for this lingering worker since it last asked (SIGUSR2).
    public static func takeJobQueued() -> Bool {
        jobQueued.exchange(false, ordering: .relaxed)
    }

    /// Whether the coordinator asked this worker to finish its job and claim no more.
    public static var isDrainRequested: Bool {
        drainRequested.load(ordering: .relaxed)
    }

    /// The stop requests counted so far.
    public static func stopRequests() -> Int {
        stopRequestCount.load(ordering: .relaxed)
    }

    /// Runs `handler` on each stop signal, and ignores signals that would otherwise kill the
    /// process instead of letting a write fail cleanly (SIGXFSZ on a file size limit, SIGPIPE).
    private static func handleStopSignals(_ handler: @convention(c) (Int32) -> Void) {
        unblockSignals()
        // Without SA_RESTART, so a blocking read of standard input returns EINTR and the
        // reader can stop instead of waiting for the end of input.
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for stopSignal in stopSignals { sigaction(stopSignal, &action, nil) }
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Whether the user asked to stop.
    public static var isRequested: Bool {
        interruptRequested.load(ordering: .relaxed)
    }

    /// A parent may spawn narrate with the stop signals blocked (threads of a dispatch pool
    /// block them, and children inherit the mask); unblock them so Ctrl-C still works.
    public static func unblockSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for stopSignal in stopSignals { sigaddset(&signals, stopSignal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
