import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateSpread

/// Speaks an article into an audio file, with no library: the step of a render that makes
/// the file and its timings. `ArticleRenderer` records what it makes in the library; a
/// worker of a shared queue, which has no library, hands it back with the job.
public struct ArticleSynthesis {
    /// The speech engine.
    public let engine: any SpeechEngine
    /// Other processes that synthesize runs of a long article at the same time (nil: all
    /// in this process).
    public var spread: SynthesisSpread?

    public init(engine: any SpeechEngine, spread: SynthesisSpread? = nil) {
        self.engine = engine
        self.spread = spread
    }

    /// Synthesizes `article`'s `sentences` with `settings` into a temporary file beside
    /// `destination`, with its tags and chapters, written in full: the result's `place()`
    /// flushes it to the disk and renames it into place, on any thread, and its `audio` is what
    /// a render record needs. Touches no library: a worker of a shared queue, which has none,
    /// renders with this and hands the result back.
    public func writeAudio(
        _ article: StoredArticle, sentences: [Sentence], settings: RenderSettings, destination: String, overwrite: Bool,
        isCancelled: () -> Bool = { false }, onTemporaryFile: (String) -> Void = { _ in },
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }, onSentenceStart: (_ index: Int, _ frame: Int) -> Void = { _, _ in }
    ) throws(NarrateError) -> WrittenAudio {
        guard !sentences.isEmpty else { throw .noSpeakableText(path: "article \(article.summary.id)") }
        let writer = try AudioFileWriter(
            destination: destination, sampleRate: engine.sampleRate, encoding: settings.encoding,
            tags: AudioTags(document: article.document, album: settings.album), overwrite: overwrite
        )
        if let temporaryPath = writer.temporaryPath { onTemporaryFile(temporaryPath) }
        let narrator = Narrator(engine: engine, language: settings.language, lexicon: settings.lexicon)
        let (summary, chapters) = try narrate(
            article.document, sentences: sentences, narrator: narrator, settings: settings, into: AudioOutputSet(file: writer),
            isCancelled: isCancelled, progress: progress, sentenceStarted: onSentenceStart
        )
        writer.markers = chapters.markers
        try writer.finishWriting()
        let total = Int64(writer.fileFramesWritten)
        let sourceSamples = summary.sentenceSamples.map { Int64($0.lowerBound)..<Int64($0.upperBound) }
        let samples = ArticleRenderer.scale(sourceSamples, from: summary.sampleRate, to: writer.fileSampleRate, total: total)
        let words = summary.words.map { word in
            let start = ArticleRenderer.scale(Int64(word.startFrame), from: summary.sampleRate, to: writer.fileSampleRate, total: total)
            let end = ArticleRenderer.scale(
                Int64(word.startFrame + word.frameCount), from: summary.sampleRate, to: writer.fileSampleRate, total: total)
            return RenderWord(sentence: word.sentenceIndex, textRange: word.textRange, samples: start..<max(start, end))
        }
        let audio = RenderedAudio(
            format: settings.encoding.format.rawValue, sampleRate: writer.fileSampleRate, sampleCount: total,
            sentenceSamples: samples, words: words, wordTimings: engine.wordTimings, voice: settings.voice.voice,
            reading: settings.reading.description
        )
        return WrittenAudio(audio: audio, writer: writer)
    }

    /// Speaks `sentences` of `document` into `output` with `narrator` (made for `settings`'
    /// language and lexicon) and `settings`: the one narration every render goes through
    /// (`convert`, `render`, `play`, batch and shared-queue workers, the server's renders).
    /// On a failure or when cancelled, what was written is discarded. The chapters are timed
    /// in the engine's samples; the caller finishes the output with them.
    func narrate(
        _ document: Document, sentences: [Sentence], narrator: Narrator, settings: RenderSettings, into output: AudioOutputSet,
        isCancelled: () -> Bool, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
        sentenceStarted: (_ index: Int, _ frame: Int) -> Void = { _, _ in }
    ) throws(NarrateError) -> (summary: NarrationSummary, chapters: ChapterList) {
        let summary: NarrationSummary
        do {
            summary = try narrator.narrate(
                document, sentences: sentences, voice: settings.voice, pauses: settings.pauses, reading: settings.reading,
                into: output.sink, spread: spread, isCancelled: isCancelled, progress: progress,
                beforeSentence: { index throws(NarrateError) in try output.sentenceStarting(index) }, sentenceStarted: sentenceStarted
            )
        } catch {
            output.discard()
            if let error = error as? NarrateError { throw error }
            throw .writeFailed(path: output.destination, reason: "\(error)")
        }
        if isCancelled() {
            output.discard()
            throw .interrupted
        }
        let samples = summary.sentenceSamples.map { Int64($0.lowerBound)..<Int64($0.upperBound) }
        let chapters = ChapterList(document: document, sentences: sentences, samples: samples, sampleRate: summary.sampleRate)
        return (summary, chapters)
    }
}
