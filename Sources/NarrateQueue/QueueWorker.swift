/// A worker of a shared queue as the queue knows it: where it runs, when it was seen, and
/// what it has done since it started.
public struct QueueWorker: Sendable, Equatable, Codable {
    /// Its name in the queue (unique: the host and process id unless given).
    public var name: String
    /// The machine it runs on.
    public var host: String
    /// When it started, and when it was last heard from, in seconds since 1970 (the
    /// queue's clock).
    public var startedAt: Double
    public var seenAt: Double
    /// The queue's clock when this was read, to judge `seenAt` by.
    public var now: Double
    /// Jobs it finished, and attempts that failed under it.
    public var jobsDone: Int
    public var jobsFailed: Int
    /// Seconds of audio it made, and seconds it spent making them.
    public var audioSeconds: Double
    public var busySeconds: Double
    /// The job it is on, if any.
    public var currentJob: Int64?

    public init(
        name: String, host: String, startedAt: Double, seenAt: Double, now: Double, jobsDone: Int, jobsFailed: Int,
        audioSeconds: Double, busySeconds: Double, currentJob: Int64?
    ) {
        self.name = name
        self.host = host
        self.startedAt = startedAt
        self.seenAt = seenAt
        self.now = now
        self.jobsDone = jobsDone
        self.jobsFailed = jobsFailed
        self.audioSeconds = audioSeconds
        self.busySeconds = busySeconds
        self.currentJob = currentJob
    }

    /// Seconds of audio made per second of work: how fast it renders.
    public var audioSecondsPerSecond: Double? { busySeconds > 0 ? audioSeconds / busySeconds : nil }

    /// Whether it has not been heard from for longer than a worker stays silent (a lease
    /// and more): stopped, or its machine gone.
    public var isGone: Bool { now - seenAt > 60 }
}
