import ArgumentParser
import Dispatch
import NarrateAudio
import NarrateCore
import NarrateLibrary
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
    /// Seconds between renewals: a quarter of the lease.
    static var renewalSeconds: Double { leaseSeconds / 4 }

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
            let library = try libraryOptions.open()
            let engine = try ESpeakEngine.shared()
            let renderer = ArticleRenderer(library: library, engine: engine)
            let orphaned = { getppid() != coordinator }
            while !drainRequested.load(ordering: .relaxed), !Interruption.isRequested, !orphaned() {
                guard let job = try library.claimJob(worker: name, leaseSeconds: Self.leaseSeconds) else { break }
                try work(on: job, library: library, renderer: renderer, engine: engine, orphaned: orphaned)
            }
        } catch {
            ErrorReporter.fail(error)
        }
    }

    private func work(
        on job: BatchJob, library: ArticleLibrary, renderer: ArticleRenderer, engine: ESpeakEngine, orphaned: () -> Bool
    ) throws(NarrateError) {
        // A worker that died on this job left its temporary file behind.
        if let leftover = job.temporaryPath { unlink(leftover) }
        let renewal = LeaseRenewal(library: library, jobId: job.id, worker: name)
        renewal.start()
        defer { renewal.stop() }
        let stopNow = { Interruption.isRequested || renewal.isLost || orphaned() }
        do throws(NarrateError) {
            // A job queued before requests were typed carries its options as arguments.
            let request: RenderRequest
            if let json = job.renderRequest {
                request = try RenderRequest(json: json)
            } else {
                request = try RenderRequest(legacyArguments: job.voiceArguments)
            }
            let article = try library.article(id: job.articleId)
            var settings = try ArticleVoice.settings(for: article, request: request.voice, presets: NarrateEnvironment.presets(), engine: engine)
            try request.encoding.validate()
            settings.encoding = request.encoding
            settings.album = request.album
            let outcome = try renderer.render(
                articleId: job.articleId, settings: settings, output: job.outputPath, overwrite: true, isCancelled: stopNow,
                onTemporaryFile: { path in try? library.noteTemporaryPath(jobId: job.id, worker: name, path: path) }
            )
            _ = try library.completeJob(id: job.id, worker: name, durationSeconds: outcome.render.duration)
        } catch {
            if case .interrupted = error {
                // Stopped by SIGTERM: the job goes back to the queue (a cancelled one stays cancelled).
                try library.releaseJob(id: job.id, worker: name)
                throw error
            }
            if renewal.isLost { return }
            try library.failJob(id: job.id, worker: name, error: error.description)
        }
    }
}

/// Renews a job's lease on its own thread while the worker's main thread synthesizes;
/// notes when the job is no longer the worker's (cancelled, or taken over after a stall).
final class LeaseRenewal: Sendable {
    private let library: ArticleLibrary
    private let jobId: Int64
    private let worker: String
    private let lostFlag = Atomic<Bool>(false)
    private let stopFlag = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(library: ArticleLibrary, jobId: Int64, worker: String) {
        self.library = library
        self.jobId = jobId
        self.worker = worker
    }

    /// Whether the job stopped being this worker's.
    var isLost: Bool { lostFlag.load(ordering: .relaxed) }

    func start() {
        Thread.detachNewThread { [self] in
            var waited = 0.0
            while !stopFlag.load(ordering: .relaxed) {
                usleep(100_000)
                waited += 0.1
                guard waited >= WorkerCommand.renewalSeconds else { continue }
                waited = 0
                let kept = (try? library.renewLease(jobId: jobId, worker: worker, leaseSeconds: WorkerCommand.leaseSeconds)) ?? true
                if !kept { lostFlag.store(true, ordering: .relaxed) }
            }
            finished.signal()
        }
    }

    func stop() {
        stopFlag.store(true, ordering: .relaxed)
        finished.wait()
    }
}
