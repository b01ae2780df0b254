import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateTerminal

/// `narrate jobs retry [ID | --failed]`.
struct JobsRetry: AsyncParsableCommand {
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

    func run() async throws {
        let retried = try await queueOptions.using { queue in try await queue?.retryJobs(id: id) }
        if let retried {
            print("queued again: \(retried); the workers take them")
            return
        }
        let count = try libraryOptions.open().queue.retryJobs(id: id)
        print("queued again: \(count); 'narrate jobs run' runs them")
    }
}
