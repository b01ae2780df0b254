import Foundation
import NarrateAudio
import NarrateBatch
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateQueue
import NarrateRendering
import NarrateTestSupport
import NarrateText
import Testing

extension LibraryFixture {
    /// Adds another article, with `voice` kept for it; returns its id.
    func addArticle(_ text: String, voice: String? = nil) throws -> Int64 {
        let document = try TextReader().read(text, path: "more.txt")
        let outcome = try library.articles.add(
            NewArticle(
                title: document.title, language: "en", voice: voice, original: Array(text.utf8), document: document,
                sentences: SentenceSegmenter(language: "en").sentences(of: document)
            ))
        guard case .added(let id, _) = outcome else { throw NarrateError(LibraryError.noSuchArticle(id: -1)) }
        return id
    }
}

/// Putting a batch in the queue, in process with a fake engine: which articles, the output
/// names, the typed request each job stores, up-to-date and refused articles.
@Suite("Batch submission")
struct BatchSubmissionTests {
    let fixture: LibraryFixture
    let scratch: ScratchDirectory
    let engine = FakeEngine()
    let presets = VoicePresetLibrary(directories: [])

    init() throws {
        fixture = try LibraryFixture()
        scratch = try ScratchDirectory()
    }

    func submission(force: Bool = false, template: String = "{slug}-{id}") throws -> BatchSubmission {
        try BatchSubmission(
            voice: VoiceRequest(rate: 160), encoding: AudioEncoding(format: .flac), album: "Evening",
            outputDirectory: "\(scratch.path)/out", nameTemplate: template, force: force
        )
    }

    func submit(
        _ articles: BatchSubmission.Articles, with submission: BatchSubmission? = nil
    ) async throws -> (BatchSubmission.Result, [BatchSubmission.Event]) {
        var events: [BatchSubmission.Event] = []
        let result = try await (submission ?? self.submission()).submit(
            articles, library: fixture.library, engine: engine, presets: presets, environment: [:], report: { events.append($0) }
        )
        return (result, events)
    }

    @Test func anArticleIsQueuedWithItsTypedRequestAndAnOutputInTheFolder() async throws {
        let (result, events) = try await submit(.init(inputs: [String(fixture.articleId)]))
        #expect(events.isEmpty)
        #expect(result.jobIds.count == 1)
        #expect(result.titles == [fixture.articleId: "The lighthouse"])
        let job = try #require(try fixture.library.queue.jobs().first)
        #expect(job.articleId == fixture.articleId)
        #expect(job.format == "flac")
        #expect(job.outputPath == "\(scratch.path)/out/the-lighthouse-\(fixture.articleId).flac")
        let request = try RenderRequest(json: try #require(job.renderRequest))
        #expect(request.voice.rate == 160)
        #expect(request.encoding.format == .flac)
        #expect(request.album == "Evening")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: "\(scratch.path)/out", isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func theSameBatchAgainQueuesNothingNew() async throws {
        let (first, _) = try await submit(.init(all: true))
        let (second, _) = try await submit(.init(all: true))
        #expect(second.jobIds == first.jobIds)
        #expect(try fixture.library.queue.jobs().count == 1)
    }

    @Test func filesAreAddedFirstAndIdsKeptOnceInOrder() async throws {
        let path = try scratch.write("harbour.txt", text: "The harbour\n\nBoats came in. Gulls followed them.\n")
        let (result, events) = try await submit(.init(inputs: [path, String(fixture.articleId), path]))
        guard case .added(let id, let title) = try #require(events.first) else {
            Issue.record("expected an added event, got \(events)")
            return
        }
        #expect(title == "The harbour")
        #expect(Set(result.titles.keys) == [id, fixture.articleId])
        #expect(result.jobIds.count == 2)
    }

    @Test func anUnknownIdStopsTheBatchBeforeAnythingIsQueued() async throws {
        await #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 99))) { try await submit(.init(inputs: ["99"])) }
        #expect(try fixture.library.queue.jobs().isEmpty)
    }

