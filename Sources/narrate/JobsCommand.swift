import ArgumentParser
import NarrateCore
import NarrateLibrary
import Narration
import Foundation

/// `narrate jobs`: the batch queue, and running, retrying, cancelling and clearing it.
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

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            let jobs = try libraryOptions.open().jobs()
            if json {
                try JSONOutput.print(jobs)
                return
            }
            let rows = jobs.map { job in
                [
                    String(job.id), String(job.articleId), job.state.rawValue, "\(job.attempts)/\(job.maxAttempts)",
                    job.durationSeconds.map(DurationText.minutes) ?? "-", (job.outputPath as NSString).lastPathComponent,
                    job.lastError ?? "",
                ]
            }
            print(TextTable(
                header: ["JOB", "ARTICLE", "STATE", "TRIES", "AUDIO", "OUTPUT", "ERROR"], rows: rows, rightAligned: [0, 1, 4]
            ).rendered)
        }
    }
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

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if (id == nil) == !failed { throw ValidationError("give a job id or --failed") }
    }

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
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

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if (id == nil) == !all { throw ValidationError("give a job id or --all") }
    }

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            let count = try libraryOptions.open().cancelJobs(id: id)
            print("cancelled: \(count)")
        }
    }
}

/// `narrate jobs clear --done`.
struct JobsClear: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove finished jobs from the queue.")

    @Flag(help: "Remove the done jobs.")
    var done = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if !done { throw ValidationError("say what to clear: --done") }
    }

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            let count = try libraryOptions.open().clearDoneJobs()
            print("removed: \(count)")
        }
    }
}
