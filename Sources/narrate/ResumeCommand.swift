import ArgumentParser
import NarrateAudio
import NarrateCore
import NarrateListening
import NarratePiper
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate resume`: the rest of an article, from the saved position to the end, as an
/// audio file for a player on another device.
struct ResumeCommand: ParsableCommand, HandlesStopSignals {
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

    @OptionGroup var synthesisOptions: SynthesisOptions

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

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
        let export = ResumeExport(
            articleId: id, output: output, encoding: try encodingOptions.encoding(output: output), album: encodingOptions.album,
            overwrite: force, extras: try chapterOptions.extras(sync: sync), spread: synthesisOptions.spread
        )
        let result = try export.run(
            library: libraryOptions.open(), engine: { () throws(NarrateError) in try VoiceEngines.shared() },
            presets: NarrateEnvironment.presets(),
            isCancelled: { Interruption.isRequested }, willRender: ErrorReporter.noteRenderingFirst(id)
        )
        OutputReport.report(
            "\(OutputReport.describe(result.paths)) (\(DurationText.precise(result.duration)), "
                + "sentences \(result.firstSentence + 1) to \(result.sentenceCount) of \(result.sentenceCount))",
            toStandardOutput: output != AudioFileWriter.standardOutput
        )
    }
}
