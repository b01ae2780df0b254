import ArgumentParser
import NarrateCore
import NarratePiper
import NarrateSpeech

/// `narrate voices`: the installed voices, and installing and removing Piper voices.
struct VoicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voices",
        abstract: "List, add and remove voices: eSpeak NG's, and Piper neural voices.",
        subcommands: [VoicesList.self, VoicesAdd.self, VoicesRemove.self, VoicesAvailable.self, VoicesPrefer.self],
        defaultSubcommand: VoicesList.self
    )
}
