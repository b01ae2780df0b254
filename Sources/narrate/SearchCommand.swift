import ArgumentParser
import NarrateCore
import NarrateImport
import NarrateLibrary
import NarrateTerminal

/// `narrate search`: full-text search over titles, bylines and texts.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Search the library (every word must match; best first)."
    )

    @Argument(help: "Words to find.")
    var query: [String]

    @Option(help: "At most this many results.")
    var limit = 20

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        let hits = try libraryOptions.open().articles.search(query.joined(separator: " "), limit: limit, guess: QueryLanguages.guess)
        if json {
            try JSONOutput.print(hits)
            return
        }
        if hits.isEmpty {
            print("no article matches '\(query.joined(separator: " "))'")
            return
        }
        let rows = hits.map { [String($0.id), $0.title, $0.snippet.split(whereSeparator: \.isNewline).joined(separator: " ")] }
        print(TextTable(header: ["ID", "TITLE", "MATCH"], rows: rows, rightAligned: [0]).rendered)
    }
}
