import ArgumentParser
import NarrateCore
import NarratePiper
import NarrateLibrary
import NarrateSpeech
import Foundation
import NarrateBatch

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
struct WorkerCommand: ParsableCommand {
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
        let queue: WorkerInvocation.Queue = if let path = libraryOptions.library {
            .library(path: path)
        } else {
            .shared(outputRoot: outputDir, untilEmpty: untilEmpty)
        }
        return WorkerInvocation(
            name: name, coordinator: coordinator, queue: queue, minimumPriority: priority, lingerSeconds: linger, preloadsVoice: preload
        )
    }

    /// `--minimum-priority` (checked by `validate`).
    private var priority: JobPriority {
        JobPriority.allCases.first { "\($0)" == minimumPriority } ?? .background
    }

    func run() throws {
        guard let url = queueOptions.url else { return runOnLibrary(name: name ?? "") }
        if coordinator != nil {
            runOneShared()
        } else {
            supervise(url: url)
        }
    }

    /// One worker of a shared queue, started by `supervise`.
    private func runOneShared() {
        Interruption.installWorkerSignals()
        let coordinator = self.coordinator ?? getppid()
        do throws(NarrateError) {
            guard let queue = try queueOptions.open() else { return }
            defer { queue.close() }
            var worker = BatchWorker(
                queue: queue, engine: try VoiceEngines.shared(), presets: NarrateEnvironment.presets(),
                name: name ?? "\(ProcessInfo.processInfo.hostName)/\(getpid())",
                leaseSeconds: BatchWorker.leaseSeconds(environment: NarrateEnvironment.variables()), outputRoot: outputDir
            )
            worker.onDecline = { job, reason in
                ErrorReporter.printNote("job \(job.id) left for another machine, as this one lacks what it needs: \(reason)")
            }
            try worker.runShared(
                untilEmpty: untilEmpty, claimsNoMore: { Interruption.isDrainRequested },
                stopsNow: { Interruption.isRequested || getppid() != coordinator }
            )
        } catch .interrupted {
            // Told to stop: the job in hand went back to the queue; nothing to say.
            ErrorReporter.terminate(0)
        } catch {
            ErrorReporter.fail(error)
        }
    }

    /// `--jobs N` worker processes of the shared queue at `url`, kept running until stopped.
    private func supervise(url: String) {
        Interruption.installSupervisorSignals()
        ErrorReporter.failing { () throws(NarrateError) in
            // One look at the queue first: a bad address, password or permission is one line
            // here, not one from every worker.
            guard let queue = try queueOptions.open() else { return }
            queue.close()
            // The workers read the address from the environment: `ps` shows command lines.
            setenv("NARRATE_QUEUE", url, 1)
            let launcher = SharedWorkerLauncher(
                executable: ExecutablePath.current() ?? CommandLine.arguments[0],
                outputRoot: outputDir, namePrefix: name ?? ProcessInfo.processInfo.hostName, untilEmpty: untilEmpty
            )
            let supervisor = WorkerSupervisor(
                limit: jobs ?? ProcessInfo.processInfo.activeProcessorCount, launcher: launcher, untilEmpty: untilEmpty
            )
            let status = try supervisor.run(stopRequests: Interruption.stopRequests, terminate: { Interruption.isTerminationRequested })
            ErrorReporter.terminate(status)
        }
    }

    /// A worker of the library's queue, started by `narrate batch` or the server.
    private func runOnLibrary(name: String) {
        Interruption.installWorkerSignals()
        // The coordinator; when it goes away (even by kill -9) the worker is re-parented,
        // and stops, giving its job back.
        let coordinator = self.coordinator ?? getppid()
        ErrorReporter.failing { () throws(NarrateError) in
            let worker = BatchWorker(
                library: try libraryOptions.open(), engine: try VoiceEngines.shared(), presets: NarrateEnvironment.presets(),
                name: name, leaseSeconds: BatchWorker.leaseSeconds(environment: NarrateEnvironment.variables()),
                minimumPriority: priority,
                // The server's listening worker renders one article while a listener waits
                // (and may be streaming it): on every core. A batch's workers are already one
                // a core.
                spread: minimumPriority == "listening" ? SynthesisOptions.spread(jobs: nil) : nil
            )
            let orphaned = { getppid() != coordinator }
            if preload { worker.preloadVoice() }
            try worker.run(
                claimsNoMore: { Interruption.isDrainRequested },
                stopsNow: { Interruption.isRequested || orphaned() },
                lingerSeconds: linger, jobSignalled: { Interruption.takeJobQueued() }
            )
        }
    }
}
