import Foundation
import NarrateAudio
import NarrateBatch
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarratePostgres
import NarratePostgresCluster
import NarrateQueue
import NarrateRendering
import NarrateTestSupport
import NarrateText
import Testing

/// A worker of the PostgreSQL queue, with no library: it renders the article each job
/// carries into the shared output folder and hands the render back as the job's result.
@Suite("A worker of the shared queue", .endToEnd)
struct SharedQueueWorkerTests {
    /// Articles added to a library of their own (the submitter's), queued with their
    /// documents on a fresh PostgreSQL database.
    func submit(_ texts: [String], outputs: [String], library: ArticleLibrary, queue: PostgresJobQueue) async throws -> [BatchJob] {
        var jobs: [BatchJob] = []
        for (text, output) in zip(texts, outputs) {
            let document = try TextReader().read(text, path: "a.txt")
            let outcome = try library.articles.add(
                NewArticle(
                    title: document.title, language: "en", original: Array(text.utf8), document: document,
                    sentences: SentenceSegmenter(language: "en").sentences(of: document)
                ))
            guard case .added(let id, _) = outcome else { throw NarrateError(LibraryError.noSuchArticle(id: -1)) }
            let article = QueuedArticle(try library.articles.article(id: id), sentences: try library.articles.sentences(ofArticle: id))
            let json = String(decoding: try JSONEncoder().encode(article), as: UTF8.self)
            let submission = JobSubmission(
                articleId: id, settingsHash: "h\(id)", renderRequest: RenderRequest().json(), format: "wav", outputPath: output,
                workSize: article.summary.wordCount, article: json, origin: "test-library"
            )
            switch try await queue.enqueue(submission) {
            case .queued(let job), .alreadyQueued(let job): jobs.append(job)
            }
        }
        return jobs
    }

    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aWorkerWithNoLibraryRendersWhatTheJobsCarry() async throws {
        let fixture = try await QueueFixture(.postgresql)
        let queue = try #require(fixture.queue as? PostgresJobQueue)
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: "\(fixture.folder.path)/submitter.sqlite"))
        let shared = "\(fixture.folder.path)/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        // A folder this worker cannot write into, even as root: its path names a file.
        let locked = try fixture.folder.write("not-a-folder", text: "a file")
        let texts = [
            "The lighthouse\n\nThe keeper wound the clock. Then he wrote it down. The lamp turned all night.",
            "Tides\n\nThe tide came in at six. It went out at noon.",
            "Storms\n\nThe storm broke the window. Nobody was hurt.",
        ]
        let jobs = try await submit(
            texts, outputs: ["\(shared)/1.wav", "\(locked)/2.wav", "\(shared)/3.wav"], library: library, queue: queue
        )
        let engine = FakeEngine()
        let worker = BatchWorker(
            queue: try await fixture.another(), engine: engine, presets: VoicePresetLibrary(directories: []), name: "machine-b/1",
            leaseSeconds: 10
        )
        try await worker.run(claimsNoMore: { false }, stopsNow: { false })
        // The job whose folder cannot be written fails (after its attempts) with one line; the others are done.
        let failed = try await #require(try queue.job(id: jobs[1].id))
        #expect(failed.state == .failed && failed.attempts == 3, "\(failed)")
        let reason = try #require(failed.lastError)
        #expect(reason.contains(locked) && !reason.contains("\n"), "\(reason)")
        for (index, job) in [(0, jobs[0]), (2, jobs[2])] {
            let done = try await #require(try queue.job(id: job.id))
            #expect(done.state == .done && done.worker == "machine-b/1")
            let render = try SharedRender(json: try #require(done.result))
            #expect(render.path == job.outputPath && render.settingsHash == job.settingsHash)
            let stored = try library.articles.sentences(ofArticle: job.articleId)
            #expect(render.audio.sentenceSamples.count == stored.count && !render.audio.words.isEmpty)
            #expect(render.audio.sampleCount == Int64(render.audio.sentenceSamples.last?.upperBound ?? -1))
            let size = try #require(try FileManager.default.attributesOfItem(atPath: job.outputPath)[.size] as? Int)
            // The samples, 16-bit, after a header and the tags and chapters.
            #expect(size > 44 + 2 * Int(render.audio.sampleCount) && size < 4_096 + 2 * Int(render.audio.sampleCount), "texts[\(index)]")
            #expect(done.durationSeconds == render.audio.durationSeconds)
        }
        // Nothing half-written is left in either folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).sorted() == ["1.wav", "3.wav"])
        #expect(try String(contentsOfFile: locked, encoding: .utf8) == "a file")
    }

    /// The whole round on one queue, in process: a batch queued by a library, a worker that
    /// names the shared folder otherwise (another mount point: here a symbolic link) writes
    /// the files, and the library records each render under its own name for the file.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aBatchsRendersAreRecordedUnderTheSubmittersNameForTheFolder() async throws {
        let fixture = try await QueueFixture(.postgresql)
        let queue = try #require(fixture.queue as? PostgresJobQueue)
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: "\(fixture.folder.path)/submitter.sqlite"))
        let folder = "\(fixture.folder.path)/shared"
        let mount = "\(fixture.folder.path)/mount"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: mount, withDestinationPath: folder)
        let inputs = try ["Tides\n\nThe tide came in at six. It went out at noon.", "Storms\n\nThe storm broke the window."]
            .enumerated().map { index, text in try fixture.folder.write("article-\(index).txt", text: text) }
        let engine = FakeEngine()
        let observer = SilentObserver()
        let batch = SharedBatch(library: library, queue: queue, observer: observer, pollSeconds: 0.05)
        let submission = try BatchSubmission(
            voice: VoiceRequest(), encoding: AudioEncoding(), outputDirectory: folder, nameTemplate: "{id}")
        let (queued, summary) = try await batch.run(
            submitting: BatchSubmission.Articles(inputs: inputs), with: submission, engine: engine,
            presets: VoicePresetLibrary(directories: []), environment: [:], follow: false, stopRequests: { 0 }
        )
        #expect(queued.jobIds.count == 2 && summary.remaining.count == 2)
        let jobs = try await queue.jobs(ids: queued.jobIds)
        #expect(jobs.map(\.outputPath) == ["1.wav", "2.wav"] && jobs.allSatisfy { $0.outputFolder == folder })
        let worker = BatchWorker(
            queue: try await fixture.another(), engine: engine, presets: VoicePresetLibrary(directories: []), name: "machine-b/1",
            leaseSeconds: 10, outputRoot: mount
        )
        try await worker.runShared(untilEmpty: true, claimsNoMore: { false }, stopsNow: { false })
        let followed = try await batch.follow(jobIds: queued.jobIds, titles: queued.titles, stopRequests: { 0 })
        #expect(followed.done.count == 2)
        for id in try library.articles.list().map(\.id) {
            let render = try #require(try library.renders.renders(ofArticle: id).first)
            #expect(render.path == "\(folder)/\(id).wav" && FileManager.default.fileExists(atPath: render.path))
        }
        // Taken in once: the results are dropped from the queue.
        #expect(try await queue.finishedJobs(origin: SharedRenders.origin(of: library), limit: 10).isEmpty)
        #expect(try await queue.workers(seenWithin: 60).map(\.jobsDone) == [2])
    }

    /// A job whose output would leave the worker's folder is refused with one line.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func anOutputOutsideTheFolderIsRefused() async throws {
        let fixture = try await QueueFixture(.postgresql)
        let queue = try #require(fixture.queue as? PostgresJobQueue)
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: "\(fixture.folder.path)/submitter.sqlite"))
        let jobs = try await submit(["Tides\n\nThe tide came in at six."], outputs: ["../escape.wav"], library: library, queue: queue)
        let worker = BatchWorker(
            queue: try await fixture.another(), engine: FakeEngine(), presets: VoicePresetLibrary(directories: []), name: "w",
            leaseSeconds: 10, outputRoot: "\(fixture.folder.path)/shared"
        )
        try await worker.run(claimsNoMore: { false }, stopsNow: { false })
        let job = try await #require(try queue.job(id: jobs[0].id))
        #expect(job.state == .failed && job.lastError?.contains("not a name inside the output folder") == true)
        #expect(!FileManager.default.fileExists(atPath: "\(fixture.folder.path)/escape.wav"))
    }
}

