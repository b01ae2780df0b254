import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarratePiper
import NarrateQueue
import NarrateSpeech
import NarrateSystem

/// `narrate worker`: renders queued batch jobs.
///
/// With `--queue URL` (or `NARRATE_QUEUE`), on any machine: works the shared queue with
/// `--jobs N` processes (default: one a core), writing into `--output-dir`, until stopped.
/// Ctrl-C lets the running jobs finish (a second one stops them); SIGTERM, as a service
/// manager sends, stops them at once and gives them back to the queue. A worker that cannot
/// write its output folder fails its job with the reason and stops them all (exit 73).
///
/// Without a queue, `narrate batch` starts it on the library's queue (hidden options
/// `--name`, `--coordinator`): it claims jobs one at a time until the queue is empty.
/// Signals there: SIGINT is ignored (Ctrl-C goes to the coordinator, which decides);
/// SIGUSR1 means finish the current job and stop; SIGTERM (or the coordinator exiting)
/// stops the current job at once and gives it back to the queue.
struct WorkerCommand: AsyncParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "Render the jobs of a shared queue on this machine until stopped (narrate worker --queue URL)."
    )

    @OptionGroup var queueOptions: QueueOptions

    @Option(help: "Worker processes at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "This machine's path to the shared folder the audio files go in (default: the current folder).")
    var outputDir = "."

    @Flag(help: "End once nothing is queued or running (default: wait for new jobs until stopped).")
    var untilEmpty = false

    @Option(help: "This worker's name in the queue (default: the host name and process id).")
    var name: String?

    @Option(help: ArgumentHelp("The coordinator's process id: when it is gone, the worker stops.", visibility: .hidden))
    var coordinator: Int32?

    @Option(help: ArgumentHelp("The least priority of the jobs taken: background, batch or listening.", visibility: .hidden))
    var minimumPriority: String = "background"

    @Option(help: ArgumentHelp("Seconds to stay after the last job, taking the next as soon as SIGUSR2 tells of it.", visibility: .hidden))
    var linger: Double = 0

    @Flag(help: ArgumentHelp("Load the voice the library's newest article is spoken in before any job.", visibility: .hidden))
    var preload = false

    @OptionGroup(visibility: .hidden) var libraryOptions: LibraryOptions

    func validate() throws {
        guard JobPriority.allCases.contains(where: { "\($0)" == minimumPriority }) else {
            throw ValidationError("--minimum-priority must be background, batch or listening: got '\(minimumPriority)'")
        }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        if queueOptions.url == nil {
            if name == nil { throw ValidationError("say which queue: --queue postgresql://USER@HOST/DB, or set NARRATE_QUEUE") }
            if jobs != nil || untilEmpty { throw ValidationError("--jobs and --until-empty are for a shared queue (--queue URL)") }
        }
        if let name, name.isEmpty || name.count > 200 { throw ValidationError("--name must be 1 to 200 characters") }
        if !(0...86_400).contains(linger) { throw ValidationError("--linger must be 0 to 86400 seconds") }
    }

    /// The invocation narrate started this worker with (`WorkerInvocation`, the launchers'
    /// side of it); nil for one a person started, which has no coordinator.
    var invocation: WorkerInvocation? {
        guard let coordinator, let name else { return nil }
        let queue: WorkerInvocation.Queue =
            if let path = libraryOptions.library {
                .library(path: path)
            } else {
                .shared(outputRoot: outputDir, untilEmpty: untilEmpty)
            }
        return WorkerInvocation(
            name: name, coordinator: coordinator, queue: queue, minimumPriority: priority, lingerSeconds: linger, preloadsVoice: preload
        )
    }

    /// `--minimum-priority` (checked by `validate`).
    var priority: JobPriority {
        JobPriority.allCases.first { "\($0)" == minimumPriority } ?? .background
    }

    /// The signals each role handles, installed by the root on the main thread before `run`
    /// (a signal mask is a thread's; `run` itself is on Swift's pool, whose threads come and
    /// go), and before any job can be announced to it: its handlers are in place before the
    /// signals its spawner held are let through.
    func installSignals() {
        if queueOptions.url != nil, coordinator == nil {
            Interruption.installSupervisorSignals()
        } else {
            Interruption.installWorkerSignals()
        }
    }

    func run() async throws {
        guard let url = queueOptions.url else { return try await runOnLibrary(name: name ?? "") }
        if coordinator != nil {
            try await runOneShared()
        } else {
            try await supervise(url: url)
        }
    }
}
