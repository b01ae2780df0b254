import ArgumentParser
import NarrateCore
import NarrateLibrary

/// `narrate rm`: removes articles and everything stored with them, all or none.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove articles from the library (all of them, or none if an id is unknown)."
    )

    @Argument(help: "The articles' ids.")
    var ids: [Int64]

    @Flag(help: "Print JSON instead of lines.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        do throws(NarrateError) {
            let removed = try libraryOptions.open().remove(ids: ids)
            if json {
                try JSONOutput.print(removed)
            } else {
                for article in removed { print("removed \(article.id) \(article.title)") }
            }
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
