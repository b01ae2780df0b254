import ArgumentParser

/// The `narrate` command: turns saved articles into spoken audio.
@main
struct NarrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrate",
        abstract: "Turn saved articles into spoken audio, offline, with eSpeak NG.",
        version: "0.1.0",
        subcommands: [ConvertCommand.self, VoicesCommand.self]
    )
}
