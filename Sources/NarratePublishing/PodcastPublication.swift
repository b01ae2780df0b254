public import NarrateBatch
public import NarrateCore
public import NarrateLibrary

/// `narrate publish` as a whole: the audio the selected articles lack in the feed's format
/// rendered first, by a coordinator's workers, then the site written
/// ([`PodcastPublisher`](PodcastPublisher)); nothing is published when a stop request
/// comes while rendering.
public struct PodcastPublication {
    /// The library the articles and their renders are in.
    public let library: ArticleLibrary
    /// Makes the coordinator that renders missing audio, when some is missing.
    public let coordinator: () -> BatchCoordinator

    /// What was done.
    public struct Outcome: Sendable {
        /// The renders made first, when any audio was missing, with the titles of their articles.
        public var rendering: BatchCoordinator.Summary?
        public var titles: [Int64: String] = [:]
        /// What was written; nil when a stop request ended the rendering (nothing published).
        public var published: PodcastPublisher.Report?
    }

    /// A publication from `library`, rendering with the coordinator `coordinator` makes.
    public init(library: ArticleLibrary, coordinator: @escaping () -> BatchCoordinator) {
        self.library = library
        self.coordinator = coordinator
    }

    /// Renders what `selection` lacks, then publishes it into `directory` (checked first) for
    /// `baseURL`. `willRender` hears how many renders are needed before they start;
    /// `stopRequests` counts stop requests while rendering, `isCancelled` stops the writing.
    public func run(
        _ selection: FeedSelection, into directory: String, baseURL: String, stopRequests: () -> Int,
        isCancelled: () -> Bool = { false }, willRender: (Int) -> Void = { _ in }
    ) throws(NarrateError) -> Outcome {
        // The folder is checked before anything is rendered for it.
        try PodcastPublisher.checkFolder(directory)
        var outcome = Outcome()
        let queued = try EpisodeQueue(library: library).queueAll(selection)
        if !queued.isEmpty {
            for job in queued { outcome.titles[job.articleId] = try? library.summary(id: job.articleId).title }
            willRender(queued.count)
            outcome.rendering = try coordinator().run(jobIds: Set(queued.map(\.id)), titles: outcome.titles, stopRequests: stopRequests)
            if stopRequests() > 0 { return outcome }
        }
        outcome.published = try PodcastPublisher(library: library).publish(
            selection, into: directory, baseURL: baseURL, isCancelled: isCancelled)
        return outcome
    }
}
