public import NarrateCore
public import NarrateLibrary
public import NarrateQueue
public import NarrateRendering

/// `narrate batch` as a whole: the articles added and queued, then narrated, either on the
/// library's own queue by a coordinator's workers (which start with the first job queued,
/// while the rest is still being added) or on a shared queue for `narrate worker` processes
/// anywhere, followed while their renders are taken into the library.
public enum BatchNarration {
    /// Where the batch is queued.
    public enum Queue {
        /// The library's own queue, worked by this coordinator's workers.
        case library(BatchCoordinator)
        /// A shared queue; `follow`: wait for its workers, telling `observer` how it goes.
        case shared(any SharedJobQueue, observer: any BatchObserver, follow: Bool)
    }

    /// Adds and queues `articles` with `submission` on `queue`, then runs or follows the
    /// jobs to the end (stop requests counted by `stopRequests` end it early). A stop while
    /// adding before any job ran is `.interrupted`; what was added and queued stays.
    public static func run(
        _ articles: BatchSubmission.Articles, with submission: BatchSubmission, on queue: Queue, library: ArticleLibrary,
        engine: any SpeechEngine, presets: VoicePresetLibrary, environment: [String: String], stopRequests: () -> Int,
        report: (BatchSubmission.Event) -> Void = { _ in }
    ) async throws(NarrateError) -> (queued: BatchSubmission.Result, summary: BatchCoordinator.Summary) {
        switch queue {
        case .library(let coordinator):
            try await coordinator.run(
                submitting: articles, with: submission, engine: engine, presets: presets, environment: environment,
                stopRequests: stopRequests, report: report
            )
        case .shared(let shared, let observer, let follow):
            try await SharedBatch(library: library, queue: shared, observer: observer).run(
                submitting: articles, with: submission, engine: engine, presets: presets, environment: environment, follow: follow,
                stopRequests: stopRequests, report: report
            )
        }
    }
}
