import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateTerminal

/// `narrate tag ID +TAG -TAG ...`: adds and removes an article's tags.
struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Add (+TAG or TAG) and remove (-TAG) tags of an article."
    )

    @Argument(help: "The article's id.")
    var id: Int64

    @Argument(parsing: .captureForPassthrough, help: "+TAG or TAG adds, -TAG removes.")
    var changes: [String] = []

    @Flag(help: "Print the tags as JSON.")
    var json = false

    @Option(help: "The library database (default: $NARRATE_LIBRARY, else $XDG_DATA_HOME/narrate/library.sqlite).")
    var library: String?

    func validate() throws {
        if changes.isEmpty { throw ValidationError("give at least one +TAG or -TAG") }
    }

    func run() throws {
        var adding: [String] = []
        var removing: [String] = []
        var printJSON = json
        var libraryPath = library
        var index = 0
        // Options may come after the tags, which the parser hands over with them.
        while index < changes.count {
            let change = changes[index]
            if change == "--json" {
                printJSON = true
            } else if change == "--library", index + 1 < changes.count {
                libraryPath = changes[index + 1]
                index += 1
            } else if change.hasPrefix("-"), change.count > 1 {
                removing.append(String(change.dropFirst()))
            } else if change.hasPrefix("+"), change.count > 1 {
                adding.append(String(change.dropFirst()))
            } else if !change.isEmpty, change != "+", change != "-" {
                adding.append(change)
            }
            index += 1
        }
        let tags = try LibraryOptions.open(path: libraryPath).articles.retag(id: id, adding: adding, removing: removing)
        if printJSON {
            try JSONOutput.print(tags)
        } else {
            print("\(id): \(tags.isEmpty ? "(no tags)" : tags.joined(separator: ", "))")
        }
    }
}
