import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by SIGINT, SIGTERM or SIGHUP; long work polls it and stops cleanly.
let interruptRequested = Atomic<Bool>(false)

/// Ctrl-C, termination requests and hang-ups (the terminal closed, an SSH session dropped):
/// the handler only sets a flag (all a signal handler may safely do); the narration loop sees
/// it within one audio chunk, removes its temporary file and exits with 130.
enum Interruption {
    /// The signals that ask narrate to stop: Ctrl-C, `kill`, and a hang-up.
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers, and ignores signals that would otherwise kill the process
    /// instead of letting a write fail cleanly (SIGXFSZ on a file size limit, SIGPIPE).
    static func install() {
        // A global is set up on first use under a lock; a signal handler must not be the
        // first to use it, so it is touched here before any handler can run.
        _ = interruptRequested.load(ordering: .relaxed)
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
    static var isRequested: Bool {
        interruptRequested.load(ordering: .relaxed)
    }

    private static let handler: @convention(c) (Int32) -> Void = { _ in
        interruptRequested.store(true, ordering: .relaxed)
    }

    /// A parent may spawn narrate with the stop signals blocked (threads of a dispatch pool
    /// block them, and children inherit the mask); unblock them so Ctrl-C still works.
    static func unblockSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for stopSignal in stopSignals { sigaddset(&signals, stopSignal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
