import ArgumentParser
import NarrateCore
import NarrateSpeech
import Narration
import Synchronization
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by SIGUSR1: finish the job in hand, claim no more.
let drainRequested = Atomic<Bool>(false)

/// `narrate worker` (hidden; `narrate batch` starts them): claims jobs from the library's
/// queue one at a time and renders them, renewing its lease every few seconds, until the
/// queue is empty. libespeak-ng is process-global, so parallelism is several workers.
///
/// Signals: SIGINT is ignored (Ctrl-C at the terminal goes to the coordinator, which
/// decides); SIGUSR1 means finish the current job and stop; SIGTERM (or the coordinator
/// exiting) stops the current job at once and gives it back to the queue.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker", abstract: "Render queued batch jobs (started by 'narrate batch').", shouldDisplay: false
    )

    @Option(help: "This worker's name in the queue.")
    var name: String

    @Option(help: "The coordinator's process id: when it is gone, the worker stops.")
    var coordinator: Int32?

    @OptionGroup var libraryOptions: LibraryOptions

    /// Seconds a claim holds before another worker may take the job over: 20, or
    /// `NARRATE_JOB_LEASE` (2 to 30; the fault tests use a short one).
    static let leaseSeconds: Double = {
        guard let value = getenv("NARRATE_JOB_LEASE").flatMap({ Double(String(cString: $0)) }) else { return 20 }
        return min(max(value, 2), 30)
    }()

    func run() throws {
        Interruption.install()
        signal(SIGINT, SIG_IGN)
        // Set up before the handler can be the first to use it (see Interruption.install).
        _ = drainRequested.load(ordering: .relaxed)
        signal(SIGUSR1) { _ in drainRequested.store(true, ordering: .relaxed) }
        // Blocked signals stay blocked across exec: a coordinator started by a program that
        // blocks SIGUSR1 (a dispatch thread does) would otherwise never get its workers to drain.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        // The coordinator; when it goes away (even by kill -9) the worker is re-parented,
        // and stops, giving its job back.
        let coordinator = self.coordinator ?? getppid()
        do throws(NarrateError) {
            let worker = BatchWorker(
                library: try libraryOptions.open(), engine: try ESpeakEngine.shared(), presets: NarrateEnvironment.presets(),
                name: name, leaseSeconds: Self.leaseSeconds
            )
            let orphaned = { getppid() != coordinator }
            try worker.run(
                claimsNoMore: { drainRequested.load(ordering: .relaxed) },
                stopsNow: { Interruption.isRequested || orphaned() }
            )
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
