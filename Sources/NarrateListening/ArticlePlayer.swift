public import NarrateAudio
public import NarrateCore
public import NarrateLibrary

/// Plays a rendered library article into a playback sink from a sentence, saving the
/// listening position as it goes: at every sentence boundary, when asked to stop, and when
/// the sink closes, each in its own short transaction. So after any stop, even `kill -9`,
/// the saved position is the sentence that was playing.
public struct ArticlePlayer {
    /// The library the position is saved in.
    public let library: ArticleLibrary
    /// The article.
    public let articleId: Int64
    /// The render played.
    public let render: RenderRecord
    /// Where each sentence starts and ends in the render.
    public let sentenceSamples: [Range<Int64>]

    /// Audio handed to the sink at a time: short, so a stop is heard within 50 ms.
    static let chunkSeconds = 0.05

    /// Creates a player.
    /// What the saved positions say listened (`narrate play`), for the position history.
    public var device: String?

    public init(
        library: ArticleLibrary, articleId: Int64, render: RenderRecord, sentenceSamples: [Range<Int64>], device: String? = nil
    ) {
        self.device = device
        self.library = library
        self.articleId = articleId
        self.render = render
        self.sentenceSamples = sentenceSamples
    }

    /// Where playing starts: the saved position (the beginning when there is none, when it
    /// was heard to the end, or `fromStart`), `rewind` sentences earlier.
    public func startSentence(fromStart: Bool = false, rewind: Int = 0) throws(NarrateError) -> Int {
        try Self.startSentence(library: library, articleId: articleId, count: sentenceSamples.count, fromStart: fromStart, rewind: rewind)
    }

    /// Where playing article `articleId` of `count` sentences starts (see the method).
    static func startSentence(
        library: ArticleLibrary, articleId: Int64, count: Int, fromStart: Bool, rewind: Int
    ) throws(NarrateError) -> Int {
        let saved = try library.positions.position(ofArticle: articleId)
        let first = fromStart || saved?.finished == true ? 0 : saved?.sentence ?? 0
        return min(max(0, first - rewind), max(0, count - 1))
    }

    /// The time sentence `index` starts, in seconds.
    public func seconds(atSentence index: Int) -> Double {
        guard !sentenceSamples.isEmpty else { return 0 }
        return Double(sentenceSamples[min(index, sentenceSamples.count - 1)].lowerBound) / Double(render.sampleRate)
    }

    /// How playing ended.
    public enum Outcome: Sendable, Equatable {
        /// The end was reached; the article is marked finished.
        case finished
        /// `shouldStop` said so at this sentence.
        case stopped(sentence: Int)
        /// The sink went away (a closed pipe) at this sentence.
        case sinkClosed(sentence: Int)
    }

    /// Plays from the start of sentence `first` to the end, or until `shouldStop` is true
    /// (asked between chunks of 50 ms of audio).
    public func play(
        from first: Int, into sink: any PlaybackSink, shouldStop: () -> Bool,
        onSentence: (_ index: Int) -> Void = { _ in }
    ) throws(NarrateError) -> Outcome {
        guard !sentenceSamples.isEmpty else { throw .noSpeakableText(path: "article \(articleId)") }
        let reader = try AudioFileReader(path: render.path)
        var current = min(max(0, first), sentenceSamples.count - 1)
        var frame = Int(sentenceSamples[current].lowerBound)
        try reader.seek(to: frame)
        try library.positions.savePosition(articleId: articleId, sentence: current, finished: false, device: device)
        onSentence(current)
        let chunk = max(1, Int(Double(reader.sampleRate) * Self.chunkSeconds))
        let end = min(reader.frames, Int(render.sampleCount))
        var buffer: [Int16] = []
        while frame < end {
            if shouldStop() {
                try library.positions.savePosition(articleId: articleId, sentence: current, finished: false, device: device)
                return .stopped(sentence: current)
            }
            // Chunks end at sentence boundaries, so the position moves when the sentence does.
            let boundary = Int(sentenceSamples[current].upperBound)
            let count = min(chunk, (boundary > frame ? boundary : end) - frame, end - frame)
            reader.read(count, into: &buffer)
            if buffer.isEmpty { break }
            do throws(PlaybackSinkError) {
                try sink.play(buffer)
            } catch {
                try library.positions.savePosition(articleId: articleId, sentence: current, finished: false, device: device)
                // A signal can interrupt a blocked write: that is a stop, not a failure.
                if shouldStop() { return .stopped(sentence: current) }
                switch error {
                case .closed: return .sinkClosed(sentence: current)
                case .failed(let reason): throw .streamWriteFailed(path: "the audio output", reason: reason)
                }
            }
            frame += buffer.count
            while current + 1 < sentenceSamples.count, frame >= Int(sentenceSamples[current].upperBound) {
                current += 1
                try library.positions.savePosition(articleId: articleId, sentence: current, finished: false, device: device)
                onSentence(current)
            }
        }
        sink.finish()
        try library.positions.savePosition(articleId: articleId, sentence: sentenceSamples.count - 1, finished: true, device: device)
        return .finished
    }
}
