import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateFetch
import NarrateImport
import NarrateLibrary
import NarrateRendering
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate refresh`: checks every feed and adds what is new.
struct RefreshCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Check the feeds the library follows and add their new articles (for a timer or cron)."
    )

    @Argument(help: "Feed ids (default: every feed that is due).")
    var ids: [Int64] = []

    @Flag(help: "Narrate the new articles (the library's own renders, as 'play' and 'serve' use), with --jobs workers.")
    var narrate = false

    @OptionGroup var fetchOptions: FetchOptions

    @Flag(help: "Check feeds whose server asked for a pause, or that wait after errors, too.")
    var force = false

    @Flag(help: "Print only errors.")
    var quiet = false

    @Flag(help: "Print one JSON object with what was done.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        try Self.refresh(
            library: try libraryOptions.open(), ids: ids.isEmpty ? nil : ids, force: force, fetchOptions: fetchOptions,
            narrate: narrate, quiet: quiet, json: json
        )
    }

    /// Refreshes feeds `ids` (all due when nil) and narrates the new articles with `narrate`
    /// or where their feed asks for it ([`FeedCatchUp`](FeedCatchUp)), printing as it goes;
    /// exits 130 when stopped, 75 when a narration failed, 69 when every feed failed.
    static func refresh(
        library: ArticleLibrary, ids: [Int64]?, force: Bool, fetched: [Int64: FetchedPage] = [:], fetchOptions: FetchOptions, narrate: Bool,
        quiet: Bool, json: Bool
    ) throws {
        let detector = SpeechLanguage.detector(engine: try? ESpeakEngine.shared(), environment: NarrateEnvironment.variables())
        let refresh = FeedRefresh(library: library, fetcher: fetchOptions.fetcher, detector: detector, jobs: fetchOptions.jobs)
        let printer = FeedCatchUpPrinter(quiet: quiet, json: json)
        let progress = BatchProgress(json: false, quiet: quiet || json)
        let catchUp = FeedCatchUp(refresh: refresh) { progress.coordinator(library: library, workers: fetchOptions.jobs) }
        // A stop while feeds are checked sets the flag; once narrating, presses are counted.
        let outcome = try catchUp.run(
            ids: ids, force: force, fetched: fetched, narrateAll: narrate,
            stopRequests: { Interruption.stopRequests() + (Interruption.isRequested ? 1 : 0) }, report: printer.event,
            refreshed: printer.present
        )
        if outcome.stoppedBeforeNarrating { throw CommandExit.interrupted }
        if let narration = outcome.narration {
            if !json { progress.report(narration, upToDate: 0, json: false) }
            // A stop just as the narration began set the flag rather than the count.
            if Interruption.stopRequests() > 0 || Interruption.isRequested { throw CommandExit.interrupted }
            if !narration.failed.isEmpty { throw CommandExit.partlyFailed }
        }
        if outcome.everyFeedFailed { throw CommandExit.unavailable }
    }
}
