import Foundation
public import NarrateCore
public import NarrateLibrary
public import NarrateQueue
public import NarrateRendering
import NarrateSystem

/// Starts a batch worker: a process that works the library's queue (`narrate worker`), since
/// libespeak-ng is process-global. Each front end starts them its own way.
public protocol WorkerLauncher {
    /// Starts a worker named `name` that stops when this process is gone; its process id.
    func launch(name: String) throws(NarrateError) -> Int32
}

/// What a running batch tells its front end.
public protocol BatchObserver: AnyObject {
    /// A job changed state (`title` is its article's).
    func jobChanged(_ job: BatchJob, title: String?)
    /// The batch began to stop: `.draining` after the first stop request (running jobs
    /// finish, no new ones start), `.stoppingRunningJobs` after the second (they go back to
    /// the queue).
    func stopping(_ stage: BatchCoordinator.StopStage)
    /// The state of every job of the batch, a few times a second.
    func update(jobs: [BatchJob], titles: [Int64: String], elapsed: Double)
    /// The batch ended.
    func finish()
}

/// Runs queued jobs to the end with N worker processes, reporting progress and replacing
/// workers that die while work remains. A job whose worker died is claimed again by another
/// once its lease runs out. Stop requests (a front end's Ctrl-C) come in as a count: the first
/// stops claiming (running jobs finish), the second stops the running jobs and gives them
/// back to the queue.
public struct BatchCoordinator {
    /// The library.
    public var library: ArticleLibrary
    /// Worker processes at once.
    public var workers: Int
    /// How workers are started.
    public var launcher: any WorkerLauncher
    /// Who is told how it goes.
    public var observer: any BatchObserver

    /// A coordinator.
    public init(library: ArticleLibrary, workers: Int, launcher: any WorkerLauncher, observer: any BatchObserver) {
        self.library = library
        self.workers = workers
        self.launcher = launcher
        self.observer = observer
    }

    /// How far a stop has gone.
    public enum StopStage: Sendable, Equatable {
        /// No new jobs start; running ones finish.
        case draining
        /// Running jobs stop and go back to the queue.
        case stoppingRunningJobs
        /// A batch on a shared queue stops following its jobs; they stay queued for the
        /// workers.
        case leavingToWorkers
    }

    /// What a run did.
    public struct Summary: Sendable {
        /// Jobs done.
        public var done: [BatchJob] = []
        /// Jobs that failed for good.
        public var failed: [BatchJob] = []
        /// Jobs cancelled.
        public var cancelled: [BatchJob] = []
        /// Jobs still queued (after a stop).
        public var remaining: [BatchJob] = []
        /// The titles of the jobs' articles, by article id.
        public var titles: [Int64: String] = [:]

        /// An empty summary.
        public init() {}

        /// `jobs` sorted by how they ended.
        public init(jobs: [BatchJob], titles: [Int64: String]) {
            self.titles = titles
            for job in jobs {
                switch job.state {
                case .done: done.append(job)
                case .failed: failed.append(job)
                case .cancelled: cancelled.append(job)
                case .queued, .running: remaining.append(job)
                }
            }
        }
    }

    /// Runs the jobs left in the queue (queued, or running when a coordinator stopped), as
    /// `jobs run` does to go on with an interrupted batch. Episodes made ahead for podcast
    /// feeds are left to the server that queued them.
    public func runPending(stopRequests: () -> Int) throws(NarrateError) -> Summary {
        let pending = try library.queue.jobs(in: [.queued, .running]).filter { $0.priority >= .batch }
        guard !pending.isEmpty else { return Summary() }
        return try run(jobs: pending, stopRequests: stopRequests)
    }

    /// Runs `jobs` (queued a moment ago) as `run(jobIds:...)` does, their articles' titles
    /// read for the observer and the summary.
    public func run(jobs: [BatchJob], stopRequests: () -> Int) throws(NarrateError) -> Summary {
        var titles: [Int64: String] = [:]
        for job in jobs { titles[job.articleId] = try? library.articles.summary(id: job.articleId).title }
        return try run(jobIds: Set(jobs.map(\.id)), titles: titles, stopRequests: stopRequests)
    }

