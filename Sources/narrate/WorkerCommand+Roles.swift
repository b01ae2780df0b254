import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarratePiper
import NarrateQueue
import NarrateSystem
import NarrateTerminal

/// The three parts a worker process plays: one worker of a shared queue (started by a
/// supervisor), the supervisor of `--jobs N` of them, and a worker of the library's queue
/// (started by `narrate batch` or the server).
extension WorkerCommand {
    /// One worker of a shared queue, started by `supervise`.
    func runOneShared() async throws {
        let coordinator = self.coordinator ?? getppid()
        do {
            try await queueOptions.using { queue in
                guard let queue else { return }
                try await work(on: queue, stoppingWithout: coordinator)
            }
        } catch let error as NarrateError {
            guard case .interrupted = error else { throw error }
            // Told to stop: the job in hand went back to the queue; nothing to say.
        }
    }

    /// Works the shared queue `queue` until told to stop, or until `coordinator` is gone.
    private func work(on queue: any SharedJobQueue, stoppingWithout coordinator: pid_t) async throws {
        var worker = BatchWorker(
            queue: queue, engine: try VoiceEngines.shared(), presets: NarrateEnvironment.presets(),
            name: name ?? "\(ProcessInfo.processInfo.hostName)/\(getpid())",
            leaseSeconds: BatchWorker.leaseSeconds(environment: NarrateEnvironment.variables()), outputRoot: outputDir
        )
        worker.onDecline = { job, reason in
            ErrorReporter.printNote("job \(job.id) left for another machine, as this one lacks what it needs: \(reason)")
        }
        try await worker.runShared(
            untilEmpty: untilEmpty, claimsNoMore: { Interruption.isDrainRequested },
            stopsNow: { Interruption.isRequested || getppid() != coordinator }
        )
    }

    /// `--jobs N` worker processes of the shared queue at `url`, kept running until stopped.
    func supervise(url: String) async throws {
        // One look at the queue first: a bad address, password or permission is one line
        // here, not one from every worker.
        guard let queue = try await queueOptions.open() else { return }
        await queue.close()
        // The workers read the address from the environment: `ps` shows command lines.
        setenv("NARRATE_QUEUE", url, 1)
        let launcher = SharedWorkerLauncher(
            executable: ExecutablePath.current() ?? CommandLine.arguments[0],
            outputRoot: outputDir, namePrefix: name ?? ProcessInfo.processInfo.hostName, untilEmpty: untilEmpty
        )
        let supervisor = WorkerSupervisor(
            limit: jobs ?? ProcessInfo.processInfo.activeProcessorCount, launcher: launcher, untilEmpty: untilEmpty
        )
        // A loop that waits on its processes: on the main thread, not one of the pool's.
        let status = try await MainActor.run {
            try supervisor.run(stopRequests: Interruption.stopRequests, terminate: { Interruption.isTerminationRequested })
        }
        if status != 0 { throw CommandExit(code: status) }
    }

    /// A worker of the library's queue, started by `narrate batch` or the server.
    func runOnLibrary(name: String) async throws {
        // The coordinator; when it goes away (even by kill -9) the worker is re-parented,
        // and stops, giving its job back.
        let coordinator = self.coordinator ?? getppid()
        let worker = BatchWorker(
            library: try libraryOptions.open(), engine: try VoiceEngines.shared(), presets: NarrateEnvironment.presets(),
            name: name, leaseSeconds: BatchWorker.leaseSeconds(environment: NarrateEnvironment.variables()),
            minimumPriority: priority,
            // The server's listening worker renders one article while a listener waits
            // (and may be streaming it): on every core. A batch's workers are already one
            // a core.
            spread: minimumPriority == "listening" ? SynthesisOptions.spread(jobs: nil) : nil
        )
        if preload { worker.preloadVoice() }
        try await worker.run(
            claimsNoMore: { Interruption.isDrainRequested },
            // When the coordinator goes away (even by kill -9) the worker is re-parented.
            stopsNow: { Interruption.isRequested || getppid() != coordinator },
            lingerSeconds: linger, jobSignalled: { Interruption.takeJobQueued() }
        )
    }
}
