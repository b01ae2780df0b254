import Foundation
public import NarrateAudio
public import NarrateCore
import NarrateImport
public import NarrateLibrary
public import NarrateQueue
public import NarrateRendering

/// Putting a batch in the queue: which articles (ids, inputs added to the library first,
/// every article, a tag, the unrendered ones), where each one's audio goes, and a job for
/// each article whose audio is not already there with the same settings.
///
/// The coordinator then runs the jobs; a front end shows the events as they come.
public struct BatchSubmission {
    /// The articles a batch is about.
    public struct Articles: Sendable {
        /// Article ids, and files, folders or URLs to add to the library first.
        public var inputs: [String]
        /// Every article in the library.
        public var all: Bool
        /// The articles with this tag.
        public var tag: String?
        /// Only the articles without an intact render (of those chosen, or of all).
        public var unrendered: Bool

        public init(inputs: [String] = [], all: Bool = false, tag: String? = nil, unrendered: Bool = false) {
            self.inputs = inputs
            self.all = all
            self.tag = tag
            self.unrendered = unrendered
        }

        /// Whether anything is chosen at all.
        public var isEmpty: Bool { inputs.isEmpty && !all && tag == nil && !unrendered }
    }

    /// What happened on the way, in order.
    public enum Event: Sendable {
        /// An input was added to the library as a new article.
        case added(id: Int64, title: String)
        /// An input could not be added; the others go ahead.
        case inputFailed(NarrateError)
        /// An article's audio is there already with the same settings: no job.
        case upToDate(articleId: Int64, title: String, output: String)
        /// An article could not be queued (it does not read, its voice is unknown).
        case refused(articleId: Int64, NarrateError)
    }

    /// What was queued.
    public struct Result: Sendable {
        /// The jobs of this batch, new or queued before by another batch.
        public var jobIds: Set<Int64> = []
        /// Every chosen article's title, by id.
        public var titles: [Int64: String] = [:]
        /// How many articles were up to date.
        public var upToDate = 0
        /// How many chosen articles could not be queued.
        public var refused = 0
        /// How many inputs could not be added to the library (told as they failed; the
        /// batch goes on without them).
        public var inputFailures = 0
    }

    /// The voice asked for; each article's own voice or language fills what it leaves open.
    public var voice: VoiceRequest
    /// How the audio is encoded.
    public var encoding: AudioEncoding
    /// The album tag.
    public var album: String
    /// Render again even when up to date.
    public var force: Bool
    /// The shared queue the jobs go to (workers on many machines); nil: the library's own.
    public var sharedQueue: SharedTarget?
    private let namer: OutputNamer
    /// The output folder as given.
    private let folder: String

    /// A batch writing into `outputDirectory` with file names from `nameTemplate`; a bad
    /// template is refused here, before anything is added to the library.
    public init(
        voice: VoiceRequest, encoding: AudioEncoding, album: String = AudioTags.defaultAlbum, outputDirectory: String,
        nameTemplate: String, force: Bool = false
    ) throws(NarrateError) {
        self.voice = voice
        self.encoding = encoding
        self.album = album
        self.force = force
        folder = outputDirectory
        namer = try OutputNamer(directory: outputDirectory, template: nameTemplate, fileExtension: encoding.format.fileExtension)
    }

    /// The output folder, absolute.
    public var outputDirectory: String { namer.directory }

    /// A shared queue to submit to, and the submitting library's name in it.
    public struct SharedTarget {
        /// The queue.
        public var queue: any SharedJobQueue
        /// The library's name in the queue (`SharedRenders.origin(of:)`): whose renders a
        /// finished job's are.
        public var origin: String

        public init(queue: any SharedJobQueue, origin: String) {
            self.queue = queue
            self.origin = origin
        }
    }

    /// Chooses `articles`, adds the inputs among them to `library`, creates the output
    /// folder and queues a job for each article not up to date.
    ///
    /// Each article is queued as soon as it is chosen (an input as soon as it is added), and
    /// `queued` is told of each job at once, so workers can start on the first while the
    /// rest are still being read: adding a few hundred files takes seconds of one core.
    public func submit(
        _ articles: Articles, library: ArticleLibrary, engine: any SpeechEngine, presets: VoicePresetLibrary,
        environment: [String: String], isCancelled: () -> Bool = { false }, report: (Event) -> Void = { _ in },
        queued: (BatchJob) -> Void = { _ in }
    ) async throws(NarrateError) -> Result {
        // A real open: libsndfile's format check says yes to formats it cannot write.
        try encoding.checkWritable(sourceRate: engine.sampleRate)
        // Ids first, all of them, so an unknown one stops the batch before anything is queued.
        var ids: [Int64] = []
        var paths: [String] = []
        for input in articles.inputs {
            if let id = Int64(input), !FileManager.default.fileExists(atPath: input) {
                _ = try library.articles.article(id: id)
                ids.append(id)
            } else {
                paths.append(input)
            }
        }
        // Folders expanded before anything is queued: one without articles stops the batch here.
        let files = paths.isEmpty ? [] : try ArticleImport.expand(paths)
        try Self.createFolder(folder)
        var queue = Queueing(submission: self, library: library, engine: engine, presets: presets, unrendered: articles.unrendered)
        var result = Result()
        for id in ids {
            if isCancelled() { throw .interrupted }
            try await queue.consider(id, result: &result, report: report, queued: queued)
        }
        if !files.isEmpty {
            let detector = SpeechLanguage.detector(engine: engine, environment: environment)
            let importer = ArticleImport()
            for path in files {
                if isCancelled() { throw .interrupted }
                let id: Int64
                do throws(NarrateError) {
                    switch try library.articles.add(importer.article(from: path, detector: detector, isCancelled: isCancelled)) {
                    case .added(let added, let title):
                        report(.added(id: added, title: title))
                        id = added
                    case .exists(let existing, _):
                        id = existing
                    }
                } catch {
                    if case .interrupted = error { throw error }
                    result.inputFailures += 1
                    report(.inputFailed(error))
                    continue
                }
                try await queue.consider(id, result: &result, report: report, queued: queued)
            }
        }
        if articles.all || articles.tag != nil || (articles.unrendered && articles.inputs.isEmpty) {
            for id in try library.articles.list(tag: articles.tag).map(\.id) {
                if isCancelled() { throw .interrupted }
                try await queue.consider(id, result: &result, report: report, queued: queued)
            }
        }
        return result
    }

