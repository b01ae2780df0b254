import ArgumentParser
import Foundation
import NarrateCore
import NarrateFetch
import NarratePiper
import NarrateSystem
import NarrateTerminal

/// `narrate voices available`: the Piper voices of the catalogue, and which are installed.
struct VoicesAvailable: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "available",
        abstract: "List the Piper voices of the voice catalogue that 'narrate voices add' installs."
    )

    @Option(help: "Only voices that speak this language code (such as en, en-gb, uk, de).")
    var language: String?

    @Option(help: "The voice catalogue's address (default: NARRATE_VOICE_CATALOGUE, else Piper's public voices.json).")
    var catalogue: String?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    /// One voice as `--json` prints it.
    struct Listed: Encodable {
        var name: String
        var identifier: String
        var language: String
        var quality: String?
        var size: Int
        var installed: Bool
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let installer = PiperVoiceInstaller(
            environment: environment, download: FileDownload(timeout: 120, isCancelled: { Interruption.isRequested }),
            catalogueAddress: catalogue
        )
        let wanted = language?.lowercased().replacingOccurrences(of: "_", with: "-")
        let entries = try installer.catalogue().entries.filter { entry in
            guard let wanted else { return true }
            return entry.language == wanted || entry.language.hasPrefix(wanted + "-")
        }
        let installed = Set(PiperVoiceFiles(environment: environment).voices().map(\.name))
        let listed = entries.map {
            Listed(
                name: $0.name, identifier: "piper:\($0.name)", language: $0.language, quality: $0.quality, size: $0.size,
                installed: installed.contains($0.name)
            )
        }
        if json { return try JSONOutput.print(listed) }
        if listed.isEmpty, let language {
            throw NarrateError.noVoiceSpeaks(language: language, suggestions: [])
        }
        let rows = listed.map {
            [$0.language, $0.name, $0.quality ?? "-", "\($0.size / 1_000_000) MB", $0.installed ? "yes" : "-", $0.identifier]
        }
        print(TextTable(header: ["LANGUAGE", "NAME", "QUALITY", "SIZE", "INSTALLED", "VOICE"], rows: rows).rendered)
    }
}
