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
public struct BatchWorker: Sendable {
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
    /// each claim), or `stopsNow` says to stop at once (asked while rendering too), or the task
    /// is cancelled: then the job in hand goes back to the queue and `.interrupted` is thrown.
    /// A job that fails is recorded failed with its reason, and the worker goes on.
    ///
    /// Each job is synthesized on a thread of its own (`OwnThread`): the task waits for it
    /// while its lease is renewed. Each render's last step (its file flushed to the disk and
    /// put in place, the render recorded, the job marked done) runs while the next job is
    /// claimed and synthesized (`JobCompletions`); the worker returns once the last one is done.
    ///
    /// With `lingerSeconds`, an empty queue does not end it at once: it stays, its voices
    /// loaded, for that long after its last job, and takes a job as soon as `jobSignalled`
    /// says one was queued (else it looks every five seconds): the server's listening worker, so
    /// that the next article a listener starts is not kept waiting for a process to start
    /// and a neural voice's model to load.
    public func run(
        claimsNoMore: @escaping @Sendable () -> Bool, stopsNow: @escaping @Sendable () -> Bool, lingerSeconds: Double = 0,
        jobSignalled: @escaping @Sendable () -> Bool = { false }
    ) async throws(NarrateError) {
        var completions = JobCompletions()
        do throws(NarrateError) {
            var idleSince = ContinuousClock.now
            while !claimsNoMore(), !stopsNow(), !Task.isCancelled {
                if let job = try await queue.claimJob(worker: name, leaseSeconds: leaseSeconds, minimumPriority: minimumPriority, now: nil)
                {
                    try await work(on: job, stopsNow: stopsNow, completions: &completions)
                    idleSince = .now
                    continue
                }
                // Nothing queued: the end, unless it lingers and its time is not up (a claim made
                // after the time ran out was its last look, so a job queued then is not left behind).
                guard lingerSeconds > 0, ContinuousClock.now - idleSince < .seconds(lingerSeconds) else { break }
                // The last job is done before waiting for the next.
                try await completions.finish()
                let looked = ContinuousClock.now
                // The signal that a job was queued sets a flag: looked at every 25 ms.
                while !claimsNoMore(), !stopsNow(), !jobSignalled(), ContinuousClock.now - looked < .seconds(5),
                    ContinuousClock.now - idleSince < .seconds(lingerSeconds)
                {
                    do {
                        try await Task.sleep(for: .milliseconds(25))
                    } catch {
                        break
                    }
                }
            }
        } catch {
            // On an error too, the job handed over before it is still finished.
            try? await completions.finish()
            throw error
        }
        try await completions.finish()
    }

