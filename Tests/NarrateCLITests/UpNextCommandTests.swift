import Foundation
import NarrateTestSupport
import Testing

/// `narrate queue` and `narrate play` with no id, run as a user runs them, on short articles
/// with the real engine; playing runs on the null sink with a fast clock.
@Suite("The up-next queue from the command line", .endToEnd)
struct UpNextCommandTests {
    let scratch: ScratchDirectory
    let libraryPath: String

    init() throws {
        scratch = try ScratchDirectory()
        libraryPath = "\(scratch.path)/library.sqlite"
    }

    func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, directory: scratch.path, environment: ["NARRATE_LIBRARY": libraryPath])
    }

    /// Adds three short articles (ids 1 to 3), the second and third tagged "news".
    func addArticles() async throws {
        for number in 1...3 {
            let file = try scratch.write(
                "article-\(number).md", text: "# Report \(number)\n\nThe wind rose before dawn. Rain followed at seven, day \(number).\n")
            let added = try await narrate(["add", file] + (number > 1 ? ["--tag", "news"] : []))
            #expect(added.status == 0, "\(added.standardError)")
        }
    }

    func queued() async throws -> [Int] {
        let listed = try await narrate(["queue", "list", "--json"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]])
        return items.compactMap { $0["id"] as? Int }
    }

    @Test func articlesAreAddedMovedAndRemoved() async throws {
        try await addArticles()
        #expect(try await narrate(["queue", "add", "3", "1"]).status == 0)
        #expect(try await queued() == [3, 1])
        let tagged = try await narrate(["queue", "add", "--tag", "news"])
        #expect(tagged.standardOutput.contains("added 1 unfinished article tagged news"), "\(tagged.standardOutput)")
        #expect(try await queued() == [3, 1, 2])
        #expect(try await narrate(["queue", "move", "2", "--to", "1"]).status == 0)
        #expect(try await queued() == [2, 3, 1])
        #expect(try await narrate(["queue", "remove", "3"]).status == 0)
        let listed = try await narrate(["queue"])
        #expect(listed.standardOutput.hasPrefix("1. 2  Report 2"), "\(listed.standardOutput)")
        // Mistakes: one line each, and the queue as it was.
        for (arguments, status, says) in [
            (["queue", "remove", "3"], Int32(64), "article 3 is not in the up-next queue"),
            (["queue", "add", "9"], 66, "9"),
            (["queue", "move", "3", "--to", "1"], 64, "article 3 is not in the up-next queue"),
            (["queue", "move", "2", "--to", "0"], 64, "--to is a place from 1"),
            (["queue", "add"], 64, "give the articles' ids or --tag TAG"),
        ] {
            let run = try await narrate(arguments)
            #expect(run.status == status && run.standardError.contains(says), "\(arguments): \(run.status) \(run.standardError)")
        }
        #expect(try await queued() == [2, 1])
        #expect(try await narrate(["queue", "clear"]).status == 0)
        #expect(try await queued().isEmpty)
    }

    @Test func playWithNoIdPlaysTheQueueOneArticleAfterAnotherAndTagsThem() async throws {
        try await addArticles()
        let empty = try await narrate(["play", "--sink", "null", "--speed", "100"])
        #expect(empty.status == 64 && empty.standardError.contains("the up-next queue is empty"), "\(empty.standardError)")
        #expect(try await narrate(["queue", "add", "2", "1"]).status == 0)
        let onFinish = try await narrate(["queue", "on-finish", "--tag", "archived"])
        #expect(onFinish.standardOutput.contains("tagged archived"), "\(onFinish.standardOutput)")
        let played = try await narrate(["play", "--sink", "null", "--speed", "100"])
        #expect(played.status == 0, "\(played.standardError)")
        let notes = played.standardError.split(separator: "\n").map(String.init)
        #expect(notes.first { $0.contains("playing 2 Report 2") } != nil, "\(played.standardError)")
        #expect(notes.first { $0.contains("playing 1 Report 1") } != nil, "\(played.standardError)")
        #expect(notes.last?.contains("finished 1 Report 1") == true, "\(played.standardError)")
        // Both heard to the end: out of the queue, finished and tagged.
        #expect(try await queued().isEmpty)
        for id in ["1", "2"] {
            let shown = try await narrate(["position", id, "--json"])
            #expect(
                shown.standardOutput.contains("\"finished\" : true") || shown.standardOutput.contains("\"finished\":true"),
                "\(shown.standardOutput)")
        }
        let listed = try await narrate(["list", "--tag", "archived", "--json"])
        #expect(listed.standardOutput.contains("Report 1") && listed.standardOutput.contains("Report 2"), "\(listed.standardOutput)")
        #expect(try await narrate(["play", "--from-start", "--sink", "null"]).status == 64)
    }

    /// `narrate archive` moves articles out of the library's lists and back; `queue on-finish
    /// --archive` does it to each article heard to the end; `list --archived` lists the archive.
    @Test func articlesMoveToTheArchiveByHandOrWhenHeardToTheEnd() async throws {
        try await addArticles()
        let listed = { (arguments: [String]) async throws -> String in
            let run = try await narrate(["list"] + arguments)
            #expect(run.status == 0, "\(run.standardError)")
            return run.standardOutput
        }
        let onFinish = try await narrate(["queue", "on-finish", "--archive"])
        #expect(onFinish.standardOutput.contains("moves to the archive"), "\(onFinish.standardOutput)")
        let both = try await narrate(["queue", "on-finish", "--archive", "--tag", "heard"])
        #expect(both.status == 64 && both.standardError.contains("give one of --archive, --tag TAG and --nothing"), "\(both.standardError)")
        #expect(try await narrate(["queue", "add", "1", "2"]).status == 0)
        #expect(try await narrate(["position", "1", "--finished"]).status == 0)
        #expect(try await queued() == [2])
        var library = try await listed([])
        #expect(!library.contains("Report 1") && library.contains("Report 2"), "\(library)")
        #expect(try await listed(["--archived"]).contains("Report 1"))
        // By hand: all or none.
        let unknown = try await narrate(["archive", "2", "999"])
        #expect(unknown.status != 0 && unknown.standardError.contains("no article with id 999"), "\(unknown.standardError)")
        #expect(try await queued() == [2])
        let archived = try await narrate(["archive", "2", "1"])
        #expect(archived.standardOutput == "2: moved to the archive\n1: already in the archive\n", "\(archived.standardOutput)")
        #expect(try await queued().isEmpty)
        let back = try await narrate(["archive", "--undo", "1"])
        #expect(back.standardOutput == "1: moved to the library\n", "\(back.standardOutput)")
        library = try await listed([])
        #expect(library.contains("Report 1") && !library.contains("Report 2") && library.contains("Report 3"), "\(library)")
        let archive = try await listed(["--archived", "--json"])
        #expect(archive.contains("Report 2") && archive.contains("archivedAt") && !archive.contains("Report 1"), "\(archive)")
    }
}
