import ArgumentParser
import NarrateCore
import Narration
import NarrateIngest
import NarrateLibrary
import NarrateSpeech
import NarrateText
import Foundation

/// `narrate add`: saves articles (files, folders of them, or standard input) to the library.
struct AddCommand: ParsableCommand {
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

    @Option(name: [.customLong("input-format"), .long], help: "Read the input as 'text', 'markdown' or 'html' (default: from its extension).")
    var format: InputFormat?

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
        Interruption.install()
        do throws(NarrateError) {
            if let language { try SpeechLanguage.validate(language) }
            if let voice {
                // An unknown voice is refused now (with the closest names), not when narrating.
                var settings = VoiceSettings.standard
                settings.voice = voice
                do {
                    try ESpeakEngine.shared().configure(settings)
                } catch let error as NarrateError {
                    throw error
                } catch {
                    throw NarrateError.engine(code: -1, message: "\(error)")
                }
            }
            let library = try libraryOptions.open()
            let inputs = try ArticleImport.expand(paths)
            if title != nil, inputs.count != 1 {
                throw NarrateError.invalidOption(name: "title", message: "--title names one article; \(inputs.count) were given")
            }
            // Detection chooses among the languages eSpeak NG speaks.
            let detector = SpeechLanguage.detector(engine: try? ESpeakEngine.shared(), environment: NarrateEnvironment.variables())
            var outcomes: [Outcome] = []
            var firstFailure: NarrateError?
            for input in inputs {
                if Interruption.isRequested { throw NarrateError.interrupted }
                do throws(NarrateError) {
                    let importer = ArticleImport(
                        format: format?.sourceFormat, title: title, language: language, voice: voice, tags: tags
                    )
                    let result = try library.add(importer.article(from: input, detector: detector, isCancelled: { Interruption.isRequested }))
                    switch result {
                    case .added(let id, let title):
                        outcomes.append(Outcome(path: input, outcome: "added", id: id, title: title))
                        if !json { print("added \(id) \(title)") }
                    case .exists(let id, let title):
                        outcomes.append(Outcome(path: input, outcome: "exists", id: id, title: title))
                        if !json { print("exists \(id) \(title)") }
                    }
                } catch {
                    // One bad file in a folder does not stop the others.
                    if case .interrupted = error { throw error }
                    firstFailure = firstFailure ?? error
                    outcomes.append(Outcome(path: input, outcome: "failed", error: error.description))
                    ErrorReporter.printError(error.description)
                }
            }
            if json { try JSONOutput.print(outcomes) }
            if let firstFailure { ErrorReporter.terminate(firstFailure.exitCode) }
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