    /// Works a shared queue until `stopsNow` or `claimsNoMore` says to stop, or the task is
    /// cancelled: when there is no job, it waits to be told of one (and looks again every
    /// second, for jobs whose worker died) rather than end; with `untilEmpty`, it ends once
    /// nothing is queued or running. A worker that cannot write into its output folder fails
    /// its job (another worker takes it) and stops, with the reason: it would fail every job.
    public func runShared(
        untilEmpty: Bool = false, claimsNoMore: @escaping @Sendable () -> Bool, stopsNow: @escaping @Sendable () -> Bool
    ) async throws(NarrateError) {
        guard let shared = queue as? any SharedJobQueue else {
            return try await run(claimsNoMore: claimsNoMore, stopsNow: stopsNow)
        }
        try await shared.registerWorker(name: name, host: ProcessInfo.processInfo.hostName)
        // Listening from now on: a job queued between an empty claim and the wait is heard.
        _ = await shared.waitForJobs(seconds: 0)
        var lastTouch = ContinuousClock.now
        var completions = JobCompletions()
        // Jobs this machine cannot do (a voice or part it lacks), left to the others.
        var declined: Set<Int64> = []
        do throws(NarrateError) {
            while !claimsNoMore(), !stopsNow(), !Task.isCancelled {
                if let job = try await shared.claimJob(
                    worker: name, leaseSeconds: leaseSeconds, minimumPriority: minimumPriority, excluding: declined, now: nil
                ) {
                    switch try await work(on: job, stopsNow: stopsNow, completions: &completions) {
                    case .succeeded: break
                    case .failed: try requireWritableRoot()
                    case .declined(let reason):
                        declined.insert(job.id)
                        onDecline(job, reason)
                    }
                    continue
                }
                // The last job is done, or failed, before the queue is looked at.
                try await completions.finish()
                if untilEmpty, try await queue.jobs(in: [.queued, .running]).allSatisfy({ declined.contains($0.id) }) { return }
                // Idle: woken by a queued job, or after a second (a quarter, when it ends with the
                // queue), to look at the stop requests and at leases that ran out.
                _ = await shared.waitForJobs(seconds: untilEmpty ? 0.25 : 1)
                if ContinuousClock.now - lastTouch > .seconds(10) {
                    try await shared.touchWorker(name: name)
                    lastTouch = ContinuousClock.now
                }
            }
        } catch {
            try? await completions.finish()
            throw error
        }
        try await completions.finish()
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
        case .unknownVoice, .noVoiceSpeaks, .readerUnavailable: true
        case .module(let failure): if case .formatUnavailable = failure.error as? AudioError { true } else { false }
        default: false
        }
    }

    /// Renders `job`; how its synthesis went. The render's last step (its file put in place,
    /// the render recorded) and the job's end are handed to `completions`.
    @discardableResult
    private func work(
        on job: BatchJob, stopsNow: @escaping @Sendable () -> Bool, completions: inout JobCompletions
    ) async throws(NarrateError) -> Outcome {
        let destination: String
        do throws(NarrateError) {
            destination = try self.destination(of: job)
        } catch {
            try await queue.failJob(id: job.id, worker: name, error: error.description)
            return .failed
        }
        // A worker that died on this job left its temporary file behind (on a shared queue,
        // only one named in this machine's output folder is this machine's to remove).
        if let leftover = job.temporaryPath, library != nil || leftover.hasPrefix(outputRoot + "/") { unlink(leftover) }
        // It may have died before it could record its temporary file: any left beside this
        // job's output is from an earlier attempt (one job writes each output).
        if job.attempts > 1 { for leftover in OutputFile.leftovers(of: destination) { unlink(leftover) } }
        let renewal = LeaseRenewal(queue: queue, jobId: job.id, worker: name, leaseSeconds: leaseSeconds)
        let completion: JobCompletions.Completion
        do throws(NarrateError) {
            let worker = self
            let synthesized = try await OwnThread.run(named: "narrate job \(job.id)") { cancellation throws(NarrateError) in
                try worker.synthesize(
                    job, destination: destination, renewal: renewal,
                    isCancelled: { stopsNow() || renewal.isLost || cancellation.isCancelled }
                )
            }
            completion = { () async throws(NarrateError) -> Void in
                // The lease is let go on every path, a failure to record the failure included.
                var unrecorded: NarrateError?
                do throws(NarrateError) {
                    try await synthesized()
                } catch {
                    // Taken over (cancelled, or reclaimed after a stall): no longer this worker's.
                    do throws(NarrateError) {
                        if !renewal.isLost { try await queue.failJob(id: job.id, worker: name, error: error.description) }
                    } catch {
                        unrecorded = error
                    }
                }
                await renewal.stop()
                if let unrecorded { throw unrecorded }
            }
        } catch {
            await renewal.stop()
            if case .interrupted = error, !renewal.isLost {
                // Told to stop: the job goes back to the queue (a cancelled one stays cancelled),
                // even when the stop is this task's cancellation.
                try await Self.uncancelled { () async throws(NarrateError) in try await queue.releaseJob(id: job.id, worker: name) }
                throw error
            }
            // Taken over (cancelled, or reclaimed after a stall): no longer this worker's.
            if renewal.isLost { return .failed }
            // On a shared queue, what this machine lacks another may have: the job waits for it.
            if library == nil, Self.isMissingHere(error), let shared = queue as? any SharedJobQueue {
                let reason = "\(error.description) (on worker \(name); another machine takes it)"
                try await Self.uncancelled { () async throws(NarrateError) in
                    try await shared.declineJob(id: job.id, worker: name, reason: reason)
                }
                return .declined(reason: error.description)
            }
            try await Self.uncancelled { () async throws(NarrateError) in
                try await queue.failJob(id: job.id, worker: name, error: error.description)
            }
            return .failed
        }
        // Outside the catch above: a completion before this one that could not record is the
        // library failing, not this job (which then never completes: its lease is let go).
        do throws(NarrateError) {
            try await completions.hand(completion)
        } catch {
            await renewal.stop()
            throw error
        }
        return .succeeded
    }

    /// Synthesizes `job` into a temporary file beside `destination`, on the calling thread
    /// (blocking: minutes of a core's work); returns the render's last step, which puts the
    /// file in place, records the render and marks the job done.
    private func synthesize(
        _ job: BatchJob, destination: String, renewal: LeaseRenewal, isCancelled: @escaping @Sendable () -> Bool
    ) throws(NarrateError) -> @Sendable () async throws(NarrateError) -> Void {
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
        let (queue, worker) = (self.queue, name)
        if let library {
            // A listener's render is streamed as it is made: its first words first.
            // Taken back after it, in case it synthesized nothing (a render copied or cached).
            if job.priority == .listening { engine.startSoon(true) }
            defer { if job.priority == .listening { engine.startSoon(false) } }
            let pending = try ArticleRenderer(library: library, engine: engine, spread: spread).renderLeavingPlacement(
                articleId: job.articleId, settings: settings,
                output: ListeningQueue.isLibraryOutput(job.outputPath) ? nil : job.outputPath, overwrite: true,
                isCancelled: isCancelled,
                onTemporaryFile: { path in try? library.queue.noteTemporaryPath(jobId: job.id, worker: worker, path: path) },
                progress: renewal.noteProgress
            )
            // The library's queue answers at once; the file's flush to the disk is blocking work.
            return { () async throws(NarrateError) -> Void in
                try await OwnThread.run(named: "narrate job \(job.id) completion") { _ throws(NarrateError) in
                    let outcome = try pending.complete()
                    _ = try library.queue.completeJob(id: job.id, worker: worker, durationSeconds: outcome.render.duration, result: nil)
                }
            }
        }
        let folder = (destination as NSString).deletingLastPathComponent
        try BatchSubmission.createFolder(folder)
        // A long article's chapters are kept beside its output, where the worker that takes
        // the job over after a crash (on this machine or another sharing the folder) finds them.
        let name = (destination as NSString).lastPathComponent
        let checkpoint =
            (sentences?.count ?? 0) >= NarrationCheckpoint.minimumSentences
            ? NarrationCheckpoint(folder: "\(folder)/.\(name).chapters-\(job.settingsHash.prefix(16))") : nil
        let written = try ArticleSynthesis(engine: engine).writeAudio(
            article, sentences: sentences ?? [], settings: settings, destination: destination, overwrite: true,
            checkpoint: checkpoint,
            isCancelled: isCancelled,
            // Recorded before the file is written into, so that a later claimer can remove it.
            onTemporaryFile: { path in
                try? OwnThread.wait { () async throws(NarrateError) in
                    try await queue.noteTemporaryPath(jobId: job.id, worker: worker, path: path)
                }
            },
            progress: renewal.noteProgress
        )
        let result = try SharedRender(settingsHash: job.settingsHash, path: job.outputPath, audio: written.audio).json()
        return { () async throws(NarrateError) -> Void in
            try await OwnThread.run(named: "narrate job \(job.id) completion") { _ throws(NarrateError) in try written.place() }
            _ = try await queue.completeJob(id: job.id, worker: worker, durationSeconds: written.audio.durationSeconds, result: result)
        }
    }

    /// Runs `body`, a statement that must reach the queue, in a task of its own: a cancelled
    /// task's statements would fail before they are sent.
    private static func uncancelled(_ body: @escaping @Sendable () async throws(NarrateError) -> Void) async throws(NarrateError) {
        let failure = await Task { () async -> NarrateError? in
            do throws(NarrateError) {
                try await body()
                return nil
            } catch {
                return error
            }
        }.value
        if let failure { throw failure }
    }

    /// The article a job of a shared queue carries.
    static func queuedArticle(of job: BatchJob) throws(NarrateError) -> QueuedArticle {
        guard let json = job.article else {
            throw .malformedInput(path: "job \(job.id)", message: "the job carries no article (queued by another program?)")
        }
        return try QueuedArticle(json: json, job: job.id)
    }
}
