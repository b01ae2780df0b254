import Foundation
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateQueue
import NarrateTestSupport
import Testing

/// `narrate batch` and `narrate jobs`, with worker processes and the faults they must
/// survive (see `BatchFixture`: leases are 2 s, so a dead worker's job comes back fast).
@Suite("Batch narration", .endToEnd)
struct BatchTests {
    let fixture: BatchFixture
    var scratch: ScratchDirectory { fixture.scratch }
    var libraryPath: String { fixture.libraryPath }

    init() throws {
        fixture = try BatchFixture()
    }

    func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
        try await fixture.narrate(arguments)
    }

    func library() throws -> ArticleLibrary {
        try fixture.library()
    }

    func addSamples() async throws {
        for name in ["en-news.txt", "uk-news.txt", "de-article.txt"] {
            #expect(try await narrate(["add", NarrateBinary.sample(name)]).status == 0)
        }
    }

    func start(_ arguments: [String]) async throws -> Process {
        try await fixture.start(arguments)
    }

    func expectValidOutputs(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try fixture.expectValidOutputs(sourceLocation: sourceLocation)
    }

    @Test func aBatchNarratesEveryArticleAndASecondRunFindsThemUpToDate() async throws {
        try await addSamples()
        let run = try await narrate(["batch", "--all", "--jobs", "2", "--output-dir", "out", "--quiet"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("done 3, up to date 0, failed 0"), "\(run.standardOutput)")
        let names = try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/out").sorted()
        #expect(names.count == 3)
        #expect(names.allSatisfy { !$0.hasPrefix(".") && $0.hasSuffix(".wav") && !$0.contains("/") })
        #expect(names.contains("у-полтаві-відкрили-оновлену-колекцію-лікарських-рослин-2.wav"))
        try expectValidOutputs()
        let again = try await narrate(["batch", "--all", "--output-dir", "out", "--quiet"])
        #expect(again.standardOutput.hasPrefix("done 0, up to date 3, failed 0"), "\(again.standardOutput)")
    }

    @Test func aWorkerKilledMidJobHasItsJobFinishedByARetry() async throws {
        try await addSamples()
        let coordinator = try await start(["batch", "--all", "--jobs", "2", "--output-dir", "out", "--quiet"])
        // Wait for a running job, then kill the worker that holds it (not just any worker:
        // the other may be idle, and then nothing would be retried).
        var killed = false
        let deadline = Date().addingTimeInterval(30)
        while !killed, Date() < deadline, coordinator.isRunning {
            if let worker = (try? library().queue.jobs(in: [.running]))?.first?.worker {
                let pgrep = try await NarrateBinary.run(
                    ["-f", "worker --name \(worker) .*--library \(libraryPath)"], executable: "/usr/bin/pgrep")
                if let pid = pgrep.standardOutput.split(separator: "\n").first.flatMap({ Int32($0) }) {
                    kill(pid, SIGKILL)
                    killed = true
                }
            }
            await pause(0.02)
        }
        await coordinator.exited()
        #expect(killed, "no worker was seen running")
        #expect(coordinator.terminationStatus == 0)
        let jobs = try library().queue.jobs()
        #expect(jobs.count == 3 && jobs.allSatisfy { $0.state == .done })
        #expect(jobs.contains { $0.attempts == 2 }, "the killed worker's job was not retried: \(jobs.map(\.attempts))")
        try expectValidOutputs()
    }

    @Test func afterTheCoordinatorIsKilledJobsRunFinishesTheRestAndABrokenJobFailsAlone() async throws {
        try await addSamples()
        let coordinator = try await start(["batch", "--all", "--jobs", "1", "--output-dir", "out", "--quiet"])
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, (try? library().queue.jobs().count) ?? 0 < 3 { await pause(0.01) }
        kill(coordinator.processIdentifier, SIGKILL)
        await coordinator.exited()
        // Article 3's stored content becomes unreadable: its job can never succeed.
        let python = try await NarrateBinary.run(
            [
                "python3", "-c",
                "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE articleContent SET document='broken' WHERE articleId=3\"); c.commit()",
                libraryPath,
            ],
            executable: "/usr/bin/env", environment: [:]
        )
        #expect(python.status == 0, "\(python.standardError)")
        let rest = try await narrate(["jobs", "run", "--jobs", "2", "--quiet"])
        #expect(rest.status == 75, "\(rest.standardOutput) \(rest.standardError)")
        let jobs = try library().queue.jobs()
        #expect(jobs.filter { $0.state == .done }.map(\.articleId).sorted() == [1, 2])
        let broken = try #require(jobs.first { $0.articleId == 3 })
        #expect(broken.state == .failed && broken.attempts == 3 && broken.lastError != nil)
        #expect(rest.standardOutput.contains("failed: job \(broken.id)"))
        try expectValidOutputs()
    }

    /// A book of five chapters of 45 sentences each (about four minutes of speech).
    static let book = MarkdownBook.text(title: "The patient book", chapters: 5, sentencesEach: 45) { chapter, number in
        "In chapter \(chapter) the keeper counted ship \(number) passing the rocks."
    }

    @Test func aBookKilledInItsThirdChapterGoesOnThereWhenTheJobsRunAgain() async throws {
        let book = try scratch.write("book.md", text: Self.book)
        #expect(try await narrate(["add", book]).status == 0)
        let coordinator = try await start(["batch", "--all", "--jobs", "1", "--output-dir", "out", "--quiet"])
        let audio = LibraryLocation(databasePath: libraryPath).audioDirectory
        func kept() -> String? { DirectoryEntries.names(audio).first { $0.hasPrefix(".chapters-") }.map { "\(audio)/\($0)" } }
        // The title and two chapters kept: the third is being spoken.
        let third = await fixture.wait(
            until: { kept().map { FileManager.default.fileExists(atPath: "\($0)/part-0002.json") } ?? false }, while: coordinator)
        try #require(third, "no chapter was kept")
        let pgrep = try await NarrateBinary.run(["-f", "worker --name .*--library \(libraryPath)"], executable: "/usr/bin/pgrep")
        for pid in pgrep.standardOutput.split(separator: "\n").compactMap({ Int32($0) }) { kill(pid, SIGKILL) }
        kill(coordinator.processIdentifier, SIGKILL)
        await coordinator.exited()
        let folder = try #require(kept())
        // The first chapter's kept audio becomes silence of its length: if the render goes on
        // from the chapters kept, the file has silence there; if it starts again, speech.
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/part-0001.json"))) as? [String: Any])
        let stretch = try #require(record["stretch"] as? [String: Any])
        let (start, end) = (try #require(stretch["startFrame"] as? Int), try #require(stretch["endFrame"] as? Int))
        let silence = try AudioFileWriter(
            destination: "\(folder)/part-0001.flac", sampleRate: try AudioFileInfo.read(path: "\(folder)/part-0001.flac").sampleRate,
            encoding: AudioEncoding(format: .flac), overwrite: true)
        try silence.writeSilence(samples: end - start)
        try silence.commit()
        var edited = record
        edited["audioBytes"] = try FileManager.default.attributesOfItem(atPath: "\(folder)/part-0001.flac")[.size] as? Int
        try JSONSerialization.data(withJSONObject: edited).write(to: URL(fileURLWithPath: "\(folder)/part-0001.json"))

        let rest = try await narrate(["jobs", "run", "--jobs", "1", "--quiet"])
        #expect(rest.status == 0, "\(rest.standardOutput) \(rest.standardError)")
        let job = try #require(try library().queue.jobs().first)
        #expect(job.state == .done && job.attempts == 2)
        let reader = try AudioFileReader(path: job.outputPath)
        let samples = reader.readAll()
        #expect(samples.count == reader.frames && end < samples.count)
        #expect(samples[start..<end].allSatisfy { $0 == 0 }, "the first chapter was spoken again")
        #expect(samples[..<start].contains { $0 != 0 } && samples[end...].contains { $0 != 0 })
        let render = try #require(try library().renders.renders(ofArticle: job.articleId).first)
        #expect(
            try library().renders.sentenceSamples(ofRender: render.id).count == library().articles.summary(id: job.articleId).sentenceCount)
        #expect(kept() == nil, "the kept chapters stayed after the render")
        try expectValidOutputs()
    }
}
