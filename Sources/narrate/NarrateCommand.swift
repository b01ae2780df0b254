import ArgumentParser
import NarrateCore
import NarrateTerminal

/// The `narrate` command: turns saved articles into spoken audio.
struct NarrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "narrate",
        abstract: "Turn saved articles into spoken audio, offline, with eSpeak NG or a Piper neural voice.",
        version: "0.1.0",
        // Grouped as a user looks for them (`narrate --help` lists each group under its name).
        groupedSubcommands: [
            CommandGroup(
                name: "Convert and inspect",
                subcommands: [
                    ConvertCommand.self, ExtractCommand.self, SegmentCommand.self, VoicesCommand.self,
                ]),
            CommandGroup(
                name: "The library",
                subcommands: [
                    AddCommand.self, ImportCommand.self, ListCommand.self, ShowCommand.self, SearchCommand.self, TagCommand.self,
                    RemoveCommand.self, RenderCommand.self,
                ]),
            CommandGroup(
                name: "Listening",
                subcommands: [
                    PlayCommand.self, ResumeCommand.self, PositionCommand.self, ServeCommand.self, ReadingCommand.self,
                ]),
            CommandGroup(
                name: "Feeds and podcasts",
                subcommands: [
                    SubscribeCommand.self, FeedsCommand.self, RefreshCommand.self, UnsubscribeCommand.self, PodcastCommand.self,
                    PublishCommand.self,
                ]),
            CommandGroup(
                name: "Batches and workers",
                subcommands: [
                    BatchCommand.self, JobsCommand.self, WorkerCommand.self, SpeakPartCommand.self,
                ]),
        ]
    )

    /// Runs the command, reporting a usage error as one line on stderr (exit 64) instead of
    /// ArgumentParser's several lines of usage; help and version still print in full.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            ErrorReporter.finishStandardOutput()
        } catch let error as NarrateError {
            // Thrown by a command's validate(): its own line and exit code.
            ErrorReporter.fail(error)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                ErrorReporter.terminate(0)
            }
            let message = self.message(for: error)
            if !message.isEmpty {
                let subcommand = arguments.first { !$0.hasPrefix("-") } ?? ""
                // The subcommands a user types (the hidden worker has no help of its own to point at).
                let named = configuration.subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
                let help = named.contains(subcommand) ? "narrate \(subcommand) --help" : "narrate --help"
                ErrorReporter.printError("\(message.split(separator: "\n").first ?? "") (see '\(help)')")
            }
            ErrorReporter.terminate(code.rawValue)
        }
    }
}
