import Foundation
import NarrateAudio
import NarrateLibrary
import NarrateTestSupport
import Testing

/// A folder served as it is, by Python's http.server on a port of 127.0.0.1 (what a static
/// host does: no ranges, no feeds of its own).
final class StaticFolderServer {
    let process: Process
    let base: String

    init(folder: String) async throws {
        let output = Pipe()
        process = try await NarrateBinary.start(
            ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", folder], executable: "/usr/bin/env",
            standardOutput: output, standardError: FileHandle.nullDevice
        )
        let text = try await onOwnThread {
            var text = ""
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, !text.contains("port ") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
        let port = text.split(separator: " ").drop { $0 != "port" }.dropFirst().first.map(String.init) ?? ""
        base = "http://127.0.0.1:\(port)/"
    }

    deinit {
        // SIGKILL: the test runner's blocked signals are inherited, so a SIGTERM would wait.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

@Suite("narrate publish: a podcast as a static site, incremental and atomic", .endToEnd, .serialized)
struct PublishTests {
    /// A library of `count` short articles in `scratch`; its path.
    static func library(_ scratch: ScratchDirectory, count: Int) async throws -> String {
        let folder = "\(scratch.path)/articles"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let words = ["rain", "harbour", "orchard", "lantern", "river", "meadow", "bridge", "market"]
        for index in 1...count {
            let text = "# Note \(index)\n\nThe \(words[index % words.count]) was quiet on day \(index). Nothing else happened.\n"
            try text.write(toFile: "\(folder)/note-\(index).md", atomically: true, encoding: .utf8)
        }
        let library = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(["add", folder, "--library", library])
        #expect(added.status == 0, "\(added.standardError)")
        return library
    }

    /// Every file under `folder` with its size and modification time.
    static func snapshot(_ folder: String) -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(name)"),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            files[name] =
                "\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) \(attributes[.systemFileNumber] ?? 0)"
        }
        return files
    }

    /// The files `feed.xml` in `folder` names under `base`, each with the length it gives
    /// (nil for chapters and transcripts), as paths in the folder.
    static func namedFiles(_ folder: String, base: String) throws -> [(path: String, length: Int?)] {
        let feed = try String(contentsOfFile: "\(folder)/feed.xml", encoding: .utf8)
        var files: [(String, Int?)] = []
        let pattern = try NSRegularExpression(pattern: #"(url|href)="([^"]+)"( length="(\d+)")?"#)
        for match in pattern.matches(in: feed, range: NSRange(feed.startIndex..., in: feed)) {
            let url = String(feed[Range(match.range(at: 2), in: feed)!])
            guard url.hasPrefix(base), url != base + "feed.xml" else { continue }
            let path = String(url.dropFirst(base.count)).removingPercentEncoding ?? ""
            let length = Range(match.range(at: 4), in: feed).flatMap { Int(feed[$0]) }
            files.append((path, length))
        }
        return files
    }

    /// Whether every file the feed in `folder` names is there, as long as it says.
    static func expectConsistent(_ folder: String, base: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let named = try namedFiles(folder, base: base)
        #expect(named.count > 3, sourceLocation: sourceLocation)
        for (path, length) in named {
            let attributes = try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(path)")
            #expect(attributes != nil, "the feed names \(path), which is missing", sourceLocation: sourceLocation)
            if let length { #expect(attributes?[.size] as? Int == length, "\(path)", sourceLocation: sourceLocation) }
        }
    }

    @Test(.enabled(if: FeedTools.available, "needs feedparser, webvtt-py and srt: run scripts/install-dependencies --tests"))
    func publishesASiteThatAPodcastAppReadsAndASecondRunWritesNothing() async throws {
        let scratch = try ScratchDirectory()
        let library = try await Self.library(scratch, count: 3)
        let site = "\(scratch.path)/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let server = try await StaticFolderServer(folder: site)
        let first = try await NarrateBinary.run(["publish", site, "--base-url", server.base, "--library", library])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("published 3 episodes"))
        #expect(first.standardOutput.contains("feed: \(server.base)feed.xml"))
        let (report, output) = try await FeedTools.check(server.base + "feed.xml", staticServer: true)
        #expect((report["problems"] as? [String]) == [], "\(output.prefix(3_000))")
        #expect((report["items"] as? [[String: Any]])?.count == 3)
        let index = try String(contentsOfFile: "\(site)/index.html", encoding: .utf8)
        #expect(index.components(separatedBy: "<audio controls").count - 1 == 3)
        #expect(index.contains("href=\"feed.xml\""))
        try Self.expectConsistent(site, base: server.base)

        let before = Self.snapshot(site)
        await pause(1.1)
        let second = try await NarrateBinary.run(["publish", site, "--base-url", server.base, "--library", library])
        #expect(second.status == 0)
        #expect(second.standardOutput.contains("nothing changed"))
        #expect(Self.snapshot(site) == before, "a second run with nothing changed wrote something")
    }

    @Test func anArticleRemovedLeavesTheFeedAndItsFilesGo() async throws {
        let scratch = try ScratchDirectory()
        let library = try await Self.library(scratch, count: 3)
        let site = "\(scratch.path)/site"
        let base = "https://example.org/podcast/"
        #expect(try await NarrateBinary.run(["publish", site, "--base-url", base, "--library", library]).status == 0)
        let episodes = try FileManager.default.contentsOfDirectory(atPath: "\(site)/episodes")
        #expect(episodes.count == 12)
        #expect(try await NarrateBinary.run(["rm", "2", "--library", library]).status == 0)
        let again = try await NarrateBinary.run(["publish", site, "--base-url", base, "--library", library])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("published 2 episodes") && again.standardOutput.contains("4 removed"))
        let left = try FileManager.default.contentsOfDirectory(atPath: "\(site)/episodes")
        #expect(left.count == 8 && !left.contains { $0.hasPrefix("2-") })
        let feed = try String(contentsOfFile: "\(site)/feed.xml", encoding: .utf8)
        #expect(feed.components(separatedBy: "<item>").count - 1 == 2)
        try Self.expectConsistent(site, base: base)
        // The list of narrate's files names exactly what is there.
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(site)/.narrate-publish.json")))
            as? [String: Any]
        let listed = Set(manifest?["files"] as? [String] ?? [])
        #expect(listed == Set(Self.snapshot(site).keys).subtracting([".narrate-publish.json"]))
    }

    /// Killed (`kill -9`) while a new edition is written: the feed before is intact and every
    /// file it names is whole; the next run finishes the new one and leaves nothing behind.
    @Test func killedHalfwayLeavesThePreviousFeedIntact() async throws {
        let scratch = try ScratchDirectory()
        let library = try await Self.library(scratch, count: 40)
        let site = "\(scratch.path)/site"
        let base = "https://example.org/podcast/"
        #expect(try await NarrateBinary.run(["publish", site, "--base-url", base, "--library", library]).status == 0)
        // The Opus audio made beforehand (published elsewhere), so the next run only copies and writes.
        #expect(
            try await NarrateBinary.run(["publish", "\(scratch.path)/other", "--base-url", base, "--format", "opus", "--library", library])
                .status
                == 0)
        let feedBefore = try Data(contentsOf: URL(fileURLWithPath: "\(site)/feed.xml"))
        var killedMidway = false
        for _ in 0..<5 where !killedMidway {
            let process = try await NarrateBinary.start(["publish", site, "--base-url", base, "--format", "opus", "--library", library])
            // Looked for every half millisecond, to kill it as the first episode appears: on a
            // thread of its own.
            try await onOwnThread {
                let deadline = Date().addingTimeInterval(60)
                while process.isRunning, Date() < deadline {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(site)/episodes")) ?? []
                    if names.contains(where: { $0.hasSuffix(".opus") }) { break }
                    usleep(500)
                }
            }
            kill(process.processIdentifier, SIGKILL)
            await process.exited()
            killedMidway =
                process.terminationReason == .uncaughtSignal
                && (try? Data(contentsOf: URL(fileURLWithPath: "\(site)/feed.xml"))) == feedBefore
            // Whatever moment it died at, the feed in place names whole files only.
            try Self.expectConsistent(site, base: base)
            if !killedMidway {
                // It finished first: back to MP3 for another try.
                #expect(try await NarrateBinary.run(["publish", site, "--base-url", base, "--library", library]).status == 0)
            }
        }
        #expect(killedMidway, "publish always finished before it could be killed")
        // What a run killed while writing the list of files leaves, whenever it was killed.
        for name in ["..narrate-publish.json.Ab12Cd.tmp", ".feed.xml.Zz99yy.tmp"] {
            #expect(FileManager.default.createFile(atPath: "\(site)/\(name)", contents: Data("half".utf8)))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(site)/feed.xml")) == feedBefore)
        let rerun = try await NarrateBinary.run(["publish", site, "--base-url", base, "--format", "opus", "--library", library])
        #expect(rerun.status == 0, "\(rerun.standardError)")
        try Self.expectConsistent(site, base: base)
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(site)/episodes")
        #expect(names.filter { $0.hasSuffix(".opus") }.count == 40)
        #expect(!names.contains { $0.hasSuffix(".mp3") || $0.hasSuffix(".tmp") })
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: site)).contains { $0.hasSuffix(".tmp") })
    }

    /// A second run into a folder another run is writing into is refused; a symbolic link
    /// where narrate's file stood is never written through; the podcast keeps its guid when
    /// its address changes.
    @Test func oneRunAtATimeNoLinksFollowedAndTheGuidKept() async throws {
        let scratch = try ScratchDirectory()
        let library = try await Self.library(scratch, count: 2)
        let site = "\(scratch.path)/site"
        #expect(try await NarrateBinary.run(["publish", site, "--base-url", "https://example.org/a/", "--library", library]).status == 0)
        let guid = try #require(
            try String(contentsOfFile: "\(site)/feed.xml", encoding: .utf8)
                .components(separatedBy: "<podcast:guid>").dropFirst().first?.components(separatedBy: "<").first)
        #expect(guid.count == 36)

        // Held by another run (here flock(1), as a run holds it).
        let holder = try await NarrateBinary.start(["flock", site, "sleep", "30"], executable: "/usr/bin/env")
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        // Held once a try of its own is refused (flock -n exits 1), however slowly it started.
        let held = Date().addingTimeInterval(30)
        while Date() < held {
            let probe = try await NarrateBinary.start(["flock", "-n", site, "true"], executable: "/usr/bin/env")
            await probe.exited()
            if probe.terminationStatus == 1 { break }
            await pause(0.05)
        }
        let refused = try await NarrateBinary.run(["publish", site, "--base-url", "https://example.org/a/", "--library", library])
        #expect(
            refused.status == 73 && refused.standardError.contains("another narrate publish is writing into it"), "\(refused.standardError)"
        )
        kill(holder.processIdentifier, SIGKILL)
        await holder.exited()

        // A link where index.html stood: refused, and what it points at untouched.
        let mine = try scratch.write("mine.html", text: "mine\n")
        try FileManager.default.removeItem(atPath: "\(site)/index.html")
        try FileManager.default.createSymbolicLink(atPath: "\(site)/index.html", withDestinationPath: mine)
        let linked = try await NarrateBinary.run(["publish", site, "--base-url", "https://example.org/b/", "--library", library])
        #expect(linked.status == 73 && linked.standardError.contains("is a symbolic link"), "\(linked.standardError)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine\n")
        try FileManager.default.removeItem(atPath: "\(site)/index.html")

        // Moved to another address: the same podcast guid.
        #expect(try await NarrateBinary.run(["publish", site, "--base-url", "https://example.org/b/", "--library", library]).status == 0)
        let moved = try String(contentsOfFile: "\(site)/feed.xml", encoding: .utf8)
        #expect(moved.contains("<podcast:guid>\(guid)</podcast:guid>") && moved.contains("https://example.org/b/feed.xml"))
    }

    @Test func badInputIsOneLineAndNothingOfAnyoneElsesIsTouched() async throws {
        let scratch = try ScratchDirectory()
        let library = try await Self.library(scratch, count: 1)
        let foreign = "\(scratch.path)/foreign"
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try "mine\n".write(toFile: "\(foreign)/index.html", atomically: true, encoding: .utf8)
        let refused = try await NarrateBinary.run(["publish", foreign, "--base-url", "https://example.org/", "--library", library])
        #expect(refused.status == 73 && refused.errorLines.count == 1, "\(refused.standardError)")
        #expect(refused.standardError.contains("holds files narrate did not publish (index.html)"))
        #expect(try String(contentsOfFile: "\(foreign)/index.html", encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: foreign) == ["index.html"])
        for (arguments, message) in [
            (["--base-url", "ftp://example.org/"], "not an http or https address"),
            (["--base-url", "example.org/podcast"], "not an http or https address"),
            (["--base-url", "https://example.org/", "--format", "wav"], "a podcast feed offers mp3, opus or ogg"),
            (["--base-url", "https://example.org/", "--tag", "a", "--unfinished"], "one of --tag, --unfinished, --search and --book"),
            (["--base-url", "https://example.org/", "--book", "1", "--format", "opus"], "a book's feed is MP3"),
            (["--base-url", "https://example.org/", "--book", "0"], "--book is an article's id"),
            (["--base-url", "https://example.org/", "--limit", "0"], "--limit must be 1 or more"),
        ] {
            let run = try await NarrateBinary.run(["publish", "\(scratch.path)/site", "--library", library] + arguments)
            #expect(
                run.status == 64 && run.errorLines.count == 1 && run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/site"))
        let file = try scratch.write("plain.txt", text: "x")
        let notFolder = try await NarrateBinary.run(["publish", file, "--base-url", "https://example.org/", "--library", library])
        #expect(notFolder.status == 73 && notFolder.standardError.contains("not a folder"))
    }

    /// A book of an opening and four chapters, each with a section inside it.
    static let book: String = {
        var text = "# The patient book\n\nA short preface sits before the chapters and says a few words about the keeper and the book.\n\n"
        text += MarkdownBook.text(title: "unused", chapters: 4, sentencesEach: 12) { chapter, number in
            "In chapter \(chapter) the keeper counted ship \(number) passing the rocks."
        }.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        return text.replacingOccurrences(of: "## Chapter 2\n", with: "### A section\n\nIt has a sentence of its own.\n\n## Chapter 2\n")
    }()

    @Test(.enabled(if: FeedTools.available, "needs feedparser, webvtt-py and srt: run scripts/install-dependencies --tests"))
    func aBookIsItsOwnPodcastAChapterAnEpisodeCutFromItsRender() async throws {
        let scratch = try ScratchDirectory()
        let library = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(["add", try scratch.write("book.md", text: Self.book), "--library", library])
        #expect(added.status == 0, "\(added.standardError)")
        let site = "\(scratch.path)/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let server = try await StaticFolderServer(folder: site)
        let run = try await NarrateBinary.run(["publish", site, "--base-url", server.base, "--book", "1", "--library", library])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("published 5 episodes"), "\(run.standardOutput)")
        let (report, output) = try await FeedTools.check(server.base + "feed.xml", staticServer: true)
        #expect((report["problems"] as? [String]) == [], "\(output.prefix(3_000))")
        let channel = try #require(report["channel"] as? [String: Any])
        #expect(channel["title"] as? String == "The patient book")
        let feed = try String(contentsOfFile: "\(site)/feed.xml", encoding: .utf8)
        #expect(feed.contains("<itunes:type>serial</itunes:type>"))
        let items = try #require(report["items"] as? [[String: Any]])
        // The opening, then the chapters in order; the section stays inside chapter 1.
        #expect(items.map { $0["title"] as? String } == ["The patient book", "Chapter 1", "Chapter 2", "Chapter 3", "Chapter 4"])
        #expect(
            feed.components(separatedBy: "<itunes:episode>").dropFirst().map { $0.prefix { $0.isNumber } } == ["1", "2", "3", "4", "5"])
        try Self.expectConsistent(site, base: server.base)

        // Each chapter file plays as long as the feed says, and they add up to the book.
        let render = try #require(
            try ArticleLibrary(location: LibraryLocation(databasePath: library)).renders.renders(ofArticle: 1).first { $0.format == "mp3" })
        var total = 0.0
        for (number, item) in items.enumerated() {
            let path =
                "\(site)/episodes/" + String(try #require(item["enclosure"] as? [String: String])["url"]!.split(separator: "/").last!)
            let reader = try AudioFileReader(path: path)
            let seconds = Double(reader.frames) / Double(reader.sampleRate)
            total += seconds
            let said = try #require(Double(item["duration"] as? String ?? ""))
            #expect(abs(seconds - said) < 1, "chapter \(number + 1): \(seconds) s, the feed says \(said)")
            // Listened to: the chapter's heading is spoken where its transcript says, not cut.
            let cues = try #require((item["transcripts"] as? [[String: Any]])?.first?["cues"] as? [[Any]])
            let firstCue = try #require(cues.first?.first as? Double)
            let samples = reader.readAll()
            let onset = Double(samples.firstIndex { abs(Int($0)) > 800 } ?? 0) / Double(reader.sampleRate)
            // Within a frame or so: a decoder may drop the first frame, whose bit reservoir is cut off.
            #expect(abs(onset - firstCue) < 0.06, "chapter \(number + 1): speech starts at \(onset) s, its transcript at \(firstCue) s")
            if number > 0 { #expect(firstCue > 0.05, "chapter \(number + 1) starts with no pause before its heading") }
        }
        #expect(abs(total - render.duration) < 1.5, "the chapters last \(total) s, the book \(render.duration) s")
        let chapters = try String(
            contentsOfFile: "\(site)/episodes/1-the-patient-book-r\(render.id)-chapter-002.chapters.json", encoding: .utf8)
        #expect(chapters.contains("\"A section\""))

        let missing = try await NarrateBinary.run([
            "publish", "\(scratch.path)/other", "--base-url", server.base, "--book", "9", "--library", library,
        ])
        #expect(missing.status != 0 && missing.errorLines.count == 1, "\(missing.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/other/feed.xml"))
    }
}
