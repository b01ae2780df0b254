import ArgumentParser
import Foundation
import NarrateBatch
import NarrateCore
import NarrateFetch
import NarrateLibrary
import NarrateSpeech
import NarrateRendering
import NarrateImport

/// `narrate refresh`: checks every feed and adds what is new.
struct RefreshCommand: ParsableCommand {
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
        Interruption.install()
        ErrorReporter.failing { () throws(NarrateError) in
            try Self.refresh(
                library: try libraryOptions.open(), ids: ids.isEmpty ? nil : ids, force: force, fetchOptions: fetchOptions,
                narrate: narrate, quiet: quiet, json: json
            )
        }
    }

    /// What `--json` prints.
    struct Summary: Encodable {
        var added: [Int64]
        var duplicates: Int
        var checked: Int
        var unchanged: Int
        var failedFeeds: Int
        var waiting: Int
        var problems: [Problem]
        var queuedForNarration: Int

        struct Problem: Encodable {
            var feed: String
            var url: String
            var outcome: String
            var reason: String
        }
    }

    /// Refreshes feeds `ids` (all due when nil), printing as it goes, and narrates the new
    /// articles with `narrate` or where their feed asks for it.
    static func refresh(
        library: ArticleLibrary, ids: [Int64]?, force: Bool, fetched: [Int64: FetchedPage] = [:], fetchOptions: FetchOptions, narrate: Bool,
        quiet: Bool, json: Bool
    ) throws(NarrateError) {
        let detector = SpeechLanguage.detector(engine: try? ESpeakEngine.shared(), environment: NarrateEnvironment.variables())
        let refresh = FeedRefresh(library: library, fetcher: fetchOptions.fetcher, detector: detector, jobs: fetchOptions.jobs)
        let printer = Printer(quiet: quiet || json)
        let report = try refresh.refresh(ids: ids, force: force, fetched: fetched, isCancelled: { Interruption.isRequested }, report: printer.event)
        let queued = try refresh.queueNarration(of: refresh.articlesToNarrate(report, all: narrate))
        if json {
            try JSONOutput.print(Summary(
                added: report.added, duplicates: report.duplicates, checked: report.checked, unchanged: report.unchanged,
                failedFeeds: report.failedFeeds, waiting: report.waiting,
                problems: report.problems.map { .init(feed: $0.feed, url: $0.url, outcome: $0.outcome.rawValue, reason: $0.reason) },
                queuedForNarration: queued.count
            ))
        } else if !quiet {
            var line = "checked \(report.checked) feed\(report.checked == 1 ? "" : "s"): \(report.added.count) new article\(report.added.count == 1 ? "" : "s")"
            if report.unchanged > 0 { line += ", \(report.unchanged) unchanged" }
            if report.duplicates > 0 { line += ", \(report.duplicates) already in the library" }
            if report.failedFeeds > 0 { line += ", \(report.failedFeeds) failed" }
            if report.waiting > 0 { line += ", \(report.waiting) waiting (their servers asked for a pause; --force checks them)" }
            print(line)
            for problem in report.problems {
                let kind = switch problem.outcome {
                case .dead: "dead link"
                case .noArticle: "no article"
                default: "failed, tried again next time"
                }
                print("  \(kind): \(problem.url): \(problem.reason)")
            }
        }
        if Interruption.isRequested { ErrorReporter.terminate(130) }
        if !queued.isEmpty {
            let progress = BatchProgress(json: false, quiet: quiet || json)
            var titles: [Int64: String] = [:]
            for job in queued { titles[job.articleId] = try? library.summary(id: job.articleId).title }
            let summary = try progress.coordinator(library: library, workers: fetchOptions.jobs)
                .run(jobIds: Set(queued.map(\.id)), titles: titles, stopRequests: Interruption.stopRequests)
            if !json { progress.report(summary, upToDate: 0, json: false) }
            if Interruption.stopRequests() > 0 { ErrorReporter.terminate(130) }
            if !summary.failed.isEmpty { ErrorReporter.terminate(75) }
        }
        if report.failedFeeds > 0 && report.failedFeeds == report.checked { ErrorReporter.terminate(69) }
    }

    /// Prints feeds' errors on standard error and new articles on standard output, as they come.
    final class Printer: Sendable {
        let quiet: Bool

        init(quiet: Bool) {
            self.quiet = quiet
        }

        @Sendable func event(_ event: FeedRefresh.Event) {
            switch event {
            case .added(let id, let title, let feed):
                if !quiet { print("added \(id) \(title) (\(feed.title ?? feed.url))") }
            case .feedChecked(let feed, _, _, let error?):
                ErrorReporter.printError("feed \(feed.id) \(feed.title ?? feed.url): \(error)")
            case .feedChecked, .feedWaiting:
                break
            }
        }
    }
}
