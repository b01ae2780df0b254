import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateSpeech
import Narration

/// `narrate resume`: the rest of an article, from the saved position to the end, as an
/// audio file for a player on another device.
struct ResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Write the rest of an article, from the saved position to the end, to an audio file."
    )

    @Argument(help: "The article's id ('narrate list' shows them).")
    var id: Int64

    @Option(name: .shortAndLong, help: "The audio file to write (its extension picks the format), or - for standard output.")
    var output: String

    @Option(help: "Also write where each sentence is heard in it: a .json (aeneas sync map), .vtt or .srt file.")
    var sync: String?

    @OptionGroup var encodingOptions: EncodingOptions

    @OptionGroup var chapterOptions: ChapterOptions

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

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

    func run() throws {
        Interruption.install()
        do throws(NarrateError) {
            let library = try libraryOptions.open()
            let article = try library.article(id: id)
            let position = try library.position(ofArticle: id)
            if position?.finished == true {
                throw NarrateError.invalidOption(
                    name: "id", message: "article \(id) was heard to the end; 'narrate position \(id) --reset' starts it over"
                )
            }
            let engine = try ESpeakEngine.shared()
            let (render, samples) = try ListeningRender.obtain(
                for: article, library: library, engine: engine, presets: NarrateEnvironment.presets(),
                isCancelled: { Interruption.isRequested }, willRender: ErrorReporter.noteRenderingFirst(article.summary.id)
            )
            let first = min(position?.sentence ?? 0, samples.count - 1)
            let start = samples[first].lowerBound
            let sentences = article.sentences(try library.sentences(ofArticle: id))
            let chapters = ChapterList(document: article.document, sentences: sentences, samples: samples, sampleRate: render.sampleRate)
            let result = try RenderExport(path: render.path, sentenceSamples: samples, chapters: chapters).write(
                fromSentence: first, to: output, encoding: try encodingOptions.encoding(output: output),
                tags: AudioTags(document: article.document, album: encodingOptions.album), split: try chapterOptions.splitRule(),
                overwrite: force, isCancelled: { Interruption.isRequested }
            )
            if let sync {
                try SyncMap(sentences: sentences, samples: samples, sampleRate: render.sampleRate, startSample: start).write(to: sync)
            }
            if let chaptersPath = chapterOptions.chapters {
                try result.chapters.write(to: chaptersPath, title: article.document.title)
            }
            OutputReport.report(
                "\(OutputReport.describe(result.paths)) (\(DurationText.precise(result.duration)), sentences \(first + 1) to \(samples.count) of \(samples.count))",
                toStandardOutput: output != AudioFileWriter.standardOutput
            )
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
