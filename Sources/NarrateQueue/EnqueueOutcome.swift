/// What enqueueing one article did.
public enum EnqueueOutcome: Sendable, Equatable {
    /// A new job.
    case queued(BatchJob)
    /// The same article, settings and output are already queued or running.
    case alreadyQueued(BatchJob)
}
