import Foundation
import NarrateAudio
public import NarrateCore
public import NarrateLibrary
import NarrateListening
public import NarrateQueue
public import NarrateRendering
public import NarrateSpread
import NarrateSystem

/// One worker of a batch: claims jobs from a queue one at a time and renders them, renewing
/// its lease while it works, until the queue is empty or it is told to stop. On the
/// library's queue it reads articles from the library and records its renders there; on a
/// shared queue (PostgreSQL, workers on many machines) it has no library: the job carries
/// its article, and what it made goes back as the job's result for the submitter to record.
/// libespeak-ng is process-global, so parallelism is several workers, each in its process.
public struct BatchWorker {
    /// The queue worked.
    public let queue: any JobQueue
    /// The library the articles come from and the renders go to; nil on a shared queue.
    public let library: ArticleLibrary?
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
    /// On a shared queue, this machine's name for the shared output folder: a job's output,
    /// named relative to it, is written there.
    public let outputRoot: String
    /// Told of each job this worker gives back to a shared queue because its machine lacks
    /// what the job needs, with the reason (once a job: the worker does not take it again).
    public var onDecline: @Sendable (BatchJob, String) -> Void = { _, _ in }

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
        self.queue = library.queue
        self.library = library
        self.engine = engine
        self.presets = presets
        self.name = name
        self.leaseSeconds = leaseSeconds
        self.minimumPriority = minimumPriority
        outputRoot = FileManager.default.currentDirectoryPath
    }

    /// A worker of a shared queue, with no library, writing into `outputRoot` (default: the
    /// current folder).
    public init(
        queue: any JobQueue, engine: any SpeechEngine, presets: VoicePresetLibrary, name: String, leaseSeconds: Double,
        outputRoot: String? = nil
    ) {
        let root = outputRoot.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        self.outputRoot = ((root ?? FileManager.default.currentDirectoryPath) as NSString).standardizingPath
        self.queue = queue
        library = nil
        self.engine = engine
        self.presets = presets
        self.name = name
        self.leaseSeconds = leaseSeconds
        minimumPriority = .background
        spread = nil
    }

    /// Loads the voice the library's newest article is spoken in (a neural voice's model, which
    /// takes a few hundred milliseconds), so that a render of it, or of another in that
    /// voice, starts at once; nothing when the library is empty or the voice cannot be had
    /// (the render then says why).
    public func preloadVoice() {
        guard let library, let newest = try? library.articles.list(limit: 1).first,
            let article = try? library.articles.article(id: newest.id)
        else { return }
        let preference = (try? VoicePreference.load(from: library)) ?? .espeak
        _ = try? ArticleVoice.settings(for: article, request: nil, presets: presets, engine: engine, preference: preference)
    }

    /// Works until the queue is empty, `claimsNoMore` says to take no new job (asked before
    /// each claim), or `stopsNow` says to stop at once (asked while rendering too): then the
    /// job in hand goes back to the queue and `.interrupted` is thrown. A job that fails is
    /// recorded failed with its reason, and the worker goes on.
    ///
    /// Each render's last step (its file flushed to the disk and put in place, the render
    /// recorded, the job marked done) runs on another thread while the next job is claimed
    /// and synthesized (`JobCompletions`); the worker returns once the last one is done.
    ///
    /// With `lingerSeconds`, an empty queue does not end it at once: it stays, its voices
    /// loaded, for that long after its last job, and takes a job as soon as `jobSignalled`
    /// says one was queued (else it looks every five seconds): the server's listening worker, so
    /// that the next article a listener starts is not kept waiting for a process to start
    /// and a neural voice's model to load.
    public func run(
        claimsNoMore: () -> Bool, stopsNow: () -> Bool, lingerSeconds: Double = 0, jobSignalled: () -> Bool = { false }
    ) throws(NarrateError) {
        let completions = JobCompletions()
        // On an error too, the job handed over before it is still finished.
        defer { try? completions.finish() }
        var idleSince = ContinuousClock.now
        while !claimsNoMore(), !stopsNow() {
            if let job = try queue.claimJob(worker: name, leaseSeconds: leaseSeconds, minimumPriority: minimumPriority, now: nil) {
                try work(on: job, stopsNow: stopsNow, completions: completions)
                idleSince = .now
                continue
            }
            // Nothing queued: the end, unless it lingers and its time is not up (a claim made
            // after the time ran out was its last look, so a job queued then is not left behind).
            guard lingerSeconds > 0, ContinuousClock.now - idleSince < .seconds(lingerSeconds) else { break }
            // The last job is done before waiting for the next.
            try completions.waitUntilIdle()
            let looked = ContinuousClock.now
            while !claimsNoMore(), !stopsNow(), !jobSignalled(), ContinuousClock.now - looked < .seconds(5),
                ContinuousClock.now - idleSince < .seconds(lingerSeconds)
            {
                usleep(25_000)
            }
        }
        try completions.finish()
    }

    /// Works a shared queue until `stopsNow` or `claimsNoMore` says to stop: when there is no
    /// job, it waits to be told of one (and looks again every few seconds, for jobs whose
    /// worker died) rather than end; with `untilEmpty`, it ends once nothing is queued or
    /// running. A worker that cannot write into its output folder fails its job (another
    /// worker takes it) and stops, with the reason: it would fail every job.
    public func runShared(untilEmpty: Bool = false, claimsNoMore: () -> Bool, stopsNow: () -> Bool) throws(NarrateError) {
        guard let shared = queue as? any SharedJobQueue else {
            return try run(claimsNoMore: claimsNoMore, stopsNow: stopsNow)
        }
        try shared.registerWorker(name: name, host: ProcessInfo.processInfo.hostName)
        // Listening from now on: a job queued between an empty claim and the wait is heard.
        _ = shared.waitForJobs(seconds: 0)
        var lastTouch = ContinuousClock.now
        let completions = JobCompletions()
        defer { try? completions.finish() }
        // Jobs this machine cannot do (a voice or part it lacks), left to the others.
        var declined: Set<Int64> = []
        while !claimsNoMore(), !stopsNow() {
            if let job = try shared.claimJob(
                worker: name, leaseSeconds: leaseSeconds, minimumPriority: minimumPriority, excluding: declined, now: nil
            ) {
                switch try work(on: job, stopsNow: stopsNow, completions: completions) {
                case .succeeded: break
                case .failed: try requireWritableRoot()
                case .declined(let reason):
                    declined.insert(job.id)
                    onDecline(job, reason)
                }
                continue
            }
            // The last job is done, or failed, before the queue is looked at.
            try completions.waitUntilIdle()
            if untilEmpty, try queue.jobs(in: [.queued, .running]).allSatisfy({ declined.contains($0.id) }) { return }
            // Idle: woken by a queued job, or after a second (a quarter, when it ends with the
            // queue), to look at the stop requests and at leases that ran out.
            _ = shared.waitForJobs(seconds: untilEmpty ? 0.25 : 1)
            if ContinuousClock.now - lastTouch > .seconds(10) {
                try shared.touchWorker(name: name)
                lastTouch = ContinuousClock.now
            }
        }
        try completions.finish()
    }

    /// Where job `job`'s output goes on this machine: on a shared queue, a relative output
    /// inside `outputRoot` (one that would leave it is refused).
    func destination(of job: BatchJob) throws(NarrateError) -> String {
        guard library == nil, !job.outputPath.hasPrefix("/") else { return job.outputPath }
        let parts = job.outputPath.split(separator: "/")
        guard !parts.isEmpty, !parts.contains(".."), !parts.contains(".") else {
            throw .malformedInput(path: "job \(job.id)", message: "its output '\(job.outputPath)' is not a name inside the output folder")
        }
        return outputRoot == "/" ? "/" + job.outputPath : outputRoot + "/" + job.outputPath
    }

    /// After a failed job of a shared queue: stops the worker when its output folder cannot be
    /// written (every job would fail; the next worker takes this one).
    private func requireWritableRoot() throws(NarrateError) {
        guard library == nil, access(outputRoot, W_OK | X_OK) != 0 else { return }
        throw .cannotCreateOutput(
            path: outputRoot,
            reason:
                "this worker cannot write into its output folder (\(String(cString: strerror(errno)))); it stops (give it a folder it can write, --output-dir)"
        )
    }

    /// How a job's synthesis went.
    enum Outcome {
        /// Synthesized; its last step is handed to the completions.
        case succeeded
        /// Failed (recorded), or taken over.
        case failed
        /// Given back to a shared queue: this machine lacks what it needs (`reason`).
        case declined(reason: String)
    }

    /// Whether `error` is about this machine rather than the job: a voice, a voice's runtime
    /// or an encoder not installed here, which another machine of a shared queue may have.
    static func isMissingHere(_ error: NarrateError) -> Bool {
        switch error {
        case .unknownVoice, .noVoiceSpeaks, .readerUnavailable, .formatUnavailable: true
        default: false
        }
    }

    /// Renders `job`; how its synthesis went. The render's last step (its file put in place,
    /// the render recorded) and the job's end are handed to `completions`.
    @discardableResult
    private func work(on job: BatchJob, stopsNow: () -> Bool, completions: JobCompletions) throws(NarrateError) -> Outcome {
        let destination: String
        do throws(NarrateError) {
            destination = try self.destination(of: job)
        } catch {
            try queue.failJob(id: job.id, worker: name, error: error.description)
            return .failed
        }
        // A worker that died on this job left its temporary file behind (on a shared queue,
        // only one named in this machine's output folder is this machine's to remove).
        if let leftover = job.temporaryPath, library != nil || leftover.hasPrefix(outputRoot + "/") { unlink(leftover) }
        // It may have died before it could record its temporary file: any left beside this
        // job's output is from an earlier attempt (one job writes each output).
        if job.attempts > 1 { for leftover in OutputFile.leftovers(of: destination) { unlink(leftover) } }
        let renewal = LeaseRenewal(queue: queue, jobId: job.id, worker: name, leaseSeconds: leaseSeconds)
        renewal.start()
        var handedOver = false
        defer { if !handedOver { renewal.stop() } }
        let completion: JobCompletions.Completion
        do throws(NarrateError) {
            // A job queued before requests were typed carries its options as arguments.
            let request: RenderRequest
            if let json = job.renderRequest {
                request = try RenderRequest(json: json)
            } else {
                request = try RenderRequest(legacyArguments: job.voiceArguments)
            }
            let article: StoredArticle
            let sentences: [Sentence]?
            if let library {
                article = try library.articles.article(id: job.articleId)
                sentences = nil
            } else {
                let queued = try Self.queuedArticle(of: job)
                article = queued.stored
                sentences = article.sentences(queued.sentences)
            }
            // A shared queue's jobs carry the voice the submitter's preference picked.
            let preference = try library.map { library throws(NarrateError) in try VoicePreference.load(from: library) } ?? .espeak
            let reading = try library.map { library throws(NarrateError) in try ReadingChoices.load(from: library) } ?? .standard
            var settings = try ArticleVoice.settings(
                for: article, request: request.voice, presets: presets, engine: engine, preference: preference, reading: reading
            )
            try request.encoding.validate()
            settings.encoding = request.encoding
            settings.album = request.album
            let (jobs, worker) = (queue, name)
            // The render's last step and the job's end, for `completions`.
            let complete: @Sendable () throws(NarrateError) -> Void
            if let library {
                // A listener's render is streamed as it is made: its first words first.
                // Taken back after it, in case it synthesized nothing (a render copied or cached).
                if job.priority == .listening { engine.startSoon(true) }
                defer { if job.priority == .listening { engine.startSoon(false) } }
                let pending = try ArticleRenderer(library: library, engine: engine, spread: spread).renderLeavingPlacement(
                    articleId: job.articleId, settings: settings,
                    output: ListeningQueue.isLibraryOutput(job.outputPath) ? nil : job.outputPath, overwrite: true,
                    isCancelled: { stopsNow() || renewal.isLost },
                    onTemporaryFile: { path in try? queue.noteTemporaryPath(jobId: job.id, worker: name, path: path) },
                    progress: renewal.noteProgress
                )
                complete = { () throws(NarrateError) -> Void in
                    let outcome = try pending.complete()
                    _ = try jobs.completeJob(id: job.id, worker: worker, durationSeconds: outcome.render.duration, result: nil)
                }
            } else {
                try BatchSubmission.createFolder((destination as NSString).deletingLastPathComponent)
                let written = try ArticleSynthesis(engine: engine).writeAudio(
                    article, sentences: sentences ?? [], settings: settings, destination: destination, overwrite: true,
                    isCancelled: { stopsNow() || renewal.isLost },
                    onTemporaryFile: { path in try? queue.noteTemporaryPath(jobId: job.id, worker: name, path: path) },
                    progress: renewal.noteProgress
                )
                let result = try SharedRender(settingsHash: job.settingsHash, path: job.outputPath, audio: written.audio).json()
                complete = { () throws(NarrateError) -> Void in
                    try written.place()
                    _ = try jobs.completeJob(id: job.id, worker: worker, durationSeconds: written.audio.durationSeconds, result: result)
                }
            }
            completion = { () throws(NarrateError) -> Void in
                defer { renewal.stop() }
                do throws(NarrateError) {
                    try complete()
                } catch {
                    // Taken over (cancelled, or reclaimed after a stall): no longer this worker's.
                    if renewal.isLost { return }
                    try jobs.failJob(id: job.id, worker: worker, error: error.description)
                }
            }
        } catch {
            if case .interrupted = error, !renewal.isLost {
                // Told to stop: the job goes back to the queue (a cancelled one stays cancelled).
                try queue.releaseJob(id: job.id, worker: name)
                throw error
            }
            // Taken over (cancelled, or reclaimed after a stall): no longer this worker's.
            if renewal.isLost { return .failed }
            // On a shared queue, what this machine lacks another may have: the job waits for it.
            if library == nil, Self.isMissingHere(error), let shared = queue as? any SharedJobQueue {
                let reason = "\(error.description) (on worker \(name); another machine takes it)"
                try shared.declineJob(id: job.id, worker: name, reason: reason)
                return .declined(reason: error.description)
            }
            try queue.failJob(id: job.id, worker: name, error: error.description)
            return .failed
        }
        // Outside the catch above: a completion before this one that could not record is the
        // library failing, not this job.
        try completions.hand(completion)
        handedOver = true
        return .succeeded
    }

    /// The article a job of a shared queue carries.
    static func queuedArticle(of job: BatchJob) throws(NarrateError) -> QueuedArticle {
        guard let json = job.article else {
            throw .malformedInput(path: "job \(job.id)", message: "the job carries no article (queued by another program?)")
        }
        return try QueuedArticle(json: json, job: job.id)
    }
}