    /// Queueing the chosen articles one at a time: each once, in the order chosen.
    private struct Queueing {
        let submission: BatchSubmission
        let library: ArticleLibrary
        let engine: any SpeechEngine
        let presets: VoicePresetLibrary
        /// Only the articles without an intact render.
        let unrendered: Bool
        let renderer: ArticleRenderer
        let request: String
        /// The library's voice preference: a voice it picks goes in each job's request.
        let preference: VoicePreference
        /// The library's reading choices, pinned in each job.
        let reading: ReadingChoices
        var namer: OutputNamer
        var seen: Set<Int64> = []

        init(submission: BatchSubmission, library: ArticleLibrary, engine: any SpeechEngine, presets: VoicePresetLibrary, unrendered: Bool)
        {
            self.submission = submission
            self.library = library
            self.engine = engine
            self.presets = presets
            self.unrendered = unrendered
            renderer = ArticleRenderer(library: library, engine: engine)
            request = RenderRequest(voice: submission.voice, encoding: submission.encoding, album: submission.album).json()
            preference = (try? VoicePreference.load(from: library)) ?? .espeak
            reading = (try? ReadingChoices.load(from: library)) ?? .standard
            namer = submission.namer
        }

        /// Queues article `id` unless it was chosen before, is rendered (with
        /// `unrendered`) or its audio is up to date; an article that cannot be queued is
        /// refused alone.
        mutating func consider(
            _ id: Int64, result: inout Result, report: (Event) -> Void, queued: (BatchJob) -> Void
        ) async throws(NarrateError) {
            guard seen.insert(id).inserted else { return }
            if unrendered, try renderer.newestIntactRender(ofArticle: id) != nil { return }
            do throws(NarrateError) {
                let article = try library.articles.article(id: id)
                result.titles[id] = article.summary.title
                var settings = try ArticleVoice.settings(
                    for: article, request: submission.voice, presets: presets, engine: engine, preference: preference,
                    reading: reading
                )
                let voice = ArticleVoice.pinned(submission.voice, for: article, settings: settings, preference: preference)
                let request =
                    voice == submission.voice
                    ? self.request : RenderRequest(voice: voice, encoding: submission.encoding, album: submission.album).json()
                settings.encoding = submission.encoding
                settings.album = submission.album
                let renders = try library.renders.renders(ofArticle: id).map(\.path)
                // A file this article's earlier render wrote may be replaced; any other is
                // left alone. So may one its job writes (another batch on this library may
                // have just renamed it into place, before recording the render).
                let library = self.library
                let output = namer.path(id: id, title: article.summary.title, language: article.summary.language) { path in
                    if renders.contains(path) { return true }
                    return (try? library.queue.jobs(outputPath: path))?.contains { $0.articleId == id } ?? false
                }
                if !submission.force, try renderer.isUpToDate(article, settings: settings, at: output) {
                    result.upToDate += 1
                    report(.upToDate(articleId: id, title: article.summary.title, output: output))
                    return
                }
                let hash = renderer.settingsHash(for: article, settings: settings)
                let outcome: EnqueueOutcome
                if let shared = submission.sharedQueue {
                    // The job carries the article; its output is named relative to the shared
                    // folder, which every machine mounts where it likes.
                    let carried = QueuedArticle(article, sentences: try library.articles.sentences(ofArticle: id))
                    outcome = try await shared.queue.enqueue(
                        JobSubmission(
                            articleId: id, settingsHash: hash, renderRequest: request, format: submission.encoding.format.rawValue,
                            outputPath: (output as NSString).lastPathComponent, workSize: article.summary.wordCount,
                            article: try carried.json(), origin: shared.origin, outputFolder: namer.directory
                        ))
                } else {
                    outcome = try library.queue.enqueue(
                        articleId: id, settingsHash: hash, renderRequest: request, format: submission.encoding.format.rawValue,
                        outputPath: output
                    )
                }
                switch outcome {
                case .queued(let job), .alreadyQueued(let job):
                    if result.jobIds.insert(job.id).inserted { queued(job) }
                }
            } catch {
                if case .interrupted = error { throw error }
                // An article that cannot be read fails alone; the others go ahead.
                result.refused += 1
                report(.refused(articleId: id, error))
            }
        }
    }

    /// Creates `path` (and its parents) unless it is a folder already.
    static func createFolder(_ path: String) throws(NarrateError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { throw .cannotCreateOutput(path: path, reason: "it is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: path, reason: "cannot create the folder")
        }
    }
}
