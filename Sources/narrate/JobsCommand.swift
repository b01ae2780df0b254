import ArgumentParser
import NarrateCore
import NarrateLibrary
import Foundation
import NarrateBatch
import NarrateListening

/// `narrate jobs`: the batch queue, and running, retrying, cancelling and clearing it; with
/// `--queue URL` (or `NARRATE_QUEUE`), the shared queue on PostgreSQL and its workers.
struct JobsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs",
        abstract: "Show the batch queue (and run, retry, cancel or clear it).",
        subcommands: [JobsList.self, JobsRun.self, JobsRetry.self, JobsCancel.self, JobsClear.self],
        defaultSubcommand: JobsList.self
    )
}

/// `narrate jobs [--json]`.
struct JobsList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the jobs.")

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var queueOptions: QueueOptions

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            let library = try libraryOptions.open()
            if let queue = try queueOptions.open() {
                defer { queue.close() }
                try listShared(queue, library: library)
                return
            }
            let jobs = try library.jobs()
            if json {
                try JSONOutput.print(jobs)
                return
            }
            print(Self.table(jobs))
        }
    }

    /// The shared queue's jobs and the workers seen in the last hour; the renders of this
    /// library's jobs finished since its last look are recorded on the way.
    private func listShared(_ queue: any SharedJobQueue, library: ArticleLibrary) throws(NarrateError) {
        let recorded = try SharedRenders(library: library, queue: queue).collect()
        let jobs = try queue.jobs(in: nil)
        let workers = try queue.workers(seenWithin: 3600)
        if json {
            try JSONOutput.print(SharedQueueListing(jobs: jobs, workers: workers, rendersRecorded: recorded))
            return
        }
        print(Self.table(jobs))
        print("")
        let rows = workers.map { worker in
            [
                worker.name, worker.host,
                worker.isGone ? "gone" : worker.currentJob.map { "job \($0)" } ?? "idle",
                String(worker.jobsDone), String(worker.jobsFailed), DurationText.minutes(worker.audioSeconds),
                worker.audioSecondsPerSecond.map { String(format: "%.1f", $0) } ?? "-",
                DurationText.minutes(max(0, worker.now - worker.seenAt)) + " ago",
            ]
        }
        print(TextTable(
            header: ["WORKER", "HOST", "NOW", "DONE", "FAILED", "AUDIO", "AUDIO/S", "SEEN"], rows: rows, rightAligned: [3, 4, 5, 6]
        ).rendered)
        if recorded > 0 { print("recorded in the library: \(recorded) render\(recorded == 1 ? "" : "s")") }
    }

    /// The jobs as a table.
    static func table(_ jobs: [BatchJob]) -> String {
        let rows = jobs.map { job in
            [
                String(job.id), String(job.articleId), job.state.rawValue, "\(job.attempts)/\(job.maxAttempts)",
                job.durationSeconds.map(DurationText.minutes) ?? "-", (job.outputPath as NSString).lastPathComponent,
                job.worker ?? "", job.lastError ?? "",
            ]
        }
        return TextTable(
            header: ["JOB", "ARTICLE", "STATE", "TRIES", "AUDIO", "OUTPUT", "WORKER", "ERROR"], rows: rows, rightAligned: [0, 1, 4]
        ).rendered
    }
}

/// `narrate jobs --queue URL --json`: the shared queue's jobs and workers.
struct SharedQueueListing: Encodable {
    var jobs: [BatchJob]
    var workers: [QueueWorker]
    /// Renders of this library's finished jobs recorded in it by this look.
    var rendersRecorded: Int
}

/// `narrate jobs run`: goes on with an interrupted batch.
struct JobsRun: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the queued jobs (go on with an interrupted batch).")

    @Option(help: "Worker processes at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "No progress output.")
    var quiet = false

    @Flag(help: "Print one JSON event per line on standard output.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        if QueueOptions.fromEnvironment != nil {
            throw ValidationError("a shared queue (NARRATE_QUEUE) is worked by 'narrate worker --queue URL' on each machine, not 'jobs run'")
        }
    }

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            let library = try libraryOptions.open()
            let progress = BatchProgress(json: json, quiet: quiet)
            let summary = try progress.coordinator(library: library, workers: jobs)
                .runPending(stopRequests: Interruption.stopRequests)
            progress.report(summary, upToDate: 0, json: json)
            if Interruption.stopRequests() > 0 { ErrorReporter.terminate(130) }
            if !summary.failed.isEmpty { ErrorReporter.terminate(75) }
        }
    }
}

/// `narrate jobs retry [ID | --failed]`.
struct JobsRetry: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "retry", abstract: "Queue failed or cancelled jobs again.")

    @Argument(help: "The job's id.")
    var id: Int64?

    @Flag(help: "Every failed or cancelled job.")
    var failed = false

    @OptionGroup var queueOptions: QueueOptions

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if (id == nil) == !failed { throw ValidationError("give a job id or --failed") }
    }

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            if let queue = try queueOptions.open() {
                defer { queue.close() }
                print("queued again: \(try queue.retryJobs(id: id)); the workers take them")
                return
            }
            let count = try libraryOptions.open().retryJobs(id: id)
            print("queued again: \(count); 'narrate jobs run' runs them")
        }
    }
}

/// `narrate jobs cancel [ID | --all]`.
struct JobsCancel: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel queued or running jobs.")

    @Argument(help: "The job's id.")
    var id: Int64?

    @Flag(help: "Every queued or running job.")
    var all = false

    @OptionGroup var queueOptions: QueueOptions

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if (id == nil) == !all { throw ValidationError("give a job id or --all") }
    }

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            let shared = try queueOptions.open()
            defer { shared?.close() }
            let queue: any JobQueue = if let shared { shared } else { try libraryOptions.open() }
            print("cancelled: \(try queue.cancelJobs(id: id, reason: "cancelled"))")
        }
    }
}

/// `narrate jobs clear --done`.
struct JobsClear: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove finished jobs from the queue.")

    @Flag(help: "Remove the done jobs.")
    var done = false

    @OptionGroup var queueOptions: QueueOptions

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if !done { throw ValidationError("say what to clear: --done") }
    }

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            let shared = try queueOptions.open()
            defer { shared?.close() }
            if let shared {
                // This library's renders are taken in first; other libraries' stay until they are.
                try SharedRenders(library: try libraryOptions.open(), queue: shared).collect()
                print("removed: \(try shared.clearDoneJobs())")
                return
            }
            print("removed: \(try libraryOptions.open().clearDoneJobs())")
        }
    }
}
