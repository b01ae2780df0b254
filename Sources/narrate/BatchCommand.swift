import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateSpeech
import NarrateText
import Narration
import Foundation
import Synchronization

/// `narrate batch`: narrates many articles in parallel worker processes through a durable
/// queue in the library, so an interrupted batch goes on with `narrate jobs run`.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Narrate many articles in parallel: ids, files or folders (added to the library first), a tag or all."
    )

    @Argument(help: "Article ids, and files, folders or URLs to add to the library first.")
    var inputs: [String] = []

    @Flag(help: "Every article in the library.")
    var all = false

    @Option(help: "Articles with this tag.")
    var tag: String?

    @Flag(help: "Only articles without an intact render yet.")
    var unrendered = false

    @Option(help: "Worker processes at once (default: the number of cores).")
    var jobs: Int?

    @OptionGroup var voiceOptions: VoiceOptions

    @OptionGroup var encodingOptions: EncodingOptions

    @Option(help: "Where the audio files go (default: the current folder).")
    var outputDir = "."

    @Option(help: "File name template: {slug} (from the title), {id}, {lang}.")
    var nameTemplate = "{slug}-{id}"

    @Flag(help: "Render again even when an intact render with the same settings is there.")
    var force = false

    @Flag(help: "Print one JSON event per line on standard output instead of progress and a summary.")
    var json = false

    @Flag(help: "No progress output.")
    var quiet = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if inputs.isEmpty && !all && tag == nil && !unrendered {
            throw ValidationError("say which articles: ids, files or folders, --all, --tag T or --unrendered")
        }
        if let jobs, !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        do throws(NarrateError) {
            _ = try encodingOptions.encoding(output: nil)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        Interruption.install()
        do throws(NarrateError) {
            // A bad template or an encoding libsndfile cannot write is refused before
            // anything is added to the library.
            let encoding = try encodingOptions.encoding(output: nil)
            var namer = try OutputNamer(directory: outputDir, template: nameTemplate, fileExtension: encoding.format.fileExtension)
            let library = try libraryOptions.open()
            let engine = try ESpeakEngine.shared()
            // A real open: libsndfile's format check says yes to formats it cannot write.
            try encoding.checkWritable(sourceRate: engine.sampleRate)
            let progress = BatchProgress(json: json, quiet: quiet)
            let ids = try selectArticles(library: library, engine: engine, progress: progress)
            try FileManager.default.createDirectoryOrFail(outputDir)
            let renderer = ArticleRenderer(library: library, engine: engine)
            let request = RenderRequest(voice: voiceOptions.request, encoding: encoding, album: encodingOptions.album).json()
            var queued: Set<Int64> = []
            var titles: [Int64: String] = [:]
            var upToDate: [(Int64, String, String)] = []
            var refused: [(Int64, String)] = []
            for id in ids {
                do throws(NarrateError) {
                    let article = try library.article(id: id)
                    titles[id] = article.summary.title
                    var settings = try ArticleVoice.settings(for: article, request: voiceOptions.request, presets: NarrateEnvironment.presets(), engine: engine)
                    settings.encoding = encoding
                    settings.album = encodingOptions.album
                    let hash = renderer.settingsHash(for: article, settings: settings)
                    let renders = try library.renders(ofArticle: id).map(\.path)
                    // A file this article's earlier render wrote may be replaced; any other is left alone.
                    // So may one its job writes (another batch on this library may have
                    // just renamed it into place, before recording the render).
                    let output = namer.path(id: id, title: article.summary.title, language: article.summary.language) { path in
                        if renders.contains(path) { return true }
                        return (try? library.jobs())?.contains { $0.articleId == id && $0.outputPath == path } ?? false
                    }
                    if !force, try renderer.isUpToDate(article, settings: settings, at: output) {
                        upToDate.append((id, article.summary.title, output))
                        if json { progress.emit(["event": "job", "article": id, "state": "up to date", "output": output]) }
                        continue
                    }
                    switch try library.enqueue(
                        articleId: id, settingsHash: hash, renderRequest: request, format: encoding.format.rawValue, outputPath: output
                    ) {
                    case .queued(let job), .alreadyQueued(let job): queued.insert(job.id)
                    }
                } catch {
                    if case .interrupted = error { throw error }
                    // An article that cannot be read fails alone; the others go ahead.
                    refused.append((id, error.description))
                    progress.note("article \(id): \(error.description)")
                }
            }
            progress.upToDate = upToDate.count
            WorkerProcessLauncher.countInterrupts()
            let coordinator = BatchCoordinator(
                library: library, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                launcher: WorkerProcessLauncher(libraryPath: library.location.databasePath), observer: progress
            )
            let summary = queued.isEmpty ? BatchCoordinator.Summary() : try coordinator.run(jobIds: queued, titles: titles, stopRequests: { batchInterrupts.load(ordering: .relaxed) })
            progress.report(summary, upToDate: upToDate.count, titles: titles, json: json)
            if batchInterrupts.load(ordering: .relaxed) > 0 { ErrorReporter.terminate(130) }
            if !summary.failed.isEmpty || !refused.isEmpty { ErrorReporter.terminate(75) }
        } catch {
            ErrorReporter.fail(error)
        }
    }

    /// The articles: ids as given, inputs added to the library, --all, --tag, --unrendered.
    private func selectArticles(library: ArticleLibrary, engine: ESpeakEngine, progress: BatchProgress) throws(NarrateError) -> [Int64] {
        var ids: [Int64] = []
        var paths: [String] = []
        for input in inputs {
            if let id = Int64(input), !FileManager.default.fileExists(atPath: input) {
                _ = try library.article(id: id)
                ids.append(id)
            } else {
                paths.append(input)
            }
        }
        if !paths.isEmpty {
            let detector = SpeechLanguage.detector(engine: engine, environment: NarrateEnvironment.variables())
            let importer = ArticleImport()
            for path in try ArticleImport.expand(paths) {
                do throws(NarrateError) {
                    switch try library.add(importer.article(from: path, detector: detector)) {
                    case .added(let id, let title):
                        progress.note("added \(id) \(title)")
                        ids.append(id)
                    case .exists(let id, _):
                        ids.append(id)
                    }
                } catch {
                    if case .interrupted = error { throw error }
                    progress.note(error.description)
                }
            }
        }
        if all || tag != nil || (unrendered && inputs.isEmpty) {
            ids += try library.list(tag: tag).map(\.id)
        }
        var seen = Set<Int64>()
        ids = ids.filter { seen.insert($0).inserted }
        if unrendered {
            let renderer = ArticleRenderer(library: library, engine: engine)
            var unrenderedIds: [Int64] = []
            for id in ids where try renderer.newestIntactRender(ofArticle: id) == nil { unrenderedIds.append(id) }
            ids = unrenderedIds
        }
        return ids
    }

}

extension FileManager {
    /// Creates `path` (and its parents) unless it is a folder already.
    func createDirectoryOrFail(_ path: String) throws(NarrateError) {
        var isDirectory: ObjCBool = false
        if fileExists(atPath: path, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { throw .cannotCreateOutput(path: path, reason: "it is a file, not a folder") }
            return
        }
        do {
            try createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutput(path: path, reason: "cannot create the folder")
        }
    }
}
