import ArgumentParser
import NarrateCore
import NarrateImport
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate segment`: the sentences narrate would speak, as they stand in the source, or
/// in the form eSpeak NG receives, so a user can see where the text is cut and why
/// something sounds wrong.
struct SegmentCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "segment",
        abstract: "Print an article's sentences, one per line (or as JSON with their ranges)."
    )

    @Argument(help: "The article: a .txt or .md file, or - for standard input.")
    var input: String

    @Option(help: "Language rules to use (such as en, uk, de); default: the article's declared language, else the preset's voice, else en.")
    var language: String?

    @Option(help: "Voice preset whose language and pronunciation lexicon apply (see 'narrate convert --help').")
    var preset: String?

    @Option(
        name: [.customLong("input-format"), .long],
        help: "Read the input as 'text', 'markdown', 'html', 'epub' or 'pdf' (default: from its extension).")
    var format: SourceFormat?

    @Flag(help: "Print each sentence as eSpeak NG will receive it (abbreviations expanded, URLs shortened, ...).")
    var spoken = false

    @Flag(
        help:
            "Print a JSON array: index, block, start and end (Unicode scalar offsets in the source), byteStart and byteEnd (UTF-8), text and spoken."
    )
    var json = false

    func run() throws {
        try segment()
    }

    private func segment() throws(NarrateError) {
        let listing = try SentenceListing(
            input: input, format: format, language: language, preset: preset, presets: NarrateEnvironment.presets(),
            engine: { try? ESpeakEngine.shared() }, isCancelled: { Interruption.isRequested }
        )
        if json {
            try JSONOutput.print(listing.sentences)
            return
        }
        print(listing.sentences.map { (spoken ? $0.spoken : $0.line) + "\n" }.joined(), terminator: "")
    }
}
