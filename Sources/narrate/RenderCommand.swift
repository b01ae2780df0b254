import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateSpeech
import Narration

/// `narrate render`: a library article to an audio file, remembered with its sentence
/// timings, and not synthesized again for the same settings.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a library article to audio (cached: the same settings are not synthesized twice)."
    )

    @Argument(help: "The article's id ('narrate list' shows them).")
    var id: Int64

    @Option(name: .shortAndLong, help: "The audio file to write, or - for standard output (default: in the library's audio folder).")
    var output: String?

    @Option(help: "Also write where each sentence is heard: a .json (aeneas sync map), .vtt or .srt file.")
    var sync: String?

    @OptionGroup var voiceOptions: VoiceOptions

    @OptionGroup var encodingOptions: EncodingOptions

    @OptionGroup var chapterOptions: ChapterOptions

    @Flag(help: "Overwrite the output if it exists and is not this render.")
    var force = false

    @Flag(help: "Print JSON instead of a line.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        do throws(NarrateError) {
            _ = try encodingOptions.encoding(output: output)
            try chapterOptions.validate(output: output, sync: sync)
        } catch {
            throw ValidationError(error.description)
        }
        if let sync, SyncMap.Format(path: sync) == nil {
            throw ValidationError("--sync \(sync): give a .json, .vtt or .srt file")
        }
    }

    /// The `--json` object.
    struct Result: Encodable {
        var id: Int64
        var path: String
        var paths: [String]
        var format: String
        var duration: Double
        var sampleRate: Int
        var sentences: Int
        var voice: String
        var source: String
    }

    func run() throws {
        Interruption.install()
        do throws(NarrateError) {
            let library = try libraryOptions.open()
            let engine = try ESpeakEngine.shared()
            let article = try library.article(id: id)
            var settings = try ArticleVoice.settings(for: article, request: voiceOptions.request, presets: NarrateEnvironment.presets(), engine: engine)
            let encoding = try encodingOptions.encoding(output: output)
            let renderer = ArticleRenderer(library: library, engine: engine)
            let sentences = article.sentences(try library.sentences(ofArticle: id))
            // A stream (standard output, a device, a FIFO) gets a copy of the library's render.
            let toStream = try output.map(OutputTarget.resolve)?.isStream ?? false
            let toStandardOutput = output == AudioFileWriter.standardOutput
            var paths: [String]
            let outcome: ArticleRenderer.Outcome
            if let split = try chapterOptions.splitRule(), let output {
                // The parts are cut from the article's WAV render (made or reused here).
                outcome = try renderer.render(
                    articleId: id, settings: settings, output: nil, overwrite: true, isCancelled: { Interruption.isRequested }
                )
                let chapters = ChapterList(
                    document: article.document, sentences: sentences, samples: outcome.sentenceSamples, sampleRate: outcome.render.sampleRate
                )
                paths = try RenderExport(path: outcome.render.path, sentenceSamples: outcome.sentenceSamples, chapters: chapters).write(
                    fromSentence: 0, to: output, encoding: encoding, tags: AudioTags(document: article.document, album: encodingOptions.album),
                    split: split, overwrite: force, isCancelled: { Interruption.isRequested }
                ).paths
            } else {
                settings.encoding = encoding
                settings.album = encodingOptions.album
                outcome = try renderer.render(
                    articleId: id, settings: settings, output: toStream ? nil : output, overwrite: force,
                    isCancelled: { Interruption.isRequested }
                )
                paths = [outcome.render.path]
                if toStream, let output {
                    try OutputFile.copy(file: outcome.render.path, to: output, overwrite: true)
                    paths = [output]
                }
            }
            if let sync {
                try SyncMap(sentences: sentences, samples: outcome.sentenceSamples, sampleRate: outcome.render.sampleRate)
                    .write(to: sync)
            }
            if let chaptersPath = chapterOptions.chapters {
                try ChapterList(
                    document: article.document, sentences: sentences, samples: outcome.sentenceSamples, sampleRate: outcome.render.sampleRate
                ).write(to: chaptersPath, title: article.document.title)
            }
            let render = outcome.render
            if json {
                try JSONOutput.print(Result(
                    id: id, path: paths[0], paths: paths, format: encoding.format.rawValue, duration: render.duration,
                    sampleRate: render.sampleRate, sentences: outcome.sentenceSamples.count, voice: settings.voice.voice,
                    source: outcome.source.rawValue
                ))
            } else {
                let how = outcome.source == .synthesized ? "" : outcome.source == .cached ? ", cached" : ", copied from an earlier render"
                OutputReport.report(
                    "\(OutputReport.describe(paths)) (\(DurationText.precise(render.duration)), \(outcome.sentenceSamples.count) sentences, voice \(settings.voice.voice)\(how))",
                    toStandardOutput: !toStandardOutput
                )
            }
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
