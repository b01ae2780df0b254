import ArgumentParser
import NarrateCore
import NarrateLibrary

/// `narrate list`: the library's articles as a table (or JSON).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the articles in the library.")

    @Option(help: "Only articles with this tag.")
    var tag: String?

    @Option(help: "Only articles in this language (code such as en or uk).")
    var language: String?

    @Option(help: "Order: saved (newest first), title or length (shortest first).")
    var sort: SortOrder = .saved

    @Option(help: "Show at most this many (default 100).")
    var limit = 100

    @Flag(help: "Show every article, however many.")
    var all = false

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    enum SortOrder: String, ExpressibleByArgument, CaseIterable {
        case saved, title, length

        var order: ArticleSort {
            switch self {
            case .saved: .saved
            case .title: .title
            case .length: .length
            }
        }
    }

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
        do throws(NarrateError) {
            let library = try libraryOptions.open()
            let articles = try library.list(tag: tag, language: language, order: sort.order, limit: all ? nil : limit)
            if !all, articles.count == limit {
                let total = try library.count(tag: tag, language: language)
                if total > limit { ErrorReporter.printNote("showing \(limit) of \(total) articles; --all lists every one") }
            }
            if json {
                try JSONOutput.print(articles)
                return
            }
            let rows = articles.map { article in
                [
                    String(article.id), article.title, article.language ?? "-", String(article.wordCount),
                    Self.minutes(article.listeningSeconds), article.tags.joined(separator: ","),
                    String(article.savedAt.prefix(10)),
                ]
            }
            print(TextTable(
                header: ["ID", "TITLE", "LANG", "WORDS", "TIME", "TAGS", "SAVED"], rows: rows, rightAligned: [0, 3, 4]
            ).rendered)
        } catch {
            ErrorReporter.fail(error)
        }
    }

    /// "12:05" (minutes and seconds) or "1:02:05".
    static func minutes(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        if total >= 3600 { return "\(total / 3600):\(two(total / 60 % 60)):\(two(total % 60))" }
        return "\(total / 60):\(two(total % 60))"
    }
}
