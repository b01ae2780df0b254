import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateTerminal

/// `narrate archive ID... [--undo]`: moves articles to the archive, out of the library's lists,
/// or back to the library; all of them, or none if an id is unknown.
struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Move articles to the archive, out of the library's lists (narrate list --archived shows them), or back with --undo."
    )

    @Argument(help: "The articles' ids.")
    var ids: [Int64]

    @Flag(help: "Move them back to the library.")
    var undo = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let shelf: Shelf = undo ? .library : .archive
        let moved = Set(try libraryOptions.open().articles.shelve(ids: ids, on: shelf))
        for id in ids {
            let place = shelf == .archive ? "the archive" : "the library"
            print(moved.contains(id) ? "\(id): moved to \(place)" : "\(id): already in \(place)")
        }
    }
}