    @Test func anInputThatCannotBeReadFailsAloneAndIsCounted() async throws {
        let empty = try scratch.write("empty.txt", text: "  \n")
        let (result, events) = try await submit(.init(inputs: [empty, String(fixture.articleId)]))
        #expect(result.inputFailures == 1 && result.refused == 0)
        #expect(result.jobIds.count == 1)
        guard case .inputFailed(.emptyInput) = try #require(events.first) else {
            Issue.record("expected the empty input to fail, got \(events)")
            return
        }
    }

    @Test func anArticleWhoseVoiceIsUnknownIsRefusedAndTheOthersQueued() async throws {
        let odd = try fixture.addArticle("Odd one\n\nIt has a voice nobody has.\n", voice: "klingon")
        let (result, events) = try await submit(.init(all: true))
        #expect(result.refused == 1)
        #expect(result.jobIds.count == 1)
        guard case .refused(let id, .unknownVoice(let name, _)) = try #require(events.first) else {
            Issue.record("expected a refusal, got \(events)")
            return
        }
        #expect(id == odd)
        #expect(name == "klingon")
    }

    @Test func anArticleAlreadyRenderedThereIsUpToDateUnlessForced() async throws {
        let article = try fixture.library.articles.article(id: fixture.articleId)
        var settings = try ArticleVoice.settings(for: article, request: VoiceRequest(rate: 160), presets: presets, engine: engine)
        settings.encoding = AudioEncoding(format: .flac)
        settings.album = "Evening"
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/out", withIntermediateDirectories: true)
        let output = "\(scratch.path)/out/the-lighthouse-\(fixture.articleId).flac"
        _ = try ArticleRenderer(library: fixture.library, engine: engine).render(
            articleId: fixture.articleId, settings: settings, output: output, overwrite: false
        )
        let (result, events) = try await submit(.init(all: true))
        #expect(result.upToDate == 1)
        #expect(result.jobIds.isEmpty)
        guard case .upToDate(_, _, let path) = try #require(events.first) else {
            Issue.record("expected up to date, got \(events)")
            return
        }
        #expect(path == output)
        let (forced, _) = try await submit(.init(all: true), with: try submission(force: true))
        #expect(forced.jobIds.count == 1)
    }

    @Test func onlyTheUnrenderedAreChosenWithUnrendered() async throws {
        let second = try fixture.addArticle("Second\n\nNot rendered yet.\n")
        _ = try ArticleRenderer(library: fixture.library, engine: engine).render(
            articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false
        )
        let (result, _) = try await submit(.init(unrendered: true))
        #expect(Array(result.titles.keys) == [second])
    }

    @Test func aTagChoosesItsArticles() async throws {
        let tagged = try fixture.addArticle("Tagged\n\nThis one has a tag.\n")
        _ = try fixture.library.articles.retag(id: tagged, adding: ["later"], removing: [])
        let (result, _) = try await submit(.init(tag: "later"))
        #expect(Array(result.titles.keys) == [tagged])
    }

    @Test(arguments: ["{title}", "audio"])
    func aBadTemplateIsRefusedBeforeTheLibraryIsTouched(template: String) {
        #expect(throws: (any Error).self) { try submission(template: template) }
    }

    @Test func anOutputFolderThatIsAFileIsRefused() async throws {
        try scratch.write("out", text: "not a folder")
        await #expect(throws: NarrateError.cannotCreateOutput(path: "\(scratch.path)/out", reason: "it is a file, not a folder")) {
            try await submit(.init(all: true))
        }
        #expect(try fixture.library.queue.jobs().isEmpty)
    }
}

/// A worker's job loop, in process with a fake engine: a queued job rendered to its output
/// and recorded done; a job whose article is gone recorded failed, and the loop goes on.
@Suite("Batch worker")
struct BatchWorkerTests {
    @Test func aWorkerRendersTheQueueAndRecordsEachOutcome() async throws {
        let fixture = try LibraryFixture()
        let scratch = try ScratchDirectory()
        let engine = FakeEngine()
        let presets = VoicePresetLibrary(directories: [])
        let submission = try BatchSubmission(
            voice: VoiceRequest(), encoding: .wav, outputDirectory: scratch.path, nameTemplate: "{id}"
        )
        let result = try await submission.submit(
            .init(all: true), library: fixture.library, engine: engine, presets: presets, environment: [:])
        #expect(result.jobIds.count == 1)
        // A job whose request does not read fails alone.
        let other = try fixture.addArticle("Other\n\nIts job is broken.\n")
        _ = try fixture.library.queue.enqueue(
            articleId: other, settingsHash: "x", renderRequest: "{broken", format: "wav", outputPath: "\(scratch.path)/broken.wav"
        )
        let worker = BatchWorker(library: fixture.library, engine: engine, presets: presets, name: "w1", leaseSeconds: 5)
        try await worker.run(claimsNoMore: { false }, stopsNow: { false })
        let jobs = try fixture.library.queue.jobs()
        let done = try #require(jobs.first { $0.articleId == fixture.articleId })
        #expect(done.state == .done)
        #expect((done.durationSeconds ?? 0) > 0)
        #expect(FileManager.default.fileExists(atPath: "\(scratch.path)/\(fixture.articleId).wav"))
        #expect(try fixture.library.renders.renders(ofArticle: fixture.articleId).count == 1)
        let failed = try #require(jobs.first { $0.articleId == other })
        #expect(failed.state == .failed)
        #expect(failed.lastError?.contains("render request") == true, "\(failed.lastError ?? "")")
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/broken.wav"))
    }

    /// A worker killed after creating its temporary file but before recording it: the
    /// next attempt removes what it left beside the output.
    @Test func aRetryRemovesTheTemporaryFileADeadWorkerLeft() async throws {
        let fixture = try LibraryFixture()
        let scratch = try ScratchDirectory()
        let engine = FakeEngine()
        let presets = VoicePresetLibrary(directories: [])
        let submission = try BatchSubmission(voice: VoiceRequest(), encoding: .wav, outputDirectory: scratch.path, nameTemplate: "{id}")
        _ = try await submission.submit(.init(all: true), library: fixture.library, engine: engine, presets: presets, environment: [:])
        // The dead worker's claim, made long ago, has expired.
        _ = try #require(try fixture.library.queue.claimJob(worker: "dead", leaseSeconds: 20, now: Date().timeIntervalSince1970 - 3_600))
        let leftover = try scratch.write(".\(fixture.articleId).wav.Ab12Cd.tmp", text: "half")
        let worker = BatchWorker(library: fixture.library, engine: engine, presets: presets, name: "w2", leaseSeconds: 5)
        try await worker.run(claimsNoMore: { false }, stopsNow: { false })
        let job = try #require(try fixture.library.queue.jobs().first)
        #expect(job.state == .done && job.attempts == 2)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try scratch.entries() == ["\(fixture.articleId).wav"])
    }

    @Test(arguments: [
        ([:], 20.0), (["NARRATE_JOB_LEASE": "5"], 5.0), (["NARRATE_JOB_LEASE": "1"], 2.0), (["NARRATE_JOB_LEASE": "x"], 20.0),
    ])
    func theLeaseComesFromTheEnvironmentWithinBounds(environment: [String: String], seconds: Double) {
        #expect(BatchWorker.leaseSeconds(environment: environment) == seconds)
    }
}
