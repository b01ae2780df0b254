import ArgumentParser
import NarrateCore
import NarrateImport
import NarrateSystem
import NarrateTerminal

/// `narrate extract`: the article narrate finds in a page (or file) and its metadata, so a
/// user can check what will be read before adding or converting it.
struct ExtractCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Print the article narrate would read from a web page, file or URL, with its title and byline."
    )

    @Argument(help: "A web page (.html), text or Markdown file, an http(s) URL, or - for standard input.")
    var input: String

    @Option(
        name: [.customLong("input-format"), .long],
        help: "Read the input as 'text', 'markdown', 'html', 'epub' or 'pdf' (default: from its extension or content type).")
    var format: SourceFormat?

    @Flag(help: "Print a JSON object: title, byline, site, language, published, excerpt, url and text.")
    var json = false

    func run() throws {
        let extract = try ArticleExtract(
            input: input, format: format, environment: NarrateEnvironment.variables(),
            isCancelled: { Interruption.isRequested }
        )
        if json {
            try JSONOutput.print(extract)
            return
        }
        print(extract.title)
        let details = [extract.byline, extract.site, extract.published, extract.language, extract.url].compactMap { $0 }
        if !details.isEmpty { print(details.joined(separator: " · ")) }
        print("")
        print(extract.text)
    }
}
