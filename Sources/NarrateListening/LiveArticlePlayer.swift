import Foundation
public import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateRendering
import NarrateSystem

/// Plays a library article that has no render yet while its render is being made: the
/// render runs on a thread of its own into the library's audio folder (kept as any render
/// is), and the player reads its WAV file as it grows, from the first sentence to play as
/// soon as that sentence's audio is there. Positions are saved as `ArticlePlayer` saves
/// them. Stopping stops the render too (nothing half-made is kept).
public struct LiveArticlePlayer {
    /// The library the render and the positions go to.
    public let library: ArticleLibrary
    /// Makes the render.
    public let renderer: ArticleRenderer
    /// The article.
    public let article: StoredArticle
    /// The render's settings (`ListeningRender.newSettings`).
    public let settings: RenderSettings
    /// What the saved positions say listened.
    public var device: String?

    public init(library: ArticleLibrary, renderer: ArticleRenderer, article: StoredArticle, settings: RenderSettings, device: String? = nil)
    {
        self.library = library
        self.renderer = renderer
        self.article = article
        self.settings = settings
        self.device = device
    }

    /// Renders and plays from the saved position (or the start, `rewind` sentences earlier)
    /// to the end or until `shouldStop`; `onStart` is told the first sentence and the count
    /// when the audio is about to start.
    public func play(
        fromStart: Bool = false, rewind: Int = 0, into sink: any PlaybackSink, shouldStop: @escaping @Sendable () -> Bool,
        onStart: (_ first: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(NarrateError) -> ArticlePlayer.Outcome {
        let id = article.summary.id
        let total = article.summary.sentenceCount
        guard total > 0 else { throw .noSpeakableText(path: "article \(id)") }
        let first = try ArticlePlayer.startSentence(library: library, articleId: id, count: total, fromStart: fromStart, rewind: rewind)
        let render = LiveRender()
        // The listener waits for the first sentence: a neural voice speaks its first words first.
        renderer.engine.startSoon(true)
        let job = RenderJob(renderer: renderer, id: id, settings: settings, render: render, shouldStop: shouldStop)
        let thread = Thread { job.run() }
        thread.name = "narrate render"
        thread.stackSize = 8 << 20
        thread.start()
        defer {
            render.stop()
            render.waitUntilEnded()
            renderer.engine.startSoon(false)
        }
        guard let (path, start) = try render.waitFor(sentence: first, shouldStop: shouldStop) else {
            try savePosition(first)
            return .stopped(sentence: first)
        }
        guard let file = try render.open(path, shouldStop: shouldStop) else {
            try savePosition(first)
            return .stopped(sentence: first)
        }
        file.skip(toFrame: start)
        // Watched from before the first read: no write after it is missed.
        let growth = FileChanges.shared.watch(path)
        var current = first
        var frame = start
        try savePosition(current)
        onStart(first, total)
        let chunk = max(1, Int(Double(file.sampleRate) * ArticlePlayer.chunkSeconds))
        while true {
            if shouldStop() {
                try savePosition(current)
                return .stopped(sentence: current)
            }
            // Chunks end at sentence boundaries, so the position moves when the sentence does.
            let next = render.start(of: current + 1)
            let frames = next.map { min(chunk, max(0, $0 - frame)) } ?? chunk
            let bytes = frames > 0 ? file.readAvailable(limit: frames * file.frameBytes) : []
            if bytes.isEmpty, frames > 0 {
                switch render.state {
                case .running:
                    // Woken when the render writes more (or at the latest after a tenth of a
                    // second, to ask `shouldStop` again).
                    _ = growth.wait(within: .milliseconds(100), fallback: .milliseconds(2))
                    continue
                case .failed(let error):
                    throw error
                case .finished:
                    // The whole file is there: read what is left, or it is the end.
                    let rest = file.readAvailable(limit: frames * file.frameBytes)
                    if rest.isEmpty {
                        sink.finish()
                        try library.positions.savePosition(articleId: id, sentence: total - 1, finished: true, device: device)
                        return .finished
                    }
                    if let outcome = try play(rest, into: sink, at: current, shouldStop: shouldStop) { return outcome }
                    frame += rest.count / 2
                }
            } else if !bytes.isEmpty {
                if let outcome = try play(bytes, into: sink, at: current, shouldStop: shouldStop) { return outcome }
                frame += bytes.count / 2
            }
            while current + 1 < total, let next = render.start(of: current + 1), frame >= next {
                current += 1
                try savePosition(current)
            }
        }
    }

    /// Plays 16-bit samples; the outcome when the sink stopped taking them.
    private func play(_ bytes: [UInt8], into sink: any PlaybackSink, at current: Int, shouldStop: () -> Bool) throws(NarrateError)
        -> ArticlePlayer.Outcome?
    {
        let samples = bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map { Int16(littleEndian: $0) }
        do throws(PlaybackSinkError) {
            try sink.play(samples)
            return nil
        } catch {
            try savePosition(current)
            if shouldStop() { return .stopped(sentence: current) }
            switch error {
            case .closed: return .sinkClosed(sentence: current)
            case .failed(let reason): throw .streamWriteFailed(path: "the audio output", reason: reason)
            }
        }
    }

    private func savePosition(_ sentence: Int) throws(NarrateError) {
        try library.positions.savePosition(articleId: article.summary.id, sentence: sentence, finished: false, device: device)
    }
}

/// The render thread's work.
private struct RenderJob: @unchecked Sendable {
    let renderer: ArticleRenderer
    let id: Int64
    let settings: RenderSettings
    let render: LiveRender
    let shouldStop: @Sendable () -> Bool

    func run() {
        do {
            let outcome = try renderer.render(
                articleId: id, settings: settings, output: nil, overwrite: true,
                isCancelled: { render.isStopped || shouldStop() }, onTemporaryFile: { render.setPath($0) },
                onSentenceStart: { render.started(sentence: $0, at: $1) }
            )
            render.finish(path: outcome.render.path, sentenceSamples: outcome.sentenceSamples)
        } catch {
            render.end(error)
        }
    }
}

/// What the render thread tells the player: its file, where each sentence starts, how it ended.
///
/// The player waits on it for what it needs (a sentence's start, the file, the end): each
/// change wakes it; it asks `shouldStop` between waits of at most 50 ms (a stop is a flag a
/// signal handler sets, which cannot wake it).
///
/// `@unchecked Sendable`: `state` is read and written only under `progress`'s NSCondition
/// (which ThreadSanitizer sees, where it cannot see the futex of Synchronization's Mutex).
private final class LiveRender: @unchecked Sendable {
    enum State {
        case running
        case finished
        case failed(NarrateError)
    }

    private struct Progress {
        var path: String?
        var starts: [Int] = []
        var state = State.running
        var stopped = false
        var ended = false

        var isRunning: Bool {
            if case .running = state { true } else { false }
        }
    }

    private let progress = Guarded(Progress())

    var state: State { progress.withLock { $0.state } }
    var isStopped: Bool { progress.withLock { $0.stopped } }

    func setPath(_ path: String) { progress.withLock { $0.path = path } }
    func started(sentence: Int, at frame: Int) { progress.withLock { if $0.starts.count == sentence { $0.starts.append(frame) } } }
    func start(of sentence: Int) -> Int? { progress.withLock { sentence < $0.starts.count ? $0.starts[sentence] : nil } }
    func stop() { progress.withLock { $0.stopped = true } }

    func end(_ error: NarrateError) {
        progress.withLock {
            $0.state = .failed(error)
            $0.ended = true
        }
    }

    /// The render is in place at `path` (an earlier one, made meanwhile, when its sentences
    /// were never told).
    func finish(path: String, sentenceSamples: [Range<Int64>]) {
        progress.withLock {
            $0.path = path
            if $0.starts.count < sentenceSamples.count { $0.starts = sentenceSamples.map { Int($0.lowerBound) } }
            $0.state = .finished
            $0.ended = true
        }
    }

    func waitUntilEnded() {
        while !progress.wait(seconds: 60, until: { $0.ended }) {}
    }

    /// The file and sentence `index`'s first sample once both are known; nil when stopped.
    func waitFor(sentence index: Int, shouldStop: () -> Bool) throws(NarrateError) -> (String, Int)? {
        while true {
            let (path, start, state) = progress.withLock { ($0.path, index < $0.starts.count ? $0.starts[index] : nil, $0.state) }
            if let path, let start { return (path, start) }
            if case .failed(let error) = state { throw error }
            if shouldStop() { return nil }
            progress.wait(seconds: 0.05) { $0.path != nil && index < $0.starts.count || !$0.isRunning }
        }
    }

    /// The growing file, once its header is written; nil when stopped.
    func open(_ path: String, shouldStop: () -> Bool) throws(NarrateError) -> GrowingWAVFile? {
        let header = FileChanges.shared.watch(path)
        while true {
            if let file = GrowingWAVFile(path: path) { return file }
            if case .failed(let error) = state { throw error }
            // Renamed into place meanwhile: the render is the library's now.
            if case .finished = state, let final = progress.withLock({ $0.path }), let file = GrowingWAVFile(path: final) { return file }
            if shouldStop() { return nil }
            // Woken when the render writes its header (or at the latest after 50 ms).
            _ = header.wait(within: .milliseconds(50), fallback: .milliseconds(1))
        }
    }
}

/// A value read and written under an NSCondition, broadcast at every change.
private final class Guarded<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        return body(&value)
    }

    /// Waits until `until` says yes of the value, or `seconds` pass; what it said last.
    @discardableResult
    func wait(seconds: Double, until: (Value) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !until(value) {
            if !condition.wait(until: deadline) { return until(value) }
        }
        return true
    }
}
