import Foundation
import NarrateAudio
import NarrateBatch
import NarrateCore
import NarrateImport
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateRendering
import NarrateTestSupport
import Testing

/// Adding inputs to the library, in process with a fake engine: each input's outcome in
/// order, one bad file failing alone, and choices checked before the library is opened.
@Suite("Article import")
struct ArticleImportTests {
    let scratch: ScratchDirectory
    let fixture: LibraryFixture

    init() throws {
        scratch = try ScratchDirectory()
        fixture = try LibraryFixture()
    }

    func add(
        _ paths: [String], with importer: ArticleImport = ArticleImport(), opened: UnsafeMutablePointer<Bool>? = nil
    ) throws -> [(String, ArticleImport.Outcome)] {
        var outcomes: [(String, ArticleImport.Outcome)] = []
        let library = fixture.library
        try importer.add(
            paths,
            to: { () throws(NarrateError) in
                opened?.pointee = true
                return library
            }, engine: { () throws(NarrateError) in FakeEngine() }, environment: [:]
        ) { outcomes.append(($0, $1)) }
        return outcomes
    }

    @Test func aFolderIsAddedFileByFileAndABadFileFailsAlone() throws {
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/in", withIntermediateDirectories: true)
        try scratch.write("in/a.txt", text: "Apples\n\nRed and round.\n")
        try scratch.write("in/b.md", text: "# Bees\n\nThey buzz.\n")
        try scratch.write("in/c.txt", [0x41, 0x00, 0x42])
        try scratch.write("in/.hidden.txt", text: "Hidden\n")
        let outcomes = try add(["\(scratch.path)/in"], with: ArticleImport(tags: ["fruit"]))
        #expect(outcomes.map { ($0.0 as NSString).lastPathComponent } == ["a.txt", "b.md", "c.txt"])
        guard case .added(let id, "Apples") = outcomes[0].1, case .added(_, "Bees") = outcomes[1].1,
            case .failed(.binaryInput) = outcomes[2].1
        else {
            Issue.record("unexpected outcomes \(outcomes)")
            return
        }
        #expect(try fixture.library.articles.article(id: id).summary.tags == ["fruit"])
        let again = try add(["\(scratch.path)/in/a.txt"])
        guard case .exists(id, _) = try #require(again.first?.1) else {
            Issue.record("the same content again should exist: \(again)")
            return
        }
    }

    @Test func theChoicesGoIntoTheArticle() throws {
        let path = try scratch.write("a.txt", text: "Сонце сходить. Птахи співають.\n")
        let outcomes = try add([path], with: ArticleImport(title: "Ранок", language: "uk", voice: "uk"))
        guard case .added(let id, "Ранок") = try #require(outcomes.first?.1) else {
            Issue.record("unexpected outcomes \(outcomes)")
            return
        }
        let article = try fixture.library.articles.article(id: id)
        #expect(article.summary.language == "uk")
        #expect(article.voice == "uk")
        #expect(article.sourcePath == path)
    }

    @Test func badChoicesAreRefusedBeforeTheLibraryOpens() throws {
        let path = try scratch.write("a.txt", text: "Words.\n")
        var opened = false
        #expect(throws: NarrateError.self) { try add([path], with: ArticleImport(language: "english"), opened: &opened) }
        #expect(throws: NarrateError.unknownVoice(name: "klingon", suggestions: [])) {
            try add([path], with: ArticleImport(voice: "klingon"), opened: &opened)
        }
        #expect(!opened)
        #expect(throws: NarrateError.invalidOption(name: "title", message: "title names one article; 2 were given")) {
            try add([path, path], with: ArticleImport(title: "One"))
        }
    }
}

/// The small pieces front ends share: encoding choices as typed, batch status and events,
/// durations as listeners read them.
@Suite("Encoding choices, batch status and durations")
struct SharedPiecesTests {
    @Test func theFormatComesFromTheChoiceElseTheExtensionElseWAV() throws {
        #expect(try EncodingChoice().encoding(output: nil).format == .wav)
        #expect(try EncodingChoice().encoding(output: "/tmp/x.mp3").format == .mp3)
        #expect(try EncodingChoice(format: "OGG").encoding(output: nil).format == .ogg)
        #expect(try EncodingChoice(format: "flac").encoding(output: "-").format == .flac)
        #expect(try EncodingChoice(format: "mp3", bitrate: "48k").encoding(output: nil).bitrate == 48)
    }

