public import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateQueue
import NarrateRendering

/// The listening render of an article as a front end without a speech engine of its own
/// (the web server) sees it: the render to play, else the batch job that makes it in a
/// worker process. The render is the newest intact one with word timings, spoken in the
/// article's own voice, in a format the player plays (`formats`, best first: `narrate play`'s
/// WAV by default, the compressed audio a browser asks for), made into the library's audio
/// folder. A render in any of the player's formats is played, not made again.
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
    /// A WAV render's path is the one used before renders came in other formats.
    public static func libraryOutput(articleId: Int64, format: AudioFileFormat = .wav) -> String {
        format == .wav ? "library:article/\(articleId)" : "library:article/\(articleId)/\(format.rawValue)"
    }

    /// The formats a listening render is made in: what a browser's player can be given (Opus,
    /// MP3) at a bitrate that keeps it within an eighth of the WAV's bytes, and WAV.
    public static let madeFormats: [AudioFileFormat] = [.opus, .mp3, .wav]

    /// The encoding a listening render in `format` is made with: 32 kbit/s for the compressed
    /// formats (speech at 22 or 24 kHz, about 1/11 of the WAV's bytes; constant for MP3,
    /// whose frames then carry no info frame, so every browser decodes it alike).
    public static func encoding(of format: AudioFileFormat) -> AudioEncoding {
        switch format {
        case .opus, .mp3: AudioEncoding(format: format, bitrate: 32)
        default: AudioEncoding(format: format)
        }
    }

    /// Whether a job's output path names the library's own audio folder rather than a file:
    /// a listening render's (`libraryOutput(articleId:)`) or a feed episode's
    /// (`EpisodeQueue.libraryOutput(articleId:format:)`).
    public static func isLibraryOutput(_ path: String) -> Bool { path.hasPrefix("library:") }

    public let library: ArticleLibrary
    /// The formats the player plays, best first; the first of them narrate makes a listening
    /// render in (`madeFormats`) is the one a new render is made in.
    public let formats: [AudioFileFormat]

    /// The listening render of `library`'s articles for a player of `formats` (best first;
    /// WAV when empty).
    public init(library: ArticleLibrary, formats: [AudioFileFormat] = [.wav]) {
        self.library = library
        var unique: [AudioFileFormat] = []
        for format in formats where !unique.contains(format) { unique.append(format) }
        self.formats = unique.isEmpty ? [.wav] : unique
    }

    /// The format a new listening render is made in: the player's best that narrate makes
    /// (WAV when it lists none of them).
    public var madeFormat: AudioFileFormat { formats.first(where: Self.madeFormats.contains) ?? .wav }

    /// Where article `articleId`'s listening render stands. Renders whose files are gone or
    /// damaged are forgotten on the way, so they are made again rather than played as silence.
    public func state(articleId: Int64) throws(NarrateError) -> State {
        // What the library holds, read as one snapshot: a worker that finishes the render
        // meanwhile is seen either still at it or done, never neither.
        let formats = formats
        let (count, renders, active, failed) = try library.snapshot { library throws(NarrateError) in
            // Read without the article's content: a player asks this while a render is made.
            let count = try library.articles.summary(id: articleId).sentenceCount
            // One in the voice the article keeps (chosen on its page), when it keeps one, and
            // reading the parts the library's choices read (the web player's menu).
            let keptVoice = try library.articles.voice(ofArticle: articleId)
            let reading = try ReadingChoices.load(from: library)
            let played = Set(formats.map(\.rawValue))
            let renders = try library.renders.timedRenders(ofArticle: articleId) {
                played.contains($0.format) && $0.isSpoken(inVoice: keptVoice) && $0.reads(as: reading)
            }
            // A job making one in a format the player plays; else the last attempt's failure
            // in the format a new one would be made in.
            var active: BatchJob?
            for format in formats where Self.madeFormats.contains(format) && active == nil {
                let jobs = try library.queue.jobs(outputPath: Self.libraryOutput(articleId: articleId, format: format))
                active = jobs.last { $0.state == .queued || $0.state == .running }
            }
            let last = try library.queue.jobs(outputPath: Self.libraryOutput(articleId: articleId, format: madeFormat)).last
            return (count, renders, active, last?.state == .failed ? last : nil)
        }
        // In the player's best format first, the newest of each; its file checked after the
        // snapshot (a broken one is forgotten).
        for format in formats {
            for timed in renders where timed.render.format == format.rawValue {
                guard let samples = try ArticleRenderer.intactSamples(of: timed, expected: count, in: library) else { continue }
                // One made before words were timed cannot highlight them: made anew.
                if timed.wordCount > 0 { return .rendered(timed.render, samples) }
            }
        }
        if let active { return .rendering(active) }
        if let failed { return .failed(failed) }
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
            let request = RenderRequest(encoding: Self.encoding(of: madeFormat))
            switch try library.queue.enqueue(
                articleId: articleId, settingsHash: "listening", renderRequest: request.json(), format: madeFormat.rawValue,
                outputPath: Self.libraryOutput(articleId: articleId, format: madeFormat), priority: .listening
            ) {
            case .queued(let job), .alreadyQueued(let job): return .rendering(job)
            }
        }
    }
}
