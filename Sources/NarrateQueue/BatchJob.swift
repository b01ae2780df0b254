/// One narration job of a batch: an article to render with given voice options to a file.
public struct BatchJob: Sendable, Equatable, Codable {
    /// The job's id.
    public var id: Int64
    /// The article to render.
    public var articleId: Int64
    /// The render settings' hash (see `RenderStore.settingsHash(of:)`).
    public var settingsHash: String
    /// What to render, as the JSON of a typed, versioned render request; nil for a job
    /// queued before requests were typed (schema v3), which has `voiceArguments` instead.
    public var renderRequest: String?
    /// A job queued by schema v3: its voice and encoding options as command-line arguments
    /// (`--rate 160 --format mp3`); empty for later jobs.
    public var voiceArguments: [String]
    /// The audio format (`wav`).
    public var format: String
    /// Where the audio goes.
    public var outputPath: String
    /// Where it stands.
    public var state: State
    /// Times it was started.
    public var attempts: Int
    /// Attempts allowed before it fails for good.
    public var maxAttempts: Int
    /// Why the last attempt failed, when one did.
    public var lastError: String?
    /// The worker running it (or that last ran it).
    public var worker: String?
    /// Until when the running worker holds it, in seconds since 1970.
    public var leaseExpiresAt: Double?
    /// The worker's temporary output while running.
    public var temporaryPath: String?
    /// The audio's length, once done.
    public var durationSeconds: Double?
    /// How far the running attempt has got, from 0 to 1 (1 once done).
    public var progress: Double = 0
    /// Which jobs go first.
    public var priority: JobPriority = .batch
    /// How much work it is: its article's word count when queued. Of jobs of one priority
    /// the largest goes first.
    public var workSize: Int = 0
    /// When it was queued, started and ended, ISO 8601.
    public var createdAt: String
    public var startedAt: String?
    public var finishedAt: String?
    /// The article to render as JSON, on a claimed job of a queue whose workers have no
    /// library (PostgreSQL); nil otherwise.
    public var article: String? = nil
    /// What the worker made (the render's JSON), on a finished job of such a queue when asked
    /// for; nil otherwise.
    public var result: String? = nil
    /// The library that submitted it, on a shared queue.
    public var origin: String? = nil
    /// On a shared queue, the folder `outputPath` (relative there) lies in as the submitter
    /// sees it; each worker has its own name for the shared folder (`--output-dir`).
    public var outputFolder: String? = nil

    /// A job as a queue read it.
    public init(
        id: Int64, articleId: Int64, settingsHash: String, renderRequest: String?, voiceArguments: [String], format: String,
        outputPath: String, state: State, attempts: Int, maxAttempts: Int, lastError: String?, worker: String?,
        leaseExpiresAt: Double?, temporaryPath: String?, durationSeconds: Double?, progress: Double = 0,
        priority: JobPriority = .batch, workSize: Int = 0, createdAt: String, startedAt: String?, finishedAt: String?,
        article: String? = nil, result: String? = nil, origin: String? = nil, outputFolder: String? = nil
    ) {
        self.id = id
        self.articleId = articleId
        self.settingsHash = settingsHash
        self.renderRequest = renderRequest
        self.voiceArguments = voiceArguments
        self.format = format
        self.outputPath = outputPath
        self.state = state
        self.attempts = attempts
        self.maxAttempts = maxAttempts
        self.lastError = lastError
        self.worker = worker
        self.leaseExpiresAt = leaseExpiresAt
        self.temporaryPath = temporaryPath
        self.durationSeconds = durationSeconds
        self.progress = progress
        self.priority = priority
        self.workSize = workSize
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.article = article
        self.result = result
        self.origin = origin
        self.outputFolder = outputFolder
    }

    /// The states of a job.
    public enum State: String, Sendable, Codable, CaseIterable {
        case queued, running, done, failed, cancelled
    }
}
