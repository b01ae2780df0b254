import ArgumentParser
import Foundation
import NarrateCore
import NarrateFetch
import NarratePiper
import NarrateTerminal

/// `narrate voices rm NAME`: removes a Piper voice `narrate voices add` installed.
struct VoicesRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a Piper voice that 'narrate voices add' installed (renders made with it stay).",
        aliases: ["remove"]
    )

    @Argument(help: "The voice's name (any unambiguous part of it).")
    var voice: String

    func run() throws {
        let installer = PiperVoiceInstaller(environment: ProcessInfo.processInfo.environment, download: FileDownload())
        let removed = try installer.remove(voice)
        print("removed piper:\(removed.name) from \(installer.folder)")
    }
}
