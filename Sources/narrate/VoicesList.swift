import ArgumentParser
import NarrateCore
import NarratePiper
import NarrateSpeech
import NarrateTerminal

/// `narrate voices [list]`: the installed voices, eSpeak NG's and the Piper voices found.
struct VoicesList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List installed voices: eSpeak NG's, and Piper neural voices (language, quality, size)."
    )

    @Option(help: "Only voices that speak this language code (such as en, en-gb, uk, de).")
    var language: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let catalog = VoiceCatalog(voices: try VoiceEngines.shared().allVoices())
        let voices = try language.map(catalog.voicesOrError(speaking:)) ?? catalog.voices
        if json { return try JSONOutput.print(voices) }
        let rows = voices.map { voice in
            [
                voice.languages.joined(separator: ","), voice.name, voice.engine ?? "espeak-ng", voice.quality ?? "-",
                voice.size.map { "\($0 / 1_000_000) MB" } ?? "-", voice.gender.rawValue, voice.identifier,
            ]
        }
        print(TextTable(header: ["LANGUAGES", "NAME", "ENGINE", "QUALITY", "SIZE", "GENDER", "VOICE"], rows: rows).rendered)
    }
}
