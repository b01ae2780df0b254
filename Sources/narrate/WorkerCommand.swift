import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateSpeech
import Narration
import Foundation

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

    @Option(help: "The least priority of the jobs taken: background, batch or listening.")
    var minimumPriority: String = "background"

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        guard JobPriority.allCases.contains(where: { "\($0)" == minimumPriority }) else {
            throw ValidationError("--minimum-priority must be background, batch or listening: got '\(minimumPriority)'")
        }
    }

    func run() throws {
        Interruption.installWorkerSignals()
        // The coordinator; when it goes away (even by kill -9) the worker is re-parented,
        // and stops, giving its job back.
        let coordinator = self.coordinator ?? getppid()
        ErrorReporter.failing { () throws(NarrateError) in
            let worker = BatchWorker(
                library: try libraryOptions.open(), engine: try ESpeakEngine.shared(), presets: NarrateEnvironment.presets(),
                name: name, leaseSeconds: BatchWorker.leaseSeconds(environment: NarrateEnvironment.variables()),
                minimumPriority: JobPriority.allCases.first { "\($0)" == minimumPriority } ?? .background,
                // The server's listening worker renders one article while a listener waits
                // (and may be streaming it): on every core. A batch's workers are already one
                // a core.
                spread: minimumPriority == "listening" ? SynthesisOptions.spread(jobs: nil) : nil
            )
            let orphaned = { getppid() != coordinator }
            try worker.run(
                claimsNoMore: { Interruption.isDrainRequested },
                stopsNow: { Interruption.isRequested || orphaned() }
            )
        }
    }
}
