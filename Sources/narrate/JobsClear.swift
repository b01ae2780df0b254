import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateTerminal

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
        let shared = try queueOptions.open()
        defer { shared?.close() }
        if let shared {
            // This library's renders are taken in first; other libraries' stay until they are.
            try SharedRenders(library: try libraryOptions.open(), queue: shared).collect()
            print("removed: \(try shared.clearDoneJobs())")
            return
        }
        print("removed: \(try libraryOptions.open().queue.clearDoneJobs())")
    }
}
