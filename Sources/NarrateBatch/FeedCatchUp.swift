public import NarrateCore
public import NarrateFetch
public import NarrateImport
import NarrateLibrary

/// Catching up with the feeds the library follows, as `narrate refresh` and `subscribe` do:
/// the feeds checked and their new articles added ([`FeedRefresh`](FeedRefresh)), then the
/// new articles to narrate (all of them, or those of feeds that ask for it) queued at batch
/// priority and narrated by a coordinator's workers until they are done.
public struct FeedCatchUp {
    /// Checks the feeds, adds their articles and queues narrations.
    public let refresh: FeedRefresh
    /// Makes the coordinator that runs the queued narrations, when there are any.
    public let coordinator: () -> BatchCoordinator

    /// What was done.
    public struct Outcome: Sendable {
        /// The feeds' check: articles added, feeds unchanged, waiting or failed, problems.
        public var report: FeedRefresh.Report
        /// Narrations queued for the new articles.
        public var queued: Int
        /// The narrations' run, when any was queued and the refresh was not stopped.
        public var narration: BatchCoordinator.Summary?
        /// Whether a stop request ended it before the narrations ran (they stay queued).
        public var stoppedBeforeNarrating: Bool

        /// Whether every feed checked failed.
        public var everyFeedFailed: Bool { report.failedFeeds > 0 && report.failedFeeds == report.checked }
    }

    /// A catch-up with `refresh`, narrating through the coordinator `coordinator` makes.
    public init(refresh: FeedRefresh, coordinator: @escaping () -> BatchCoordinator) {
        self.refresh = refresh
        self.coordinator = coordinator
    }

    /// Checks feeds `ids` (all that are due when nil; every one with `force`), reading those in
    /// `fetched` from the page given, and narrates their new articles: all of them with
    /// `narrateAll`, else those of feeds that ask for it. `report` hears of every feed and
    /// article as they come, `refreshed` of the check as a whole before narrating starts;
    /// `stopRequests` counts stop requests (one stops the check, and then the narrations: see
    /// `BatchCoordinator.run`).
    public func run(
        ids: [Int64]?, force: Bool, fetched: [Int64: FetchedPage] = [:], narrateAll: Bool, stopRequests: @escaping @Sendable () -> Int,
        report: @escaping @Sendable (FeedRefresh.Event) -> Void = { _ in },
        refreshed: (FeedRefresh.Report, _ queued: Int) throws(NarrateError) -> Void = { _, _ in }
    ) throws(NarrateError) -> Outcome {
        let checked = try refresh.refresh(ids: ids, force: force, fetched: fetched, isCancelled: { stopRequests() > 0 }, report: report)
        let queued = try refresh.queueNarration(of: refresh.articlesToNarrate(checked, all: narrateAll))
        try refreshed(checked, queued.count)
        var outcome = Outcome(report: checked, queued: queued.count, narration: nil, stoppedBeforeNarrating: stopRequests() > 0)
        guard !queued.isEmpty, !outcome.stoppedBeforeNarrating else { return outcome }
        outcome.narration = try coordinator().run(jobs: queued, stopRequests: stopRequests)
        return outcome
    }
}