    @Test(arguments: [
        (EncodingChoice(format: "aiff"), "/tmp/a", "format"),
        (EncodingChoice(), "/tmp/a.xyz", "output"),
        (EncodingChoice(format: "mp3"), "/tmp/a.ogg", "format"),
        (EncodingChoice(format: "mp3", bitrate: "fast"), "/tmp/a", "bitrate"),
        (EncodingChoice(format: "wav", bitrate: "64"), "/tmp/a", "bitrate"),
        (EncodingChoice(format: "wav"), "-", ""),
    ])
    func badChoicesNameTheSetting(choice: EncodingChoice, output: String, setting: String) {
        do {
            _ = try choice.encoding(output: output)
            Issue.record("\(choice) onto \(output) was accepted")
        } catch {
            switch error {
            case .invalidOption(let name, let message):
                #expect(name == setting)
                #expect(message.hasPrefix(setting), "\(message)")
                #expect(!message.contains("--"), "library messages name no flags: \(message)")
            case .module(let failure):
                #expect(!failure.description.contains("--"), "library messages name no flags: \(failure)")
                if case .unwritableExtension(let suffix, _) = failure.error as? OutputError {
                    #expect(setting == "output" && suffix == "xyz")
                } else if case .cannotStream(let path, _, let format) = failure.error as? AudioError {
                    #expect(setting.isEmpty && path == "-" && format == "WAV")
                } else {
                    Issue.record("unexpected \(error)")
                }
            default:
                Issue.record("unexpected \(error)")
            }
        }
    }

    /// Five jobs: two done (10 minutes of audio each), one failed, one running, one queued.
    func queue() throws -> (LibraryFixture, [BatchJob]) {
        let fixture = try LibraryFixture()
        for index in 1...4 {
            _ = try fixture.addArticle("Article \(index)\n\nText number \(index).\n")
        }
        for id in try fixture.library.articles.list().map(\.id).sorted() {
            _ = try fixture.library.queue.enqueue(
                articleId: id, settingsHash: "h", renderRequest: "{}", format: "wav", outputPath: "/o/\(id).wav", maxAttempts: 1)
        }
        for _ in 0..<2 {
            let job = try #require(try fixture.library.queue.claimJob(worker: "w", leaseSeconds: 20))
            _ = try fixture.library.queue.completeJob(id: job.id, worker: "w", durationSeconds: 600)
        }
        let failing = try #require(try fixture.library.queue.claimJob(worker: "w", leaseSeconds: 20))
        try fixture.library.queue.failJob(id: failing.id, worker: "w", error: "broken")
        _ = try fixture.library.queue.claimJob(worker: "w", leaseSeconds: 20)
        return (fixture, try fixture.library.queue.jobs())
    }

    @Test func theStatusCountsJobsAudioSpeedAndTimeLeft() throws {
        let (_, jobs) = try queue()
        let status = BatchStatus(jobs: jobs, elapsed: 60)
        #expect(status.done == 2 && status.failed == 1 && status.total == 5)
        #expect(status.audioSeconds == 1200)
        #expect(status.speed == 20)
        #expect(status.etaSeconds == 60)
        #expect(status.running.count == 1)
        #expect(BatchStatus(jobs: jobs.filter { $0.state == .queued }, elapsed: 5).etaSeconds == nil)
        let event = status.event(upToDate: 3)
        #expect(event["event"] as? String == "progress" && event["upToDate"] as? Int == 3)
        #expect(JSONSerialization.isValidJSONObject(event))
        let failed = try #require(jobs.first { $0.state == .failed })
        let failedEvent = BatchStatus.event(job: failed, title: "Three")
        #expect(failedEvent["error"] as? String == "broken" && failedEvent["title"] as? String == "Three")
        let done = try #require(jobs.first { $0.state == .done })
        #expect(BatchStatus.event(job: done, title: nil)["duration"] as? Double == 600)
    }

    @Test(arguments: [(0.0, "0:00", "0.0 s"), (9.84, "0:10", "9.8 s"), (134.3, "2:14", "2:14.3"), (3723.4, "1:02:03", "1:02:03.4")])
    func durationsReadAsListenersExpect(seconds: Double, minutes: String, precise: String) {
        #expect(DurationText.minutes(seconds) == minutes)
        #expect(DurationText.precise(seconds) == precise)
    }
}
