import Foundation
import NarrateTestSupport
import Testing

/// `narrate add / list / show / search / tag / rm` on a library in a scratch directory.
@Suite("narrate library commands", .endToEnd)
struct LibraryCommandTests {
    let ukrainian =
        "Бібліотека в Полтаві\n\nПісля двох років ремонту міська бібліотека знову відчинила двері. "
        + "Читачі прийшли вже зранку, а діти отримали нові книжки й настільні ігри.\n"
    let english =
        "Garden notes\n\nThe herbs in the library garden grew faster than anyone expected this summer, "
        + "and the volunteers now meet every Saturday morning.\n"

    func narrate(_ arguments: [String], in scratch: ScratchDirectory, input: Data? = nil) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, input: input, environment: ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"])
    }

    @Test func addingTwiceReportsTheArticleThatExists() async throws {
        let scratch = try ScratchDirectory()
        let file = try scratch.write("news.txt", text: ukrainian)
        let first = try await narrate(["add", file, "--tag", "News", "--voice", "uk+f3"], in: scratch)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "added 1 Бібліотека в Полтаві\n")
        let again = try await narrate(["add", file], in: scratch)
        #expect(again.status == 0)
        #expect(again.standardOutput == "exists 1 Бібліотека в Полтаві\n")
        #expect(try await narrate(["show", "1", "--json"], in: scratch).standardOutput.contains("\"voice\" : \"uk+f3\""))
    }

    @Test func anUnknownVoiceIsRefusedBeforeAnythingIsAdded() async throws {
        let scratch = try ScratchDirectory()
        let run = try await narrate(["add", try scratch.write("news.txt", text: ukrainian), "--voice", "ukk"], in: scratch)
        #expect(run.status == 64)
        #expect(run.standardError.contains("unknown voice 'ukk'"), "\(run.standardError)")
        #expect(
            try await narrate(["list", "--json"], in: scratch).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]")
    }

    @Test func showReportsTheDetectedLanguageAndSentences() async throws {
        let scratch = try ScratchDirectory()
        _ = try await narrate(["add", try scratch.write("news.txt", text: ukrainian)], in: scratch)
        let run = try await narrate(["show", "1", "--json", "--sentences"], in: scratch)
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["language"] as? String == "uk")
        #expect(object["voice"] as? String == "uk")
        #expect(object["title"] as? String == "Бібліотека в Полтаві")
        let sentences = try #require(object["sentences"] as? [[String: Any]])
        #expect(
            sentences.map { $0["text"] as? String } == [
                "Бібліотека в Полтаві", "Після двох років ремонту міська бібліотека знову відчинила двері.",
                "Читачі прийшли вже зранку, а діти отримали нові книжки й настільні ігри.",
            ])
        let start = try #require(sentences[1]["start"] as? Int)
        let end = try #require(sentences[1]["end"] as? Int)
        let scalars = Array(ukrainian.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[start..<end])) == sentences[1]["text"] as? String)
    }

    @Test func aFolderImportGoesOnPastBadFilesAndFailsAtTheEnd() async throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/saved/more", withIntermediateDirectories: true)
        _ = try scratch.write("saved/a.txt", text: english)
        _ = try scratch.write("saved/b.txt", [0x48, 0x00, 0x01, 0x02])
        _ = try scratch.write("saved/more/c.md", text: "# Markdown\n\nA second article, in Markdown, about rain.\n")
        _ = try scratch.write("saved/notes.pdf", text: "not read")
        let run = try await narrate(["add", "\(scratch.path)/saved"], in: scratch)
        #expect(run.status == 65)
        #expect(run.standardOutput == "added 1 Garden notes\nadded 2 Markdown\n")
        // The PDF is read too, and is no PDF.
        #expect(run.errorLines.count == 2)
        #expect(run.standardError.contains("b.txt: binary data"), "\(run.standardError)")
        #expect(run.standardError.contains("notes.pdf: not a PDF"), "\(run.standardError)")
        let list = try await narrate(["list", "--json"], in: scratch)
        let articles = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(articles.count == 2)
    }

    @Test func listSearchTagAndRemove() async throws {
        let scratch = try ScratchDirectory()
        _ = try await narrate(["add", try scratch.write("uk.txt", text: ukrainian), "--tag", "news"], in: scratch)
        _ = try await narrate(["add", "-", "--title", "Garden"], in: scratch, input: Data(english.utf8))
        let table = try await narrate(["list", "--sort", "title"], in: scratch)
        #expect(table.status == 0)
        let lines = table.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID  TITLE") == true)
        #expect(lines.dropFirst().map { $0.contains("Garden") } == [true, false])
        let limited = try await narrate(["list", "--limit", "1"], in: scratch)
        #expect(limited.standardOutput.split(separator: "\n").count == 2)
        #expect(limited.standardError == "narrate: showing 1 of 2 articles; --all lists every one\n")
        let tagged = try await narrate(["list", "--tag", "news", "--json"], in: scratch)
        #expect(tagged.standardOutput.contains("Бібліотека в Полтаві") && !tagged.standardOutput.contains("Garden"))

        let search = try await narrate(["search", "БІБЛІОТЕКА", "--json"], in: scratch)
        let hits = try #require(try JSONSerialization.jsonObject(with: Data(search.standardOutput.utf8)) as? [[String: Any]])
        #expect(hits.map { $0["id"] as? Int } == [1])
        #expect((hits.first?["snippet"] as? String)?.contains("[") == true)

        let garden = try await narrate(["show", "2", "--json"], in: scratch)
        #expect(garden.standardOutput.contains("\"voice\" : \"en-us\""), "\(garden.standardOutput)")
        let tag = try await narrate(["tag", "2", "+Garden", "-none", "weekend"], in: scratch)
        #expect(tag.status == 0, "\(tag.standardError)")
        #expect(tag.standardOutput == "2: garden, weekend\n")

        let unknown = try await narrate(["rm", "2", "7"], in: scratch)
        #expect(unknown.status == 66)
        #expect(unknown.standardError == "narrate: no article with id 7; 'narrate list' shows the ids\n")
        #expect(try await narrate(["show", "2"], in: scratch).status == 0)
        let removed = try await narrate(["rm", "2"], in: scratch)
        #expect(removed.standardOutput == "removed 2 Garden\n")
        #expect(try await narrate(["show", "2"], in: scratch).status == 66)
    }

    @Test func aFileThatIsNotALibraryIsLeftAlone() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write("notes.sqlite", text: "my shopping list\n")
        let run = try await NarrateBinary.run(["list", "--library", path])
        #expect(run.status == 74)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("not an SQLite database (left untouched)"), "\(run.standardError)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my shopping list\n")
        #expect(try scratch.entries() == ["notes.sqlite"])
    }

    @Test func anAddKilledMidwayLeavesOnlyWholeArticles() async throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/many", withIntermediateDirectories: false)
        let body = try String(contentsOfFile: NarrateBinary.sample("en-news.txt"), encoding: .utf8)
        for index in 0..<400 {
            _ = try scratch.write("many/\(index).txt", text: "Copy \(index)\n\n\(index). " + body)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: NarrateBinary.path)
        process.arguments = ["add", "\(scratch.path)/many"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"]
        ) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try await DescriptorGate.launch(process)
        // Killed once a few articles are in, in the middle of the next ones.
        _ = try await onOwnThread {
            var printed = ""
            while !printed.contains("added 3 "), process.isRunning {
                printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            }
        }
        kill(process.processIdentifier, SIGKILL)
        await process.exited()

        let list = try await narrate(["list", "--all", "--json"], in: scratch)
        #expect(list.status == 0, "\(list.standardError)")
        let articles = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(articles.count >= 3 && articles.count < 400, "\(articles.count) articles: the kill came too late")
        // The newest ones were written last, around the kill.
        for article in articles.prefix(8) {
            let id = try #require(article["id"] as? Int)
            let show = try await narrate(["show", String(id), "--sentences", "--json"], in: scratch)
            #expect(show.status == 0, "article \(id): \(show.standardError)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as? [String: Any])
            #expect(((object["sentences"] as? [Any])?.count ?? 0) > 10, "article \(id) lost its sentences")
        }
    }

    /// Whether the test can make a library read-only for narrate: as a user, by its mode; as
    /// root, by running narrate as `nobody`, who must be able to reach the binary.
    static let canUseReadOnlyLibrary: Bool = {
        guard getuid() == 0 else { return true }
        guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return false }
        let check = try? NarrateBinary.runSynchronously(
            ["-u", "nobody", "--", "test", "-x", NarrateBinary.path], executable: "/usr/sbin/runuser"
        )
        return check?.status == 0
    }()

    /// As root (CI), the library is made by root and used by `nobody`, who may not write it.
    @Test(
        .enabled(
            if: LibraryCommandTests.canUseReadOnlyLibrary,
            "root, and user nobody cannot run the narrate binary here: read-only library not tested"))
    func aReadOnlyLibraryIsAClearError() async throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
        let path = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(["add", try scratch.write("a.txt", text: english), "--library", path])
        #expect(added.status == 0, "\(added.standardError)")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: "\(scratch.path)/a.txt")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let arguments = ["add", "\(scratch.path)/a.txt", "--title", "Again", "--library", path]
        let run =
            getuid() == 0
            ? try await NarrateBinary.run(["-u", "nobody", "--", NarrateBinary.path] + arguments, executable: "/usr/sbin/runuser")
            : try await NarrateBinary.run(arguments)
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("read-only"), "\(run.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func twoProcessesAddingAtOnceBothSucceed() async throws {
        let scratch = try ScratchDirectory()
        var paths: [[String]] = [[], []]
        for index in 0..<20 {
            let file = try scratch.write(
                "a\(index).txt", text: "Article \(index)\n\nThis is article number \(index), about rain and books.\n")
            paths[index % 2].append(file)
        }
        let environment = ProcessInfo.processInfo.environment.merging(["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"]) { $1 }
        let errors = [Pipe(), Pipe()]
        var processes: [Process] = []
        for (files, error) in zip(paths, errors) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: NarrateBinary.path)
            process.arguments = ["add"] + files
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = error
            // One after the other, at once: a launch takes a moment.
            try await DescriptorGate.launch(process)
            processes.append(process)
        }
        let readers = errors.map { PipeReader($0.fileHandleForReading) }
        for process in processes { await process.exited() }
        var messages: [String] = []
        for reader in readers { messages.append(String(decoding: await reader.value(), as: UTF8.self)) }
        #expect(processes.map(\.terminationStatus) == [0, 0], "\(messages)")
        let list = try await narrate(["list", "--json"], in: scratch)
        let articles = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(articles.count == 20)
    }
}
