import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateTerminal

/// `narrate unsubscribe ID`: stops following a feed; its articles stay.
struct UnsubscribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unsubscribe", abstract: "Stop following a feed (its articles stay in the library)."
    )

    @Argument(help: "The feed's id ('narrate feeds' lists them).")
    var id: Int64

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let removed = try libraryOptions.open().subscriptions.unsubscribe(id: id)
        print("unsubscribed \(removed.id) \(removed.title ?? removed.url)")
    }
}
