import ArgumentParser
import Foundation
import NarrateCore
import NarrateFetch
import NarratePiper
import NarrateSystem
import NarrateTerminal

/// `narrate voices add NAME|URL|FILE`: installs a Piper voice, all or nothing.
struct VoicesAdd: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Install a Piper voice: by name from the voice catalogue, from an address, or from a file.",
        discussion: """
            A name (en_US-joe-medium, or any unambiguous part of one) is looked up in the Piper voice catalogue \
            and each file is checked against the catalogue's size and MD5 digest. An address or a file names the \
            voice's .onnx; its .onnx.json is taken from beside it. The voice is installed in \
            $XDG_DATA_HOME/narrate/voices (~/.local/share/narrate/voices) all at once or not at all. \
            See the voices with 'narrate voices available'.
            """
    )

    @Argument(help: "A voice's name in the catalogue, the http(s) address of its .onnx, or its .onnx file.")
    var voice: String

    @Option(help: "The voice catalogue's address (default: NARRATE_VOICE_CATALOGUE, else Piper's public voices.json).")
    var catalogue: String?

    @Flag(help: "Install the voice again over an installed one of the same name.")
    var force = false

    func run() throws {
        let installer = PiperVoiceInstaller(
            environment: ProcessInfo.processInfo.environment, download: FileDownload(isCancelled: { Interruption.isRequested }),
            catalogueAddress: catalogue
        )
        let bar = DownloadProgress()
        let outcome = try installer.install(voice, replacing: force) { bar.show($0) }
        bar.finish()
        switch outcome {
        case .installed(let voice):
            print("installed \(Self.describe(voice)) in \((voice.modelPath as NSString).deletingLastPathComponent)")
        case .alreadyInstalled(let voice):
            print(
                "\(Self.describe(voice)) is already installed in \((voice.modelPath as NSString).deletingLastPathComponent); --force installs it again"
            )
        }
    }

    /// "piper:en_US-joe-medium (en-us, medium, 63 MB)".
    static func describe(_ voice: PiperVoiceFiles.Voice) -> String {
        let size = voice.size >= 1_000_000 ? "\(voice.size / 1_000_000) MB" : "\(max(1, voice.size / 1_000)) KB"
        let details = [voice.language, voice.quality, size].compactMap { $0 }
        return "piper:\(voice.name) (\(details.joined(separator: ", ")))"
    }
}
