import Foundation
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateQueue
import NarrateTestSupport
import Synchronization
import Testing

@testable import NarrateBatch
@testable import NarrateRendering

/// What the completions did, in order (NSLock, which ThreadSanitizer sees).
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// The task a batch worker hands each render's last step to: one completion at a time, in
/// order, the last waited for; a completion that throws is told to the worker.
@Suite("Job completions")
struct JobCompletionsTests {
    @Test func completionsRunOneAtATimeInOrderAndTheLastIsWaitedFor() async throws {
        var completions = JobCompletions()
        let log = Log()
        for index in 0..<5 {
            try await completions.hand {
                log.append("start \(index)")
                try? await Task.sleep(for: .milliseconds(2))
                log.append("end \(index)")
            }
        }
        try await completions.finish()
        #expect(log.all == (0..<5).flatMap { ["start \($0)", "end \($0)"] })
    }

    @Test func handingOverReturnsBeforeTheCompletionHasRun() async throws {
        var completions = JobCompletions()
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        let ran = Atomic<Bool>(false)
        try await completions.hand {
            for await _ in release { break }
            ran.store(true, ordering: .relaxed)
        }
        // The worker goes on with its next article meanwhile.
        let ranBefore = ran.load(ordering: .relaxed)
        #expect(!ranBefore)
        releasing.yield()
        try await completions.finish()
        let ranAfter = ran.load(ordering: .relaxed)
        #expect(ranAfter)
    }

    @Test func aCompletionThatThrowsIsThrownByTheNextHandOrTheFinish() async throws {
        var completions = JobCompletions()
        try await completions.hand { () async throws(NarrateError) in throw .interrupted }
        await #expect(throws: NarrateError.interrupted) { try await completions.hand {} }
        // Told once; what follows runs.
        try await completions.hand {}
        try await completions.hand { () async throws(NarrateError) in throw NarrateError(LibraryError.noSuchArticle(id: 7)) }
        await #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 7))) { try await completions.finish() }
        // Never started: finishing returns at once.
        var none = JobCompletions()
        try await none.finish()
    }
}

/// A batch worker's job whose file cannot be put in place once it is written: the job is
/// recorded failed with the reason, by the completion, and the worker goes on.
@Suite("Batch worker completions")
struct BatchWorkerCompletionTests {
    /// Speaks as the fake engine does, and runs `whileSpeaking` on its first synthesis.
    final class InterruptingEngine: SpeechEngine, @unchecked Sendable {
        let inner = FakeEngine()
        var whileSpeaking: (() -> Void)?
        var sampleRate: Int { inner.sampleRate }
        var version: String { inner.version }
        func voices() -> [VoiceInfo] { inner.voices() }
        func configure(_ settings: VoiceSettings) throws { try inner.configure(settings) }
        func reset() throws { try inner.reset() }
        func synthesize(_ text: String, receive: (SpeechChunk) throws -> Bool) throws {
            whileSpeaking?()
            whileSpeaking = nil
            try inner.synthesize(text, receive: receive)
        }
    }

    @Test func aRenderThatCannotBePutInPlaceFailsItsJobAndTheWorkerGoesOn() async throws {
        let fixture = try LibraryFixture()
        let scratch = try ScratchDirectory()
        let engine = InterruptingEngine()
        let presets = VoicePresetLibrary(directories: [])
        let submission = try BatchSubmission(voice: VoiceRequest(), encoding: .wav, outputDirectory: scratch.path, nameTemplate: "{id}")
        let other = try fixture.addArticle("Other\n\nIt is rendered after the first.\n")
        _ = try await submission.submit(.init(all: true), library: fixture.library, engine: engine, presets: presets, environment: [:])
        let jobs = try fixture.library.queue.jobs()
        #expect(jobs.count == 2)
        // The first job claimed (the longest article) finds a folder where its file should go
        // once its audio is written: the rename into place fails.
        let first = try #require(jobs.max { $0.workSize < $1.workSize })
        engine.whileSpeaking = {
            try? FileManager.default.createDirectory(atPath: first.outputPath + "/taken", withIntermediateDirectories: true)
        }
        let worker = BatchWorker(library: fixture.library, engine: engine, presets: presets, name: "w1", leaseSeconds: 5)
        try await worker.run(claimsNoMore: { false }, stopsNow: { false })
        let after = try fixture.library.queue.jobs()
        let failed = try #require(after.first { $0.id == first.id })
        #expect(failed.state == .failed)
        #expect(failed.lastError?.contains(first.outputPath) == true, "\(failed.lastError ?? "")")
        #expect(try fixture.library.renders.renders(ofArticle: first.articleId).isEmpty)
        // Its temporary file is gone; the next job was done.
        #expect(try scratch.entries().filter { $0.hasSuffix(".tmp") }.isEmpty)
        let done = try #require(after.first { $0.articleId == (first.articleId == other ? fixture.articleId : other) })
        #expect(done.state == .done)
        #expect(FileManager.default.fileExists(atPath: done.outputPath))
    }
}
