import NarrateCore
import NarrateLibrary
import NarrateQueue

/// A render being made by a worker process, as a page shows its progress.
struct JobView: Encodable, Sendable {
    var id: Int64
    var state: String
    var attempts: Int
    @Nullable var error: String?
    var progress: Double
    /// The article's estimated listening time, in seconds.
    var estimatedSeconds: Double

    init(job: BatchJob, estimatedSeconds: Double) {
        id = job.id
        state = job.state.rawValue
        attempts = job.attempts
        error = job.lastError
        progress = job.progress
        self.estimatedSeconds = estimatedSeconds
    }
}
