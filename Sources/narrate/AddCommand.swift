import ArgumentParser
import NarrateCore
import NarrateImport
import NarratePiper
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate add`: saves articles (files, folders of them, or standard input) to the library.
struct AddCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save articles to the library: files, folders (recursively) or - for standard input."
    )

    @Argument(help: "Articles (.txt, .md, .html files or http(s) URLs), folders of them, or - for standard input.")
    var paths: [String]

    @Option(help: "The title (one article only; default: its first heading or line).")
    var title: String?

    @Option(help: "Its language code (default: declared in the article, else detected).")
    var language: String?

    @Option(help: "The voice to narrate it with, instead of the one its language picks.")
    var voice: String?

    @Option(name: .customLong("tag"), help: "A tag to give (repeatable).")
    var tags: [String] = []

    @Option(
        name: [.customLong("input-format"), .long],
        help: "Read the input as 'text', 'markdown', 'html', 'epub' or 'pdf' (default: from its extension).")
    var format: SourceFormat?

    @Flag(help: "Print a JSON array of outcomes instead of lines.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if paths.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
    }

    /// What happened to one input.
    struct Outcome: Encodable {
        var path: String
        var outcome: String
        var id: Int64?
        var title: String?
        var error: String?
    }

    func run() throws {
        let importer = ArticleImport(format: format, title: title, language: language, voice: voice, tags: tags)
        var outcomes: [Outcome] = []
        var firstFailure: NarrateError?
        try importer.add(
            paths, to: libraryOptions.open,
            engine: { () throws(NarrateError) -> any SpeechEngine in
                // A voice to keep may be a Piper voice's; without one, eSpeak NG's languages alone.
                voice == nil ? try ESpeakEngine.shared() : try VoiceEngines.shared()
            }, environment: NarrateEnvironment.variables(),
            isCancelled: { Interruption.isRequested }
        ) { input, outcome in
            switch outcome {
            case .added(let id, let title), .exists(let id, let title):
                let word = if case .added = outcome { "added" } else { "exists" }
                outcomes.append(Outcome(path: input, outcome: word, id: id, title: title))
                if !json { print("\(word) \(id) \(title)") }
            case .failed(let error):
                firstFailure = firstFailure ?? error
                outcomes.append(Outcome(path: input, outcome: "failed", error: ErrorReporter.message(for: error)))
                ErrorReporter.printError(ErrorReporter.message(for: error))
            }
        }
        if json { try JSONOutput.print(outcomes) }
        if let firstFailure { throw CommandExit(code: firstFailure.exitCode) }
    }
}
