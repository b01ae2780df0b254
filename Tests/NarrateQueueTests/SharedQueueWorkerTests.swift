import Foundation
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarratePostgres
import NarrateTestSupport
import NarrateText
import Narration
import Testing

/// A worker of the PostgreSQL queue, with no library: it renders the article each job
/// carries into the shared output folder and hands the render back as the job's result.
@Suite("A worker of the shared queue")
struct SharedQueueWorkerTests {
    /// Articles added to a library of their own (the submitter's), queued with their
    /// documents on a fresh PostgreSQL database.
    func submit(_ texts: [String], outputs: [String], library: ArticleLibrary, queue: PostgresJobQueue) throws -> [BatchJob] {
        try zip(texts, outputs).map { text, output in
            let document = try TextReader().read(text, path: "a.txt")
            let outcome = try library.add(NewArticle(
                title: document.title, language: "en", original: Array(text.utf8), document: document,
                sentences: SentenceSegmenter(language: "en").sentences(of: document)
            ))
            guard case .added(let id, _) = outcome else { throw NarrateError.noSuchArticle(id: -1) }
            let article = QueuedArticle(try library.article(id: id), sentences: try library.sentences(ofArticle: id))
            let json = String(decoding: try JSONEncoder().encode(article), as: UTF8.self)
            let submission = JobSubmission(
                articleId: id, settingsHash: "h\(id)", renderRequest: RenderRequest().json(), format: "wav", outputPath: output,
                workSize: article.summary.wordCount, article: json, origin: "test-library"
            )
            switch try queue.enqueue(submission) {
            case .queued(let job), .alreadyQueued(let job): return job
            }
        }
    }

    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aWorkerWithNoLibraryRendersWhatTheJobsCarry() throws {
        let fixture = try QueueFixture(.postgresql)
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
        let jobs = try submit(
            texts, outputs: ["\(shared)/1.wav", "\(locked)/2.wav", "\(shared)/3.wav"], library: library, queue: queue
        )
        let engine = FakeEngine()
        let worker = BatchWorker(
            queue: try fixture.another(), engine: engine, presets: VoicePresetLibrary(directories: []), name: "machine-b/1",
            leaseSeconds: 10
        )
        try worker.run(claimsNoMore: { false }, stopsNow: { false })
        // The job whose folder cannot be written fails (after its attempts) with one line; the others are done.
        let failed = try #require(try queue.job(id: jobs[1].id))
        #expect(failed.state == .failed && failed.attempts == 3, "\(failed)")
        let reason = try #require(failed.lastError)
        #expect(reason.contains(locked) && !reason.contains("\n"), "\(reason)")
        for (index, job) in [(0, jobs[0]), (2, jobs[2])] {
            let done = try #require(try queue.job(id: job.id))
            #expect(done.state == .done && done.worker == "machine-b/1")
            let render = try SharedRender(json: try #require(done.result))
            #expect(render.path == job.outputPath && render.settingsHash == job.settingsHash)
            let stored = try library.sentences(ofArticle: job.articleId)
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
}
