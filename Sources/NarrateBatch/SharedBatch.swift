import Foundation
public import NarrateCore
public import NarrateLibrary
public import NarrateQueue
public import NarrateRendering

/// A batch on a shared queue (PostgreSQL): its articles are added to the library and queued
/// there, carrying their documents, for `narrate worker` processes on any number of machines;
/// it then follows its jobs until they are finished, reporting progress and recording each
/// render in the library as its job is seen done (`SharedRenders`).
///
/// A stop request stops following, not the work: the jobs stay queued, and the renders of
/// those that finish later are recorded at the library's next look at the queue.
public struct SharedBatch {
    /// The library.
    public var library: ArticleLibrary
    /// The shared queue.
    public var queue: any SharedJobQueue
    /// Who is told how it goes.
    public var observer: any BatchObserver
    /// Seconds between looks at the queue.
    public var pollSeconds: Double

    public init(library: ArticleLibrary, queue: any SharedJobQueue, observer: any BatchObserver, pollSeconds: Double = 0.5) {
        self.library = library
        self.queue = queue
        self.observer = observer
        self.pollSeconds = pollSeconds
    }

    /// Queues `articles` with `submission` on the shared queue and, when `follow`, waits for
    /// the jobs it queued to finish. Renders made earlier for the library are recorded first,
    /// so articles whose audio is already there are found up to date.
    public func run(
        submitting articles: BatchSubmission.Articles, with submission: BatchSubmission, engine: any SpeechEngine,
        presets: VoicePresetLibrary, environment: [String: String], follow: Bool, stopRequests: () -> Int,
        report: (BatchSubmission.Event) -> Void = { _ in }
    ) async throws(NarrateError) -> (queued: BatchSubmission.Result, summary: BatchCoordinator.Summary) {
        let renders = SharedRenders(library: library, queue: queue)
        try await renders.collect()
        var submission = submission
        submission.sharedQueue = BatchSubmission.SharedTarget(queue: queue, origin: renders.origin)
        let result = try await submission.submit(
            articles, library: library, engine: engine, presets: presets, environment: environment,
            isCancelled: { stopRequests() > 0 }, report: report
        )
        guard follow, !result.jobIds.isEmpty else {
            var summary = BatchCoordinator.Summary()
            summary.titles = result.titles
            summary.remaining = try await queue.jobs(ids: result.jobIds).filter { $0.state == .queued || $0.state == .running }
            return (result, summary)
        }
        return (result, try await self.follow(jobIds: result.jobIds, titles: result.titles, stopRequests: stopRequests))
    }

    /// Follows jobs `jobIds` until each is done, failed or cancelled, or a stop request ends
    /// the following; records the renders of the library's finished jobs as it goes.
    public func follow(jobIds: Set<Int64>, titles: [Int64: String], stopRequests: () -> Int) async throws(NarrateError)
        -> BatchCoordinator.Summary
    {
        let renders = SharedRenders(library: library, queue: queue)
        let start = ContinuousClock.now
        var known: [Int64: BatchJob] = [:]
        while true {
            // Finished jobs do not change again: only the unfinished are read again.
            let unfinished = known.isEmpty ? jobIds : Set(known.values.filter { !$0.isFinished }.map(\.id))
            let fresh = try await queue.jobs(ids: unfinished)
            var sawDone = false
            for gone in unfinished.subtracting(fresh.map(\.id)) { known[gone] = nil }
            for job in fresh where known[job.id]?.state != job.state || known[job.id]?.progress != job.progress {
                if known[job.id]?.state != job.state {
                    observer.jobChanged(job, title: titles[job.articleId])
                    if job.state == .done { sawDone = true }
                }
                known[job.id] = job
            }
            if sawDone { try await renders.collect() }
            let jobs = known.values.sorted { $0.id < $1.id }
            observer.update(jobs: jobs, titles: titles, elapsed: (ContinuousClock.now - start).timeInterval)
            if jobs.allSatisfy(\.isFinished) { break }
            if stopRequests() > 0 {
                observer.stopping(.leavingToWorkers)
                break
            }
            do {
                try await Task.sleep(for: .seconds(pollSeconds))
            } catch {
                observer.stopping(.leavingToWorkers)
                break
            }
        }
        observer.finish()
        return BatchCoordinator.Summary(jobs: known.values.sorted { $0.id < $1.id }, titles: titles)
    }
}

extension BatchJob {
    /// Whether it is done, failed or cancelled.
    var isFinished: Bool { state == .done || state == .failed || state == .cancelled }
}
