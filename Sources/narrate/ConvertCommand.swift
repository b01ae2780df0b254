import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateIngest
import NarrateListening
import NarratePiper
import NarrateRendering
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate convert`: one article in, one audio file out.
struct ConvertCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Narrate an article (.txt, .md, .html, a URL or - for standard input) into an audio file (wav, flac, ogg, opus, mp3)."
    )

    @Argument(help: "The article: a .txt or .md file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "The audio file to write, or - for standard output (default: INPUT with the format's extension).")
    var output: String?

    @Option(help: "Read the input as 'text', 'markdown', 'html', 'epub' or 'pdf' (default: from its extension).")
    var inputFormat: SourceFormat?

    @OptionGroup var encodingOptions: EncodingOptions

    @OptionGroup var chapterOptions: ChapterOptions

    @OptionGroup var synthesisOptions: SynthesisOptions

    @Option(
        help: "Language rules for sentences and pronunciation (such as en, uk); default: the article's declared language, else the voice's."
    )
    var language: String?

    @OptionGroup var voiceOptions: VoiceOptions

    @Option(help: "What to say in place of a code block; an empty string skips it silently.")
    var codeNotice: String = MarkdownReader.standardCodeBlockNotice

    @Flag(help: .hidden)
    var readImageDescriptions = false

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    func validate() throws {
        if input == "-", output == nil {
            throw ValidationError("reading standard input needs -o OUTPUT (where to write the audio)")
        }
        do throws(NarrateError) {
            _ = try encodingOptions.encoding(output: output)
            try chapterOptions.validate(output: output ?? ArticleConversion.defaultOutput(for: input), sync: nil)
        } catch {
            throw ValidationError(ErrorReporter.message(for: error))
        }
    }

    func run() throws {
        try convert()
    }

    /// The voice asked for; `--read-image-descriptions` (from before images were read by
    /// default) is `--read images`.
    private var request: VoiceRequest {
        var request = voiceOptions.request
        if readImageDescriptions { request.read = (request.read ?? []) + [.images] }
        return request
    }

    private func convert() throws(NarrateError) {
        let encoding = try encodingOptions.encoding(output: output)
        let destination = output ?? ArticleConversion.defaultOutput(for: input, fileExtension: encoding.format.fileExtension)
        let conversion = ArticleConversion(
            input: input, format: inputFormat,
            markdownReader: MarkdownReader(codeBlockNotice: codeNotice),
            language: language, voice: request, encoding: encoding, album: encodingOptions.album,
            destination: destination, overwrite: force, split: try chapterOptions.splitRule(),
            spread: synthesisOptions.spread
        )
        let result = try conversion.run(
            engine: { () throws(NarrateError) in try VoiceEngines.shared() }, presets: NarrateEnvironment.presets(),
            environment: NarrateEnvironment.variables(),
            isCancelled: { Interruption.isRequested }
        )
        if let chaptersPath = chapterOptions.chapters {
            try result.chapters.write(to: chaptersPath, title: result.title)
        }
        OutputReport.report(
            "\(OutputReport.describe(result.paths)) (\(DurationText.precise(result.duration)), \(result.sentenceCount) sentences, voice \(result.voice))",
            toStandardOutput: destination != AudioFileWriter.standardOutput
        )
    }
}
