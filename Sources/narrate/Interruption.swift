import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by SIGINT or SIGTERM; long work polls it and stops cleanly.
let interruptRequested = Atomic<Bool>(false)

/// Ctrl-C and termination requests: the handler only sets a flag (all a signal handler may
/// safely do); the narration loop sees it within one audio chunk, removes its temporary
/// file and exits with 130.
enum Interruption {
    /// Installs the handlers, and ignores signals that would otherwise kill the process
    /// instead of letting a write fail cleanly (SIGXFSZ on a file size limit, SIGPIPE).
    static func install() {
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
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
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

    /// A parent may spawn narrate with SIGINT and SIGTERM blocked (threads of a dispatch
    /// pool block them, and children inherit the mask); unblock them so Ctrl-C still works.
    static func unblockSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