    /// Runs until every job in `jobIds` (all unfinished jobs when nil) is done, failed or
    /// cancelled, or until stop requests (`stopRequests`, counted) end it.
    /// `pool` holds the workers already started for this batch (by `run(submitting:...)`).
    public func run(
        jobIds: Set<Int64>?, titles: [Int64: String], stopRequests: () -> Int, pool: BatchWorkers? = nil
    ) throws(NarrateError) -> Summary {
        let pool = pool ?? BatchWorkers(limit: workers, launcher: launcher)
        var draining = false
        var cancelling = false
        let start = ContinuousClock.now
        var previousStates: [Int64: BatchJob.State] = [:]
        // The batch's jobs as last read. A finished job does not change again, so each poll
        // looks only at those that were unfinished (and, for all jobs, any newly queued), and
        // reads whole rows only of those that moved: a poll of every job, five times a
        // second, had cost the coordinator as much CPU as a tenth of a worker on a batch of 260.
        var known: [Int64: BatchJob] = [:]
        let initial = if let jobIds { try library.queue.jobs(ids: jobIds) } else { try library.queue.jobs() }
        for job in initial { known[job.id] = job }
        func refresh() throws(NarrateError) -> [BatchJob] {
            let unfinished = Set(known.values.filter { $0.state == .queued || $0.state == .running }.map(\.id))
            let queued = Set(known.values.filter { $0.state == .queued }.map(\.id))
            let (existing, moved) = try library.queue.pollJobs(ids: unfinished, queuedBefore: queued)
            var fresh = moved
            // A job that is gone (its article removed) is no longer waited for.
            for gone in unfinished.subtracting(existing) { known[gone] = nil }
            if jobIds == nil { fresh += try library.queue.jobs(in: [.queued, .running]) }
            for job in fresh { known[job.id] = job }
            return known.values.sorted { $0.id < $1.id }
        }
        while true {
            pool.reap()
            let jobs = try refresh()
            for job in jobs where previousStates[job.id] != job.state {
                previousStates[job.id] = job.state
                observer.jobChanged(job, title: titles[job.articleId])
            }
            let pending = jobs.filter { $0.state == .queued || $0.state == .running }
            let presses = stopRequests()
            if presses >= 1, !draining {
                draining = true
                observer.stopping(.draining)
                pool.signal(SIGUSR1)
            }
            if presses >= 2, !cancelling {
                // Stopped, not cancelled: the jobs go back to the queue, so `jobs run` goes on
                // with them (`jobs cancel` is the way to drop one).
                cancelling = true
                pool.signal(SIGTERM)
                observer.stopping(.stoppingRunningJobs)
            }
            if pending.isEmpty && pool.count == 0 { break }
            if draining && pool.count == 0 {
                try releaseJobs(ofWorkers: Set(pool.names))
                break
            }
            // Start workers while there is work one could claim now.
            let now = Date().timeIntervalSince1970
            let claimable = pending.filter { $0.state == .queued || ($0.leaseExpiresAt ?? 0) < now }.count
            if !draining { try pool.start(upTo: claimable) }
            observer.update(jobs: jobs, titles: titles, elapsed: (ContinuousClock.now - start).timeInterval)
            pool.waitForAnEnd(seconds: 0.2)
        }
        let jobs = try refresh()
        observer.finish()
        return Summary(jobs: jobs, titles: titles)
    }

    /// Adds and queues `articles` with `submission`, then runs the jobs it queued to the end.
    /// Workers start as soon as the first job is queued, so they render while the rest is
    /// still being read and added (on one core, seconds for a few hundred files).
    ///
    /// A stop request while articles are being added ends the adding; the jobs already
    /// queued then go as after a stop during the run (running ones finish, the rest stay
    /// queued). When no worker had been started, `.interrupted` is thrown, as from `submit`.
    public func run(
        submitting articles: BatchSubmission.Articles, with submission: BatchSubmission, engine: any SpeechEngine,
        presets: VoicePresetLibrary, environment: [String: String], stopRequests: () -> Int,
        report: (BatchSubmission.Event) -> Void = { _ in }
    ) async throws(NarrateError) -> (queued: BatchSubmission.Result, summary: Summary) {
        let pool = BatchWorkers(limit: workers, launcher: launcher)
        var jobIds: Set<Int64> = []
        var result: BatchSubmission.Result
        do {
            result = try await submission.submit(
                articles, library: library, engine: engine, presets: presets, environment: environment,
                isCancelled: { stopRequests() > 0 }, report: report,
                queued: { job in
                    jobIds.insert(job.id)
                    // A worker that finds the queue empty ends, and is started again later.
                    pool.reap()
                    try? pool.start(upTo: pool.count + 1)
                }
            )
        } catch .interrupted {
            guard !pool.names.isEmpty else { throw .interrupted }
            result = BatchSubmission.Result()
            result.jobIds = jobIds
            for job in try library.queue.jobs(ids: jobIds) {
                result.titles[job.articleId] = try? library.articles.summary(id: job.articleId).title
            }
        } catch {
            // Workers already at it finish their jobs (the rest stay queued for `jobs run`)
            // before the error is told.
            pool.signal(SIGUSR1)
            while pool.count > 0 { pool.waitForAnEnd(seconds: 0.2) }
            throw error
        }
        guard !jobIds.isEmpty else { return (result, Summary()) }
        return (result, try run(jobIds: jobIds, titles: result.titles, stopRequests: stopRequests, pool: pool))
    }

    /// Gives back to the queue the jobs that `workers` (all ended) still hold: a worker
    /// killed while the batch stopped leaves its job running until the lease ends; after a
    /// Ctrl-C the queue should say at once that it is waiting, and its temporary file go.
    private func releaseJobs(ofWorkers workers: Set<String>) throws(NarrateError) {
        for job in try library.queue.jobs(in: [.running]) {
            guard let worker = job.worker, workers.contains(worker) else { continue }
            if let leftover = job.temporaryPath { unlink(leftover) }
            try library.queue.releaseJob(id: job.id, worker: worker)
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var timeInterval: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
