import Foundation
import NarrateTestSupport
import Testing

/// `narrate --help` as a newcomer reads it: the commands in groups by what they are for,
/// each command a user types listed once, the helper processes' command not at all.
@Suite("narrate --help")
struct CommandHelpTests {
    /// The groups, in order, with the commands each lists.
    static let groups: [(heading: String, commands: [String])] = [
        ("CONVERT AND INSPECT SUBCOMMANDS:", ["convert", "extract", "segment", "voices"]),
        ("THE LIBRARY SUBCOMMANDS:", ["add", "import", "list", "show", "search", "tag", "archive", "rm", "render"]),
        ("LISTENING SUBCOMMANDS:", ["play", "queue", "resume", "position", "serve", "reading"]),
        ("FEEDS AND PODCASTS SUBCOMMANDS:", ["subscribe", "feeds", "refresh", "unsubscribe", "podcast", "publish"]),
        ("BATCHES AND WORKERS SUBCOMMANDS:", ["batch", "jobs", "worker"]),
    ]

    @Test func theCommandsAreListedOnceEachInTheirGroups() async throws {
        let help = try await NarrateBinary.run(["--help"])
        #expect(help.status == 0)
        let lines = help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var position = 0
        for group in Self.groups {
            let heading = try #require(lines.firstIndex(of: group.heading), "no group \(group.heading) in:\n\(help.standardOutput)")
            #expect(heading > position, "\(group.heading) out of order")
            position = heading
            // The group's commands: its indented lines up to the next blank line.
            let listed = lines[(heading + 1)...].prefix { !$0.isEmpty }.compactMap { line -> String? in
                line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
            }
            #expect(listed == group.commands, "\(group.heading) lists \(listed)")
        }
        let all = Self.groups.flatMap(\.commands)
        #expect(Set(all).count == all.count)
        #expect(!help.standardOutput.contains("speak-part"))
        for command in all {
            await #expect(try NarrateBinary.run([command, "--help"]).status == 0, "narrate \(command) --help")
        }
    }
}
