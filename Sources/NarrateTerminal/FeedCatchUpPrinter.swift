public import NarrateCore
public import NarrateImport
import NarrateLibrary

/// What `narrate refresh` (and `subscribe`'s first read) prints: feeds' errors on standard
/// error and new articles on standard output as they come, then what the check did, as a
/// line and its problems or as one JSON object (`--json`); nothing but errors with `--quiet`.
public final class FeedCatchUpPrinter: Sendable {
    /// Only errors are printed.
    public let quiet: Bool
    /// What the check did is one JSON object.
    public let json: Bool

    /// A printer for `--quiet` and `--json` as given.
    public init(quiet: Bool, json: Bool) {
        self.quiet = quiet
        self.json = json
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

    /// Prints what the check of the feeds did: a JSON object, or a line and the problems.
    public func present(_ report: FeedRefresh.Report, queued: Int) throws(NarrateError) {
        if json {
            try JSONOutput.print(
                Summary(
                    added: report.added, duplicates: report.duplicates, checked: report.checked, unchanged: report.unchanged,
                    failedFeeds: report.failedFeeds, waiting: report.waiting,
                    problems: report.problems.map { .init(feed: $0.feed, url: $0.url, outcome: $0.outcome.rawValue, reason: $0.reason) },
                    queuedForNarration: queued
                ))
            return
        }
        guard !quiet else { return }
        var line =
            "checked \(report.checked) feed\(report.checked == 1 ? "" : "s"): \(report.added.count) new article\(report.added.count == 1 ? "" : "s")"
        if report.unchanged > 0 { line += ", \(report.unchanged) unchanged" }
        if report.duplicates > 0 { line += ", \(report.duplicates) already in the library" }
        if report.failedFeeds > 0 { line += ", \(report.failedFeeds) failed" }
        if report.waiting > 0 { line += ", \(report.waiting) waiting (their servers asked for a pause; --force checks them)" }
        print(line)
        for problem in report.problems {
            print(
                ItemProblemLine.text(
                    url: problem.url, outcome: problem.outcome, reason: problem.reason, failed: "failed, tried again next time"))
        }
    }

    /// A feed checked or an article added.
    @Sendable public func event(_ event: FeedRefresh.Event) {
        switch event {
        case .added(let id, let title, let feed):
            if !quiet && !json { print("added \(id) \(title) (\(feed.title ?? feed.url))") }
        case .feedChecked(let feed, _, _, let error?):
            ErrorReporter.printError("feed \(feed.id) \(feed.title ?? feed.url): \(error)")
        case .feedChecked, .feedWaiting:
            break
        }
    }
}
