import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateTerminal

/// `narrate rm`: removes articles and everything stored with them, all or none.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove articles from the library (all of them, or none if an id is unknown)."
    )

    @Argument(help: "The articles' ids.")
    var ids: [Int64]

    @Flag(help: "Leave the audio files the library rendered for them on disk.")
    var keepAudio = false

    @Flag(help: "Print JSON instead of lines.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let removal = try libraryOptions.open().articles.remove(ids: ids, keepAudio: keepAudio)
        if json {
            try JSONOutput.print(removal)
        } else {
            for article in removal.articles { print("removed \(article.id) \(article.title)") }
            for path in removal.deletedAudio { print("deleted \(path)") }
            for path in removal.keptAudio { print("kept \(path)") }
        }
        for failure in removal.failedDeletions {
            ErrorReporter.printError("could not delete \(failure); delete it by hand")
        }
        if !removal.failedDeletions.isEmpty { throw CommandExit.ioError }
    }
}
