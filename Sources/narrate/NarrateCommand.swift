import ArgumentParser
import NarrateCore
import NarrateTerminal

/// The `narrate` command: turns saved articles into spoken audio.
struct NarrateCommand: AsyncParsableCommand {
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
                    ArchiveCommand.self,
                    RemoveCommand.self, RenderCommand.self,
                ]),
            CommandGroup(
                name: "Listening",
                subcommands: [
                    PlayCommand.self, UpNextCommand.self, ResumeCommand.self, PositionCommand.self, ServeCommand.self, ReadingCommand.self,
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

    /// Installs the signal handlers of `command`, if it handles stop signals.
    private static func installSignals(of command: any ParsableCommand) {
        (command as? any HandlesStopSignals)?.installSignals()
    }

    /// Runs the command, and is the one place a command's end becomes the process's exit:
    /// a `NarrateError` a command throws is its one line and sysexits code, a `CommandExit`
    /// its code, a usage error one line on stderr (exit 64) instead of ArgumentParser's
    /// several lines of usage; help and version still print in full.
    ///
    /// A command whose work is asynchronous (`serve`) is awaited; the others, synchronous
    /// work such as synthesis, run on the main thread, as before the root was asynchronous:
    /// the signals narrate handles (Ctrl-C, a job queued, drain) interrupt the main thread's
    /// waits, and the threads of Swift's concurrency pool block them.
    @MainActor
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            try MessageDigest.checkAvailable()
            // The command's signals, on this (the main) thread, before anything runs on the pool.
            installSignals(of: command)
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
            ErrorReporter.finishStandardOutput()
        } catch let error as NarrateError {
            ErrorReporter.fail(error)
        } catch let error as MessageDigest.Unavailable {
            ErrorReporter.fail(error)
        } catch let exit as CommandExit {
            ErrorReporter.terminate(exit.code)
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
