import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateTerminal

/// `narrate jobs cancel [ID | --all]`.
struct JobsCancel: AsyncParsableCommand {
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

    func run() async throws {
        let cancelled = try await queueOptions.using { shared in
            let queue: any JobQueue = if let shared { shared } else { try libraryOptions.open().queue }
            return try await queue.cancelJobs(id: id, reason: "cancelled")
        }
        print("cancelled: \(cancelled)")
    }
}
