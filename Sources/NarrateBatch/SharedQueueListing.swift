public import NarrateCore
public import NarrateLibrary
public import NarrateQueue

/// A look at a shared queue from one library (`narrate jobs --queue URL`): its jobs and the
/// workers seen in the last hour, the renders of this library's jobs finished since its last
/// look recorded in the library on the way.
public struct SharedQueueListing: Encodable, Sendable {
    /// Every job of the queue.
    public var jobs: [BatchJob]
    /// The workers seen within the last hour.
    public var workers: [QueueWorker]
    /// Renders of this library's finished jobs recorded in it by this look.
    public var rendersRecorded: Int

    /// Looks at `queue` for `library`.
    public static func look(at queue: any SharedJobQueue, for library: ArticleLibrary) async throws(NarrateError) -> SharedQueueListing {
        let recorded = try await SharedRenders(library: library, queue: queue).collect()
        return SharedQueueListing(
            jobs: try await queue.jobs(in: nil), workers: try await queue.workers(seenWithin: 3600), rendersRecorded: recorded
        )
    }
}
