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

    /// A publication from `library`, rendering with the coordinator `coordinator` makes.
    public init(library: ArticleLibrary, coordinator: @escaping () -> BatchCoordinator) {
        self.library = library
        self.coordinator = coordinator
    }

    /// Renders what `selection` lacks, then publishes it into `directory` (checked first) for
    /// `baseURL`: what was written, nil when a stop request ended the rendering (nothing is
    /// published then). `willRender` hears how many renders are needed before they start,
    /// `rendered` of their run (with their articles' titles) before the site is written;
    /// `stopRequests` counts stop requests while rendering, `isCancelled` stops the writing.
    public func run(
        _ selection: FeedSelection, into directory: String, baseURL: String, stopRequests: () -> Int,
        isCancelled: () -> Bool = { false }, willRender: (Int) -> Void = { _ in },
        rendered: (BatchCoordinator.Summary) -> Void = { _ in }
    ) throws(NarrateError) -> PodcastPublisher.Report? {
        // The folder is checked before anything is rendered for it.
        try PodcastPublisher.checkFolder(directory)
        let queued = try EpisodeQueue(library: library).queueAll(selection)
        if !queued.isEmpty {
            willRender(queued.count)
            let summary = try coordinator().run(jobs: queued, stopRequests: stopRequests)
            if stopRequests() > 0 { return nil }
            rendered(summary)
        }
        return try PodcastPublisher(library: library).publish(selection, into: directory, baseURL: baseURL, isCancelled: isCancelled)
    }
}
