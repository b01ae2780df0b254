import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateQueue
import NarrateRendering

/// Audio made ahead for podcast feeds: the articles of a feed without audio in its format
/// are queued for the batch workers (at the lowest priority, after any render a listener
/// waits for), a few at a time and newest first, so the queue stays short and follows what
/// is added, tagged or heard. An episode whose render failed for good is not asked again.
public struct EpisodeQueue: Sendable {
    /// The library whose queue is filled.
    public let library: ArticleLibrary
    /// Jobs kept queued or running at once for the feeds.
    public let depth: Int

    /// A queue over `library`.
    public init(library: ArticleLibrary, depth: Int = 4) {
        self.library = library
        self.depth = depth
    }

    /// The output path a job for an episode's audio carries: the library's audio folder.
    public static func libraryOutput(articleId: Int64, format: EpisodeFormat) -> String {
        "library:episode/\(articleId).\(format.fileExtension)"
    }

    /// Queues audio for every article of `selection` that has none in its format, at
    /// `priority` (`narrate publish` renders them all before it writes the feed). Returns the
    /// jobs waiting for them, queued now or before.
    public func queueAll(_ selection: FeedSelection, priority: JobPriority = .batch) throws(NarrateError) -> [BatchJob] {
        var jobs: [BatchJob] = []
        for articleId in try selection.articlesWithoutAudio(in: library) {
            let request = RenderRequest(encoding: selection.format.encoding)
            switch try library.queue.enqueue(
                articleId: articleId, settingsHash: "episode", renderRequest: request.json(),
                format: selection.format.audioFormat.rawValue,
                outputPath: Self.libraryOutput(articleId: articleId, format: selection.format),
                priority: priority
            ) {
            case .queued(let job): jobs.append(job)
            case .alreadyQueued(let job): jobs.append(try library.queue.raisePriority(jobId: job.id, to: priority) ?? job)
            }
        }
        return jobs
    }

    /// Queues audio for the articles of `selections` that have none in their feed's format,
    /// until `depth` episode jobs are waiting or running. Returns the jobs queued now.
    @discardableResult
    public func fill(_ selections: [FeedSelection]) throws(NarrateError) -> [BatchJob] {
        let waiting = try library.queue.jobs(in: [.queued, .running]).filter { $0.outputPath.hasPrefix("library:episode/") }
        var room = depth - waiting.count
        guard room > 0 else { return [] }
        let busy = Set(waiting.map(\.outputPath))
        let failed = Set(try library.queue.jobs(in: [.failed]).map(\.outputPath))
        var queued: [BatchJob] = []
        for selection in selections where room > 0 {
            for articleId in try selection.articlesWithoutAudio(in: library) where room > 0 {
                let output = Self.libraryOutput(articleId: articleId, format: selection.format)
                guard !busy.contains(output), !failed.contains(output), !queued.contains(where: { $0.outputPath == output }) else {
                    continue
                }
                let request = RenderRequest(encoding: selection.format.encoding)
                if case .queued(let job) = try library.queue.enqueue(
                    articleId: articleId, settingsHash: "episode", renderRequest: request.json(),
                    format: selection.format.audioFormat.rawValue, outputPath: output, priority: .background
                ) {
                    queued.append(job)
                    room -= 1
                }
            }
        }
        return queued
    }
}
