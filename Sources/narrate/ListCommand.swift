import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateTerminal

/// `narrate list`: the library's articles as a table (or JSON).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the articles in the library (or, with --archived, in the archive)."
    )

    @Option(help: "Only articles with this tag.")
    var tag: String?

    @Option(help: "Only articles in this language (code such as en or uk).")
    var language: String?

    @Flag(help: "Only articles not heard to the end (never played, or stopped part way).")
    var unfinished = false

    @Flag(help: "Only articles heard to the end.")
    var finished = false

    @Flag(help: "The archive's articles instead of the library's (narrate archive moves them there).")
    var archived = false

    @Option(help: "Order: saved (newest first), title or length (shortest first).")
    var sort: ArticleSort = .saved

    @Option(help: "Show at most this many (default 100).")
    var limit = 100

    @Flag(help: "Show every article, however many.")
    var all = false

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
        if unfinished && finished { throw ValidationError("--unfinished and --finished exclude each other") }
    }

    private var progress: ProgressFilter? {
        unfinished ? .unfinished : finished ? .finished : nil
    }

    func run() throws {
        let library = try libraryOptions.open()
        let shelf: Shelf = archived ? .archive : .library
        let articles = try library.articles.list(
            tag: tag, language: language, progress: progress, shelf: shelf, order: sort, limit: all ? nil : limit
        )
        if !all, articles.count == limit {
            let total = try library.articles.count(tag: tag, language: language, progress: progress, shelf: shelf)
            if total > limit { ErrorReporter.printNote("showing \(limit) of \(total) articles; --all lists every one") }
        }
        if json {
            try JSONOutput.print(articles)
            return
        }
        let rows = articles.map { article in
            [
                String(article.id), article.title, article.language ?? "-", String(article.wordCount),
                DurationText.minutes(article.lengthSeconds), Self.progress(article), DurationText.minutes(article.secondsLeft),
                article.tags.joined(separator: ","), String(article.savedAt.prefix(10)),
            ]
        }
        print(
            TextTable(
                header: ["ID", "TITLE", "LANG", "WORDS", "TIME", "HEARD", "LEFT", "TAGS", "SAVED"], rows: rows,
                rightAligned: [0, 3, 4, 5, 6]
            ).rendered)
    }

    /// "-" (never played), "37%" or "done".
    static func progress(_ article: ArticleSummary) -> String {
        if article.finished { return "done" }
        guard article.position != nil else { return "-" }
        return "\(Int((article.progress * 100).rounded(.down)))%"
    }

}
