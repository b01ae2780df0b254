import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateTerminal

/// `narrate jobs clear --done`.
struct JobsClear: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove finished jobs from the queue.")

    @Flag(help: "Remove the done jobs.")
    var done = false

    @OptionGroup var queueOptions: QueueOptions

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if !done { throw ValidationError("say what to clear: --done") }
    }

    func run() async throws {
        let removed = try await queueOptions.using { shared -> Int? in
            guard let shared else { return nil }
            // This library's renders are taken in first; other libraries' stay until they are.
            try await SharedRenders(library: try libraryOptions.open(), queue: shared).collect()
            return try await shared.clearDoneJobs()
        }
        if let removed {
            print("removed: \(removed)")
            return
        }
        print("removed: \(try libraryOptions.open().queue.clearDoneJobs())")
    }
}
