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
    ///
    /// With `checkpoint`, a narration of chapters keeps each chapter it finishes there, and
    /// one that finds chapters kept by an earlier, stopped narration plays them into the file
    /// and speaks from the next chapter on (`NarrationCheckpoint`); `place()` removes them.
    public func writeAudio(
        _ article: StoredArticle, sentences: [Sentence], settings: RenderSettings, destination: String, overwrite: Bool,
        checkpoint: NarrationCheckpoint? = nil,
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
        // Chapters are kept where a chapter starts (the first needs none).
        let boundaries =
            checkpoint == nil
            ? [] : Set(ChapterList.chapterStarts(document: article.document, sentences: sentences).map(\.index).filter { $0 > 0 })
        // Another narration of this render keeping them: this one speaks without.
        let keeping = boundaries.isEmpty || checkpoint?.claim() != true ? nil : checkpoint
        var earlier: NarrationStretch?
        if let keeping {
            earlier = keeping.restore(
                sentenceCount: sentences.count, boundaries: boundaries, sampleRate: engine.sampleRate, engine: engine.version)
            if earlier != nil {
                do throws(NarrateError) {
                    try keeping.replay(into: writer, isCancelled: isCancelled)
                } catch {
                    writer.discard()
                    if case .interrupted = error {} else { keeping.remove() }
                    throw error
                }
            }
        }
        let output = AudioOutputSet(file: writer)
        let narrated: (summary: NarrationSummary, chapters: ChapterList)
        do throws(NarrateError) {
            narrated = try narrate(
                article.document, sentences: sentences, narrator: narrator, settings: settings, into: output,
                through: keeping.map { $0.keeping(output.sink) }, continuing: earlier, boundaries: boundaries,
                stretchEnded: { stretch throws(NarrateError) in try keeping?.keep(stretch) },
                isCancelled: isCancelled, progress: progress, sentenceStarted: onSentenceStart
            )
        } catch {
            // Stopped: the chapters kept are for the next attempt. Failed (a full disk, an
            // engine's error): they go, and their room with them.
            if case .interrupted = error, keeping?.keptChapters ?? 0 > 0 { keeping?.dropUnkept() } else { keeping?.remove() }
            throw error
        }
        let (summary, chapters) = narrated
        // The last chapter is in the file: what was being kept of it is not needed.
        keeping?.dropUnkept()
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
        return WrittenAudio(audio: audio, writer: writer, checkpoint: keeping)
    }

    /// Speaks `sentences` of `document` into `output` with `narrator` (made for `settings`'
    /// language and lexicon) and `settings`: the one narration every render goes through
    /// (`convert`, `render`, `play`, batch and shared-queue workers, the server's renders).
    /// On a failure or when cancelled, what was written is discarded. The chapters are timed
    /// in the engine's samples; the caller finishes the output with them.
    /// `sink` (nil: `output`'s) is where the audio goes, `output`'s sink behind it;
    /// `earlier`, `boundaries` and `stretchEnded` are `Narrator.narrate`'s.
    func narrate(
        _ document: Document, sentences: [Sentence], narrator: Narrator, settings: RenderSettings, into output: AudioOutputSet,
        through sink: (any AudioSink)? = nil, continuing earlier: NarrationStretch? = nil, boundaries: Set<Int> = [],
        stretchEnded: (NarrationStretch) throws -> Void = { _ in },
        isCancelled: () -> Bool, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
        sentenceStarted: (_ index: Int, _ frame: Int) -> Void = { _, _ in }
    ) throws(NarrateError) -> (summary: NarrationSummary, chapters: ChapterList) {
        let summary: NarrationSummary
        do {
            summary = try narrator.narrate(
                document, sentences: sentences, voice: settings.voice, pauses: settings.pauses, reading: settings.reading,
                into: sink ?? output.sink, spread: spread, isCancelled: isCancelled, progress: progress,
                beforeSentence: { index throws(NarrateError) in try output.sentenceStarting(index) }, sentenceStarted: sentenceStarted,
                continuing: earlier, boundaries: boundaries, stretchEnded: stretchEnded
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
