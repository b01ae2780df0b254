import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateSystem
import NarrateTerminal

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
            throw ValidationError(
                "a shared queue (NARRATE_QUEUE) is worked by 'narrate worker --queue URL' on each machine, not 'jobs run'")
        }
    }

    func run() throws {
        let library = try libraryOptions.open()
        let progress = BatchProgress(json: json, quiet: quiet)
        let summary = try progress.coordinator(library: library, workers: jobs)
            .runPending(stopRequests: Interruption.stopRequests)
        progress.report(summary, upToDate: 0, json: json)
        if Interruption.stopRequests() > 0 { throw CommandExit.interrupted }
        if !summary.failed.isEmpty { throw CommandExit.partlyFailed }
    }
}
