import ArgumentParser
import NarrateCore
import NarrateFetch
import NarrateImport
import NarrateIngest
import NarrateLibrary
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate subscribe URL`: follows a feed (or the feed a page links) and takes its items.
struct SubscribeCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Follow a feed (RSS, Atom, JSON Feed, or a page that links one) and add its articles."
    )

    @Argument(help: "The feed's address, or a web page that links a feed.")
    var url: String?

    @Option(help: ArgumentHelp("Subscribe to every feed of an OPML file (a feed reader's export).", valueName: "file"))
    var opml: String?

    @Option(help: "Tag the feed's articles get.")
    var tag: String?

    @Option(help: "Language of the feed's articles (default: declared or detected per article).")
    var language: String?

    @Flag(help: "Narrate the feed's new articles as they come (the library's own renders).")
    var narrate = false

    @OptionGroup var fetchOptions: FetchOptions

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        switch (url, opml) {
        case (nil, nil): throw ValidationError("give a feed's address, or --opml FILE")
        case (.some, .some): throw ValidationError("give a feed's address or --opml FILE, not both")
        case (let url?, nil) where !PageFetcher.isURL(url): throw ValidationError("give the feed's http or https address: got '\(url)'")
        default: break
        }
    }

    func run() throws {
        let library = try libraryOptions.open()
        let refresh = FeedRefresh(library: library, fetcher: fetchOptions.fetcher, detector: nil, jobs: fetchOptions.jobs)
        var outcomes: [SubscriptionStore.SubscribeOutcome] = []
        var pages: [Int64: FetchedPage] = [:]
        if let opml {
            let bytes: [UInt8]
            do throws(FileContents.ReadError) {
                bytes = try FileContents.read(opml, isCancelled: { Interruption.isRequested })
            } catch {
                throw NarrateError.inputUnavailable(path: opml, reason: error.reason)
            }
            outcomes = try refresh.subscribe(opml: OPMLDocument.read(bytes, name: opml), tag: tag, language: language, narrate: narrate)
            if outcomes.isEmpty { throw NarrateError.malformedInput(path: opml, message: "lists no feed (no <outline> with an xmlUrl)") }
        } else if let url {
            let (outcome, page) = try refresh.subscribe(url, tag: tag, language: language, narrate: narrate)
            outcomes = [outcome]
            // Read once: the refresh takes the feed's items from this copy.
            pages[outcome.subscription.id] = page
        }
        var fresh: [Int64] = []
        for outcome in outcomes {
            switch outcome {
            case .subscribed(let new):
                fresh.append(new.id)
                print("subscribed \(new.id) \(new.title ?? new.url) (\(new.url))")
            case .alreadySubscribed(let existing):
                print("already subscribed \(existing.id) \(existing.title ?? existing.url)")
            }
        }
        // A feed subscribed on its own is read at once; an OPML list's new feeds too.
        let read = opml == nil ? outcomes.map(\.subscription.id) : fresh
        guard !read.isEmpty else { return }
        try RefreshCommand.refresh(
            library: library, ids: read, force: true, fetched: pages, fetchOptions: fetchOptions, narrate: narrate, quiet: false,
            json: false
        )
    }
}
