import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateTerminal

/// `narrate jobs [--json]`.
struct JobsList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the jobs.")

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var queueOptions: QueueOptions

    @OptionGroup var libraryOptions: LibraryOptions

    func run() async throws {
        let library = try libraryOptions.open()
        let listed = try await queueOptions.using { queue -> Bool in
            guard let queue else { return false }
            try await listShared(queue, library: library)
            return true
        }
        if listed { return }
        let jobs = try library.queue.jobs()
        if json {
            try JSONOutput.print(jobs)
            return
        }
        print(Self.table(jobs))
    }

    /// The shared queue's jobs and workers (`SharedQueueListing`).
    private func listShared(_ queue: any SharedJobQueue, library: ArticleLibrary) async throws(NarrateError) {
        let listing = try await SharedQueueListing.look(at: queue, for: library)
        if json {
            try JSONOutput.print(listing)
            return
        }
        print(Self.table(listing.jobs))
        print("")
        let rows = listing.workers.map { worker in
            [
                worker.name, worker.host,
                worker.isGone ? "gone" : worker.currentJob.map { "job \($0)" } ?? "idle",
                String(worker.jobsDone), String(worker.jobsFailed), DurationText.minutes(worker.audioSeconds),
                worker.audioSecondsPerSecond.map { String(format: "%.1f", $0) } ?? "-",
                DurationText.minutes(max(0, worker.now - worker.seenAt)) + " ago",
            ]
        }
        print(
            TextTable(
                header: ["WORKER", "HOST", "NOW", "DONE", "FAILED", "AUDIO", "AUDIO/S", "SEEN"], rows: rows, rightAligned: [3, 4, 5, 6]
            ).rendered)
        let recorded = listing.rendersRecorded
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
