import ArgumentParser
import NarrateCore
import NarrateFetch
import NarrateLibrary
import NarrateSpeech
import Narration

/// `narrate subscribe URL`: follows a feed (or the feed a page links) and takes its items.
struct SubscribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Follow a feed (RSS, Atom, JSON Feed, or a page that links one) and add its articles."
    )

    @Argument(help: "The feed's address, or a web page that links a feed.")
    var url: String

    @Option(help: "Tag the feed's articles get.")
    var tag: String?

    @Option(help: "Language of the feed's articles (default: declared or detected per article).")
    var language: String?

    @Flag(help: "Narrate the feed's new articles as they come (the library's own renders).")
    var narrate = false

    @Option(help: "Requests at once while taking its articles (at most 2 to one host).")
    var jobs = 8

    @Option(help: "Seconds one request may take, redirects and body included.")
    var timeout = 30.0

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        if !(timeout > 0 && timeout <= 3600) { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
        if !PageFetcher.isURL(url) { throw ValidationError("give the feed's http or https address: got '\(url)'") }
    }

    func run() throws {
        Interruption.install()
        ErrorReporter.failing { () throws(NarrateError) in
            let library = try libraryOptions.open()
            let refresh = FeedRefresh(library: library, fetcher: PageFetcher(timeout: timeout), detector: nil, jobs: jobs)
            let subscription: Subscription
            switch try refresh.subscribe(url, tag: tag, language: language, narrate: narrate) {
            case .subscribed(let new):
                subscription = new
                print("subscribed \(new.id) \(new.title ?? new.url) (\(new.url))")
            case .alreadySubscribed(let existing):
                subscription = existing
                print("already subscribed \(existing.id) \(existing.title ?? existing.url)")
            }
            try RefreshCommand.refresh(
                library: library, ids: [subscription.id], force: true, jobs: jobs, timeout: timeout, narrate: narrate, quiet: false,
                json: false
            )
        }
    }
}
