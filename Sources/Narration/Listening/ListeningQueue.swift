import NarrateAudio
public import NarrateCore
public import NarrateLibrary

/// The listening render of an article as a front end without a speech engine of its own
/// (the web server) sees it: the render to play, else the batch job that makes it in a
/// worker process. The render is the one `narrate play` uses (the newest intact WAV render,
/// here one with word timings), made with the article's own voice into the library's audio
/// folder.
public struct ListeningQueue: Sendable {
    /// Where an article's listening render stands.
    public enum State: Sendable {
        /// Ready: the render and its sentences' samples.
        case rendered(RenderRecord, [Range<Int64>])
        /// A worker is making it (or will): the job.
        case rendering(BatchJob)
        /// The last attempt to make it failed: the job, with its reason.
        case failed(BatchJob)
        /// None, and none asked for.
        case none
    }

    /// The output path a listening job carries: the library's audio folder, named when the
    /// render is made (its name holds the settings' hash, which only the worker's engine knows).
    public static func libraryOutput(articleId: Int64) -> String { "library:article/\(articleId)" }

    /// Whether a job's output path names the library's own audio folder rather than a file:
    /// a listening render's (`libraryOutput(articleId:)`) or a feed episode's
    /// (`EpisodeQueue.libraryOutput(articleId:format:)`).
    public static func isLibraryOutput(_ path: String) -> Bool { path.hasPrefix("library:") }

    public let library: ArticleLibrary

    public init(library: ArticleLibrary) {
        self.library = library
    }

    /// Where article `articleId`'s listening render stands. Renders whose files are gone or
    /// damaged are forgotten on the way, so they are made again rather than played as silence.
    public func state(articleId: Int64) throws(NarrateError) -> State {
        let article = try library.article(id: articleId)
        let count = article.summary.sentenceCount
        // One in the voice the article keeps (chosen on its page), when it keeps one.
        for render in try library.renders(ofArticle: articleId)
        where render.format == AudioFileFormat.wav.rawValue && render.isSpoken(inVoice: article.voice) {
            let samples = try library.sentenceSamples(ofRender: render.id)
            guard ArticleRenderer.isIntact(render, sentences: samples.count, expected: count) else {
                try library.forgetRender(id: render.id)
                continue
            }
            // One made before words were timed cannot highlight them: made anew.
            if try library.wordCount(ofRender: render.id) > 0 { return .rendered(render, samples) }
        }
        let output = Self.libraryOutput(articleId: articleId)
        let jobs = try library.jobs(outputPath: output)
        if let active = jobs.last(where: { $0.state == .queued || $0.state == .running }) { return .rendering(active) }
        if let last = jobs.last, last.state == .failed { return .failed(last) }
        return .none
    }

    /// Asks for article `articleId`'s listening render: queues a job for it unless it is
    /// ready or being made (a failed one is asked for again). Returns where it stands; a
    /// worker process must then be started for `.rendering` (`WorkerProcessLauncher`).
    public func request(articleId: Int64) throws(NarrateError) -> State {
        let current = try state(articleId: articleId)
        switch current {
        case .rendered, .rendering: return current
        case .failed, .none:
            let request = RenderRequest(encoding: .wav)
            switch try library.enqueue(
                articleId: articleId, settingsHash: "listening", renderRequest: request.json(), format: AudioFileFormat.wav.rawValue,
                outputPath: Self.libraryOutput(articleId: articleId), priority: .listening
            ) {
            case .queued(let job), .alreadyQueued(let job): return .rendering(job)
            }
        }
    }
}
