import NarrateAudio
public import NarrateCore
public import NarrateLibrary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One worker of a batch: claims jobs from the library's queue one at a time and renders
/// them, renewing its lease while it works, until the queue is empty or it is told to stop.
/// libespeak-ng is process-global, so parallelism is several workers, each in its process.
public struct BatchWorker {
    /// The library whose queue is worked.
    public let library: ArticleLibrary
    /// The engine that speaks.
    public let engine: any SpeechEngine
    /// Where voice presets named in jobs are found.
    public let presets: VoicePresetLibrary
    /// This worker's name in the queue.
    public let name: String
    /// Seconds a claim holds before another worker may take the job over.
    public let leaseSeconds: Double
    /// The least priority of the jobs it takes (a batch's workers leave the feeds' to the
    /// server's).
    public let minimumPriority: JobPriority
    /// Other processes that share each long article with this one (a listener's worker,
    /// which has the machine to itself; a batch's workers are the parallelism already).
    public var spread: SynthesisSpread?

    /// A worker.
    /// Seconds a claim holds before another worker may take the job over: 20, or
    /// `NARRATE_JOB_LEASE` in `environment` (2 to 30; the fault tests use a short one).
    public static func leaseSeconds(environment: [String: String]) -> Double {
        guard let value = environment["NARRATE_JOB_LEASE"].flatMap(Double.init) else { return 20 }
        return min(max(value, 2), 30)
    }

    public init(
        library: ArticleLibrary, engine: any SpeechEngine, presets: VoicePresetLibrary, name: String, leaseSeconds: Double,
        minimumPriority: JobPriority = .background, spread: SynthesisSpread? = nil
    ) {
        self.spread = spread
        self.library = library
        self.engine = engine
        self.presets = presets
        self.name = name
        self.leaseSeconds = leaseSeconds
        self.minimumPriority = minimumPriority
    }

    /// Works until the queue is empty, `claimsNoMore` says to take no new job (asked before
    /// each claim), or `stopsNow` says to stop at once (asked while rendering too): then the
    /// job in hand goes back to the queue and `.interrupted` is thrown. A job that fails is
    /// recorded failed with its reason, and the worker goes on.
    public func run(claimsNoMore: () -> Bool, stopsNow: () -> Bool) throws(NarrateError) {
        let renderer = ArticleRenderer(library: library, engine: engine, spread: spread)
        while !claimsNoMore(), !stopsNow() {
            guard let job = try library.claimJob(worker: name, leaseSeconds: leaseSeconds, minimumPriority: minimumPriority) else { break }
            try work(on: job, renderer: renderer, stopsNow: stopsNow)
        }
    }

    private func work(on job: BatchJob, renderer: ArticleRenderer, stopsNow: () -> Bool) throws(NarrateError) {
        // A worker that died on this job left its temporary file behind.
        if let leftover = job.temporaryPath { unlink(leftover) }
        // It may have died before it could record its temporary file: any left beside this
        // job's output is from an earlier attempt (one job writes each output).
        if job.attempts > 1 { for leftover in OutputFile.leftovers(of: job.outputPath) { unlink(leftover) } }
        let renewal = LeaseRenewal(library: library, jobId: job.id, worker: name, leaseSeconds: leaseSeconds)
        renewal.start()
        defer { renewal.stop() }
        do throws(NarrateError) {
            // A job queued before requests were typed carries its options as arguments.
            let request: RenderRequest
            if let json = job.renderRequest {
                request = try RenderRequest(json: json)
            } else {
                request = try RenderRequest(legacyArguments: job.voiceArguments)
            }
            let article = try library.article(id: job.articleId)
            var settings = try ArticleVoice.settings(for: article, request: request.voice, presets: presets, engine: engine)
            try request.encoding.validate()
            settings.encoding = request.encoding
            settings.album = request.album
            let outcome = try renderer.render(
                articleId: job.articleId, settings: settings,
                output: ListeningQueue.isLibraryOutput(job.outputPath) ? nil : job.outputPath, overwrite: true,
                isCancelled: { stopsNow() || renewal.isLost },
                onTemporaryFile: { path in try? library.noteTemporaryPath(jobId: job.id, worker: name, path: path) },
                progress: renewal.noteProgress
            )
            _ = try library.completeJob(id: job.id, worker: name, durationSeconds: outcome.render.duration)
        } catch {
            if case .interrupted = error, !renewal.isLost {
                // Told to stop: the job goes back to the queue (a cancelled one stays cancelled).
                try library.releaseJob(id: job.id, worker: name)
                throw error
            }
            // Taken over (cancelled, or reclaimed after a stall): no longer this worker's.
            if renewal.isLost { return }
            try library.failJob(id: job.id, worker: name, error: error.description)
        }
    }
}