/// A render as a job's result: its timings packed, read back as they were.
@Suite("A shared render as JSON")
struct SharedRenderJSONTests {
    @Test func timingsComeBackAsTheyWere() throws {
        let audio = RenderedAudio(
            format: "mp3", sampleRate: 22_050, sampleCount: 90_000, sentenceSamples: [0..<40_000, 40_000..<90_000],
            words: [
                RenderWord(sentence: 0, textRange: 0..<5, samples: 1_000..<9_000),
                RenderWord(sentence: 1, textRange: 120..<131, samples: 41_000..<Int64(1) << 40),
            ]
        )
        let render = SharedRender(settingsHash: "h", path: "12.mp3", audio: audio)
        #expect(try SharedRender(json: try render.json()) == render)
        // Estimated word timings say so; a result without the key (a worker from before) is exact.
        var estimated = render
        estimated.audio.wordTimings = .estimated
        #expect(try SharedRender(json: try estimated.json()).audio.wordTimings == .estimated)
        #expect(!(try render.json()).contains("wordTimings"))
    }

    @Test func extremeValuesComeBackAsTheyWere() throws {
        let audio = RenderedAudio(
            format: "wav", sampleRate: 8_000, sampleCount: .max, sentenceSamples: [.min..<(-1), 5..<5, 0..<Int64.max],
            words: [
                RenderWord(sentence: .max, textRange: Int.min..<0, samples: .min..<Int64.max),
                RenderWord(sentence: 0, textRange: 7..<Int.max, samples: 3..<3),
            ]
        )
        let render = SharedRender(settingsHash: "h", path: "1.wav", audio: audio)
        #expect(try SharedRender(json: try render.json()) == render)
    }

