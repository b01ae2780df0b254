import Foundation
import NarrateTestSupport
import Testing

/// Inputs a stranger could send to make narrate big or slow (issue 34), made by
/// `Tests/Hostile/hostile_inputs.py` and run through the built `narrate` with its peak
/// memory measured (the generator's `peak` runs it as its only child). Sizes are scaled down
/// where the property is the same: memory is shown bounded by the peak at a size that would
/// pass the bound if memory grew with the input, as it did (about 30 times the content).
@Suite("Hostile inputs: refused before they are read, or read in bounded memory", .endToEnd, .serialized)
struct HostileInputTests {
    /// The bound every input must keep to.
    static let peakLimitKiB = 512 * 1024
    static let generator = "\(NarrateBinary.packageRoot)/Tests/Hostile/hostile_inputs.py"
    /// Whether narrate runs instrumented (scripts/sanitize): memory is then not what is measured.
    static let measuresMemory = (Double(ProcessInfo.processInfo.environment["NARRATE_TEST_SLOWDOWN"] ?? "") ?? 1) <= 1

    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory()
    }

    var library: String { "\(scratch.path)/library.sqlite" }

    /// Writes an input with the generator: `kind`, `arguments`; returns its path.
    func make(_ kind: String, _ name: String, _ arguments: [String] = []) async throws -> String {
        let path = "\(scratch.path)/\(name)"
        let made = try await NarrateBinary.run(["python3", Self.generator, kind, path] + arguments, executable: "/usr/bin/env")
        try #require(made.status == 0, "\(made.standardError)")
        return path
    }

    /// `narrate ARGUMENTS` and its peak resident memory in KiB.
    func measured(_ arguments: [String]) async throws -> (NarrateBinary.Outcome, peakKiB: Int) {
        let outcome = try await NarrateBinary.run(
            ["python3", Self.generator, "peak", "--", NarrateBinary.path] + arguments, executable: "/usr/bin/env"
        )
        let line = outcome.standardError.split(separator: "\n").last { $0.hasPrefix("peak-kib ") } ?? ""
        let peak = Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
        let status = Int32(line.split(separator: " ").last ?? "") ?? -1
        let errors = outcome.standardError.split(separator: "\n").filter { !$0.hasPrefix("peak-kib ") }.joined(separator: "\n")
        return (NarrateBinary.Outcome(status: status, standardOutput: outcome.standardOutput, standardError: errors), peak)
    }

    /// Checks that `what` peaked at most at `limitKiB` (the bound every input keeps to unless
    /// said); under a sanitizer, whose shadow memory and quarantine are counted too, only that
    /// a peak was measured.
    func expectBounded(_ peak: Int, _ what: String, limitKiB: Int = peakLimitKiB, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(peak > 0, "\(what): no peak measured", sourceLocation: sourceLocation)
        if Self.measuresMemory {
            #expect(peak <= limitKiB, "\(what): \(peak / 1024) MiB at its peak", sourceLocation: sourceLocation)
        }
    }

    /// An article over 16 MiB, by file (sparse: nothing is written) or piped in, is refused
    /// with one line and exit 65 by every command, before it is read.
    @Test func anArticleOverTheLimitIsRefusedBeforeItIsRead() async throws {
        let big = "\(scratch.path)/huge.txt"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 900 << 20)
        try handle.close()
        for command in [
            ["add", big, "--library", library], ["segment", big], ["extract", big], ["convert", big, "-o", "\(scratch.path)/x.wav"],
        ] {
            let (outcome, peak) = try await measured(command)
            #expect(outcome.status == 65, "\(command[0]): \(outcome.status) \(outcome.standardError)")
            #expect(
                outcome.errorLines == [
                    "narrate: \(big): larger than 16 MiB, the most narrate reads as an article; save a shorter part, or split it"
                ])
            expectBounded(peak, "\(command[0]) refusing it", limitKiB: 64 * 1024)
        }
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/x.wav"))
        // Piped: refused as soon as more than the limit has come.
        let piped = try await NarrateBinary.run(
            ["sh", "-c", "head -c 20000000 /dev/zero | tr '\\0' 'a' | \(NarrateBinary.path) segment -"], executable: "/usr/bin/env"
        )
        #expect(piped.status == 65)
        #expect(piped.standardError.contains("standard input: larger than 16 MiB"))
    }

    /// 300 MiB of Markdown in one article of an Omnivore zip of a few MiB (30 times that
    /// would be 9 GB), beside small ones: the large one is one line, the rest are added, in
    /// bounded memory.
    @Test func aZipOfHundredsOfMegabytesOfMarkdownIsImportedInBoundedMemory() async throws {
        let zip = try await make("omnivore-zip", "omnivore.zip", ["--entries", "1", "--entry-mib", "300"])
        let small = try await make("omnivore-zip", "small.zip", ["--entries", "3", "--entry-mib", "0.05", "--start", "1"])
        let (outcome, peak) = try await measured(["import", zip, "--library", library])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("imported 1 link: 0 added, 1 without an article"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("content/article-0.md: larger than 16 MiB, the most narrate reads as an article"))
        expectBounded(peak, "import of 300 MiB of Markdown")
        let (rest, _) = try await measured(["import", small, "--library", library])
        #expect(rest.status == 0, "\(rest.standardError)")
        #expect(rest.standardOutput.contains("imported 3 links: 3 added"), "\(rest.standardOutput)")
    }

    /// Several large articles in one zip (3 of 6 MiB: 18 MiB, which at 30 times would be
    /// 540 MB): read one at a time within the import's budget.
    @Test(.enabled(if: measuresMemory, "an instrumented narrate's memory is not what is measured"))
    func manyLargeArticlesOfAZipAreReadOneAtATime() async throws {
        let zip = try await make("omnivore-zip", "large.zip", ["--entries", "3", "--entry-mib", "6"])
        let (outcome, peak) = try await measured(["import", zip, "--library", library])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("imported 3 links: 3 added"), "\(outcome.standardOutput)")
        expectBounded(peak, "import of 3 articles of 6 MiB")
    }

    /// A list of links larger than an export may be (80 MiB of JSON in a zip; 900 MiB took
    /// 3.7 GB): one line, exit 65, before it is read whole.
    @Test func anExportListOverTheLimitIsRefused() async throws {
        let zip = try await make("json-zip", "metadata.zip", ["--mib", "80"])
        let (outcome, peak) = try await measured(["import", zip, "--library", library])
        #expect(outcome.status == 65, "\(outcome.standardError)")
        #expect(outcome.standardError.contains("metadata_0_to_1.json: larger than 64 MiB, the most narrate reads as one list of an export"))
        expectBounded(peak, "refusing it", limitKiB: 128 * 1024)
    }

    /// 16 MiB of text with no sentence end (20 MB took 573 MB to segment): sentences of at
    /// most 1,000 characters, in bounded memory.
    @Test(.enabled(if: measuresMemory, "an instrumented narrate's memory is not what is measured"))
    func textWithoutSentenceEndsIsCutIntoSentencesInBoundedMemory() async throws {
        let text = try await make("text", "endless.txt", ["--mib", "15.9", "--no-punctuation"])
        let (segmented, peak) = try await measured(["segment", text, "--json"])
        #expect(segmented.status == 0, "\(segmented.standardError)")
        expectBounded(peak, "segment of 16 MiB without sentence ends")
        let sentences = try #require(try JSONSerialization.jsonObject(with: Data(segmented.standardOutput.utf8)) as? [[String: Any]])
        #expect(sentences.count > 16_000)
        #expect(sentences.allSatisfy { ($0["end"] as? Int ?? 0) - ($0["start"] as? Int ?? 0) <= 1_000 })
    }

    /// A line of a megabyte makes no title of a megabyte (a 20 MB one did, and `list` printed 42 MB).
    @Test func aLongLineMakesAShortTitle() async throws {
        let line = try await make("long-line", "line.txt", ["--mib", "1"])
        let added = try await NarrateBinary.run(["add", line, "--library", library])
        #expect(added.status == 0, "\(added.standardError)")
        let listed = try await NarrateBinary.run(["list", "--json", "--library", library])
        #expect(listed.standardOutput.utf8.count < 4_096)
        let titles = (try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: Any]] ?? []).compactMap {
            $0["title"] as? String
        }
        #expect(titles.count == 1)
        #expect(titles.allSatisfy { $0.count <= 250 && $0.hasSuffix("…") })
    }

    /// A web page at the limit (16 MiB of paragraphs; 50 MB took 1.1 GB) is added in
    /// bounded memory; one over it is refused by its size.
    @Test(.enabled(if: measuresMemory, "an instrumented narrate's memory is not what is measured"))
    func aWebPageAtTheLimitIsAddedInBoundedMemory() async throws {
        let page = try await make("html", "page.html", ["--mib", "15.9"])
        let (added, peak) = try await measured(["add", page, "--library", library])
        #expect(added.status == 0, "\(added.standardError)")
        expectBounded(peak, "add of a 16 MiB page")
        let over = try await make("html", "over.html", ["--mib", "16.5"])
        let (refused, _) = try await measured(["add", over, "--library", library])
        #expect(refused.status == 65)
    }

    /// A page of 15 MB of 399-level nested blocks (1.3 million elements; 19 MB of them took
    /// 746 MB and over two minutes) is refused before it is parsed; 4.5 KB of them is read.
    @Test func aPageOfNestedBlocksBeyondTheElementsNarrateReadsIsRefusedAtOnce() async throws {
        let page = try await make("nested", "nested.html", ["--depth", "399", "--blocks", "3300"])
        let (refused, peak) = try await measured(["extract", page])
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("elements; narrate reads pages of up to 600000"), "\(refused.standardError)")
        expectBounded(peak, "refusing it", limitKiB: 128 * 1024)
        let small = try await make("nested", "small.html", ["--depth", "399"])
        let read = try await NarrateBinary.run(["extract", small])
        #expect(read.status == 0, "\(read.standardError)")
        #expect(read.standardOutput.contains("The innermost sentence of block 0 has words, commas, and a link."))
    }

    /// A subscription killed (kill -9) halfway through a feed of many items keeps every item
    /// it recorded: the next refresh asks only for the pages not taken yet (and those in
    /// flight at the kill, at most two a job).
    @Test func aKilledSubscriptionKeepsWhatItRecorded() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let environment = ["NARRATE_LIBRARY": library]
        let process = try await NarrateBinary.start(["subscribe", server.url("/many-feed.xml?items=600")], environment: environment)
        let deadline = Date().addingTimeInterval(120)
        var added = 0
        while process.isRunning, Date() < deadline, added < 100 {
            await pause(0.2)
            added = try await server.requestCounts().keys.filter { $0.hasPrefix("/many/") }.count
        }
        kill(process.processIdentifier, SIGKILL)
        await process.exited()
        try #require(added >= 100, "only \(added) pages were asked for before the subscription ended")
        let before = try await NarrateBinary.run(["list", "--all", "--json"], environment: environment)
        let kept = (try JSONSerialization.jsonObject(with: Data(before.standardOutput.utf8)) as? [[String: Any]] ?? []).count
        // Kept: all but those in flight at the kill (the one being recorded, two a job of 8 ahead of it).
        #expect(kept >= added - (1 + 2 * 8), "\(kept) articles kept of \(added) pages asked for")
        let refreshed = try await NarrateBinary.run(["refresh", "--force"], environment: environment)
        #expect(refreshed.status == 0, "\(refreshed.standardError)")
        let counts = try await server.requestCounts().filter { $0.key.hasPrefix("/many/") }
        #expect(counts.count == 600)
        // In flight at the kill: the one being recorded, and at most two a job (8 jobs) ahead of it.
        let askedTwice = counts.filter { $0.value > 1 }.count
        #expect(askedTwice <= 1 + 2 * 8, "\(askedTwice) pages asked for again after the kill")
        let after = try await NarrateBinary.run(["list", "--all", "--json"], environment: environment)
        #expect((try JSONSerialization.jsonObject(with: Data(after.standardOutput.utf8)) as? [[String: Any]] ?? []).count == 600)
    }
}
