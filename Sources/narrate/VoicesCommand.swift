import ArgumentParser
import NarrateCore
import NarrateSpeech

/// `narrate voices`: the installed eSpeak NG voices.
struct VoicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voices",
        abstract: "List installed voices (name, languages, gender)."
    )

    @Option(help: "Only voices that speak this language code (such as en, en-gb, uk, de).")
    var language: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        ErrorReporter.failing { () throws(NarrateError) in
            let catalog = VoiceCatalog(voices: try ESpeakEngine.shared().voices())
            let voices = try language.map(catalog.voicesOrError(speaking:)) ?? catalog.voices
            if json { return try JSONOutput.print(voices) }
            let rows = voices.map { [$0.languages.joined(separator: ","), $0.name, $0.gender.rawValue, $0.identifier] }
            print(TextTable(header: ["LANGUAGES", "NAME", "GENDER", "FILE"], rows: rows).rendered)
        }
    }
}
