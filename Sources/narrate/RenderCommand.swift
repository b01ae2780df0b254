import ArgumentParser
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

    @Option(name: .shortAndLong, help: "The audio file to write (default: in the library's audio folder).")
    var output: String?

    @Option(help: "Also write where each sentence is heard: a .json (aeneas sync map), .vtt or .srt file.")
    var sync: String?

    @OptionGroup var voiceOptions: VoiceOptions

    @Flag(help: "Overwrite the output if it exists and is not this render.")
    var force = false

    @Flag(help: "Print JSON instead of a line.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if let output, !output.lowercased().hasSuffix(".wav") {
            throw ValidationError("narrate renders .wav files; give -o a .wav path")
        }
        if let sync, SyncMap.Format(path: sync) == nil {
            throw ValidationError("--sync \(sync): give a .json, .vtt or .srt file")
        }
    }

    /// The `--json` object.
    struct Result: Encodable {
        var id: Int64
        var path: String
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
            let settings = try ArticleVoice.settings(for: article, options: voiceOptions, engine: engine)
            let outcome = try ArticleRenderer(library: library, engine: engine).render(
                articleId: id, settings: settings, output: output, overwrite: force, isCancelled: { Interruption.isRequested }
            )
            if let sync {
                let sentences = article.sentences(try library.sentences(ofArticle: id))
                try SyncMap(sentences: sentences, samples: outcome.sentenceSamples, sampleRate: outcome.render.sampleRate)
                    .write(to: sync)
            }
            let render = outcome.render
            if json {
                try JSONOutput.print(Result(
                    id: id, path: render.path, duration: render.duration, sampleRate: render.sampleRate,
                    sentences: outcome.sentenceSamples.count, voice: settings.voice.voice, source: outcome.source.rawValue
                ))
            } else {
                let how = outcome.source == .synthesized ? "" : outcome.source == .cached ? ", cached" : ", copied from an earlier render"
                print("\(render.path) (\(ConvertCommand.format(duration: render.duration)), \(outcome.sentenceSamples.count) sentences, voice \(settings.voice.voice)\(how))")
            }
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