    /// A long article's timings as a worker returns them: a few bytes a word, not the 54 of
    /// fixed 64-bit integers in base64.
    @Test func aLongArticlesTimingsAreSmall() throws {
        var words: [RenderWord] = []
        var sample: Int64 = 0
        var sentences: [Range<Int64>] = []
        for sentence in 0..<400 {
            let start = sample
            var offset = 0
            for word in 0..<15 {
                let length = 3 + (sentence * 7 + word * 3) % 9
                let samples = Int64(2_000 + (sentence * 131 + word * 977) % 9_000)
                words.append(RenderWord(sentence: sentence, textRange: offset..<(offset + length), samples: sample..<(sample + samples)))
                offset += length + 1
                sample += samples + Int64(word % 4 == 3 ? 600 : 0)
            }
            sample += 8_000
            sentences.append(start..<sample)
        }
        let audio = RenderedAudio(format: "wav", sampleRate: 22_050, sampleCount: sample, sentenceSamples: sentences, words: words)
        let json = try SharedRender(settingsHash: "h", path: "long.wav", audio: audio).json()
        #expect(json.utf8.count < words.count * 10, "\(json.utf8.count) bytes for \(words.count) words")
        #expect(try SharedRender(json: json).audio == audio)
    }

    @Test func timingsThatAreNotRangesOrAreCutShortAreRefused() throws {
        let json = try SharedRender(
            settingsHash: "h", path: "1.wav",
            audio: RenderedAudio(format: "wav", sampleRate: 22_050, sampleCount: 10, sentenceSamples: [0..<10], words: [])
        ).json()
        // The one sentence: 0 after 0, then 10 after 0 (zigzag 20). As 10..<0: 10 (20), then
        // -10 after it (zigzag 19). Cut short: the start alone; a varint whose bytes all go on.
        let packed = Data([0, 20]).base64EncodedString()
        #expect(json.contains(packed))
        for wrong in [Data([20, 19]), Data([0]), Data([0x80, 0x80])] {
            #expect(throws: NarrateError.self) {
                try SharedRender(json: json.replacingOccurrences(of: packed, with: wrong.base64EncodedString()))
            }
        }
    }

    @Test func aResultOfAnotherVersionIsRefusedSayingWhich() throws {
        let json = try SharedRender(
            settingsHash: "h", path: "1.wav",
            audio: RenderedAudio(format: "wav", sampleRate: 22_050, sampleCount: 10, sentenceSamples: [0..<10], words: [])
        ).json()
        #expect(json.contains("\"version\":2"))
        for (version, maker) in [(1, "an older"), (3, "a newer")] {
            let error = #expect(throws: NarrateError.self) {
                try SharedRender(json: json.replacingOccurrences(of: "\"version\":2", with: "\"version\":\(version)"))
            }
            #expect(
                error?.description.contains("made by \(maker) narrate (result version \(version)") == true, "\(String(describing: error))")
        }
    }
}

/// A batch observer that notes nothing.
final class SilentObserver: BatchObserver {
    func jobChanged(_ job: BatchJob, title: String?) {}
    func stopping(_ stage: BatchCoordinator.StopStage) {}
    func update(jobs: [BatchJob], titles: [Int64: String], elapsed: Double) {}
    func finish() {}
}
