import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateListening
import NarratePiper
import NarrateRendering
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate render`: a library article to an audio file, remembered with its sentence
/// timings, and not synthesized again for the same settings.
struct RenderCommand: ParsableCommand, HandlesStopSignals {
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

    @OptionGroup var synthesisOptions: SynthesisOptions

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
            throw ValidationError(ErrorReporter.message(for: error))
        }
    }

    func run() throws {
        let delivery = RenderDelivery(
            articleId: id, voice: voiceOptions.request, encoding: try encodingOptions.encoding(output: output),
            album: encodingOptions.album, output: output, overwrite: force,
            extras: try chapterOptions.extras(sync: sync), spread: synthesisOptions.spread
        )
        let result = try delivery.run(
            library: libraryOptions.open(), engine: VoiceEngines.shared(), presets: NarrateEnvironment.presets(),
            isCancelled: { Interruption.isRequested }
        )
        if json {
            try JSONOutput.print(result)
            return
        }
        let how =
            switch result.source {
            case .synthesized: ""
            case .cached: ", cached"
            case .copied: ", copied from an earlier render"
            }
        OutputReport.report(
            "\(OutputReport.describe(result.paths)) (\(DurationText.precise(result.duration)), \(result.sentences) sentences, voice \(result.voice)\(how))",
            toStandardOutput: output != AudioFileWriter.standardOutput
        )
    }
}
