import NarrateLibrary

/// A render being made by a worker process, as a page shows its progress.
struct JobView: Encodable, Sendable {
    var job: BatchJob
    /// The article's estimated listening time, in seconds.
    var estimatedSeconds: Double

    private enum Keys: String, CodingKey { case id, state, attempts, error, progress, estimatedSeconds }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(job.id, forKey: .id)
        try container.encode(job.state.rawValue, forKey: .state)
        try container.encode(job.attempts, forKey: .attempts)
        try container.encode(job.lastError, forKey: .error)
        try container.encode(job.progress, forKey: .progress)
        try container.encode(estimatedSeconds, forKey: .estimatedSeconds)
    }
}
