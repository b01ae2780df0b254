import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarratePublishing
import NarrateQueue
import NarrateSystem
import NarrateTerminal

/// `narrate publish`: the library's podcast as a static site in a folder (feed, cover, page,
/// episodes), for any web server or static host; incremental, and atomic for listeners.
struct PublishCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish the library as a podcast into a folder any web server or static host can serve.",
        discussion: """
            Writes feed.xml, cover.png, index.html (a player for each episode) and each episode's audio, chapters \
            and transcripts in episodes/. Articles without audio in the format are rendered first, in parallel \
            worker processes. A second run writes only what changed and removes the files of episodes that left; \
            the feed is replaced last, so a podcast app never reads one that names a missing file.
            """
    )

    @Argument(help: "The folder to publish into (made if it does not exist).")
    var directory: String

    @Option(help: "The address the folder is served at, such as https://example.org/podcast/.")
    var baseURL: String

    @Option(help: "Only articles with this tag.")
    var tag: String?

    @Flag(help: "Only articles not heard to the end.")
    var unfinished = false

    @Option(help: "Only articles a full-text search finds.")
    var search: String?

    @Option(help: "One book (an article with chapters, by its id) as its own podcast: each chapter an episode, in order.")
    var book: Int64?

    @Option(help: "The episodes' format: mp3 (every podcast app plays it), opus or ogg.")
    var format = "mp3"

    @Option(help: "At most this many of the newest articles.")
    var limit: Int?

    @Option(help: "Worker processes rendering at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "No progress output.")
    var quiet = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if [tag != nil, unfinished, search != nil, book != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --tag, --unfinished, --search and --book")
        }
        if let book, book < 1 { throw ValidationError("--book is an article's id, 1 or more: got \(book)") }
        if book != nil, format != "mp3" {
            throw ValidationError("a book's feed is MP3 (its chapters are cut from its MP3 render): leave out --format \(format)")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more: got \(limit)") }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        if let search, search.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--search is empty: give words to find")
        }
        do throws(NarrateError) {
            _ = try EpisodeFormat(named: format)
            try PodcastPublisher.validate(baseURL: baseURL)
        } catch {
            throw ValidationError(ErrorReporter.message(for: error))
        }
    }

    private var articles: FeedSelection.Articles {
        if let tag { return .tag(tag) }
        if unfinished { return .unfinished }
        if let search { return .search(search) }
        if let book { return .book(book) }
        return .library
    }

    func run() throws {
        do {
            let selection = FeedSelection(articles: articles, format: try EpisodeFormat(named: format), limit: limit)
            try PodcastPublisher.checkFolder(directory) // before the library is opened
            let library = try libraryOptions.open()
            let progress = BatchProgress(json: false, quiet: quiet)
            let published = try PodcastPublication(library: library) { progress.coordinator(library: library, workers: jobs) }.run(
                selection, into: directory, baseURL: baseURL, stopRequests: Interruption.stopRequests,
                isCancelled: { Interruption.isRequested },
                willRender: { count in if !quiet { ErrorReporter.printNote("rendering \(count) episode\(count == 1 ? "" : "s") first") } }
            ) { summary in
                for job in summary.failed {
                    let failure = job.lastError ?? "unknown error"
                    ErrorReporter.printNote(
                        "article \(job.articleId) \(summary.titles[job.articleId] ?? ""): not published, its audio failed: \(failure)")
                }
            }
            guard let report = published else {
                ErrorReporter.printError("interrupted while rendering; nothing was published ('narrate jobs run' renders the rest)")
                throw CommandExit.interrupted
            }
            var line = "published \(report.episodes) episode\(report.episodes == 1 ? "" : "s") to \(directory): "
            line +=
                report.written.isEmpty ? "nothing changed" : "\(report.written.count) file\(report.written.count == 1 ? "" : "s") written"
            line += ", \(report.unchanged) unchanged" + (report.removed.isEmpty ? "" : ", \(report.removed.count) removed")
            print(line)
            print("feed: \(baseURL.hasSuffix("/") ? baseURL : baseURL + "/")\(PodcastPublisher.feedName)")
            if !report.withoutAudio.isEmpty { throw CommandExit.partlyFailed }
        } catch {
            guard case .interrupted = error as? NarrateError else { throw error }
            ErrorReporter.printError("interrupted; the feed published before is intact")
            throw CommandExit.interrupted
        }
    }
}
