import ArgumentParser
import NarrateCore
import NarrateSpeech
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        do {
            let engine = try ESpeakEngine.shared()
            let catalog = VoiceCatalog(voices: engine.voices())
            var voices = catalog.voices
            if let language {
                voices = catalog.voices(speaking: language)
                if voices.isEmpty {
                    let languages = Array(Set(catalog.voices.flatMap(\.languages)))
                    let close = VoiceCatalog.closest(to: language, among: languages)
                    let hint = close.isEmpty ? "" : " (did you mean \(close.map { "'\($0)'" }.joined(separator: ", "))?)"
                    throw NarrateError.invalidOption(
                        name: "language",
                        message: "no installed voice speaks '\(language)'\(hint); run 'narrate voices' to list them all"
                    )
                }
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                let data = try encoder.encode(voices)
                print(String(decoding: data, as: UTF8.self))
            } else {
                print(Self.table(voices))
            }
        } catch let error as NarrateError {
            ErrorReporter.fail(error)
        }
    }

    static func table(_ voices: [VoiceInfo]) -> String {
        let rows = voices.map { [$0.languages.joined(separator: ","), $0.name, $0.gender.rawValue, $0.identifier] }
        return TextTable(header: ["LANGUAGES", "NAME", "GENDER", "FILE"], rows: rows).rendered
    }
}
