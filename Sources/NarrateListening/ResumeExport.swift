public import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateRendering
public import NarrateSpread

/// The rest of an article, from where its listener stopped to the end, as an audio file (or
/// a numbered set) for a player on another device, cut from the render used for listening;
/// with a sync map and chapters timed in it when asked.
public struct ResumeExport {
    /// The article.
    public var articleId: Int64
    /// Where the audio goes: a file, "-" for standard output, or a stream.
    public var output: String
    /// How the audio is encoded.
    public var encoding: AudioEncoding
    /// The album tag.
    public var album: String
    /// Replace an existing output.
    public var overwrite: Bool
    /// Numbered parts instead of one file, a sync map, chapters.
    public var extras: OutputExtras
    /// Other processes that synthesize runs of a long article at the same time, when it
    /// has to be rendered first.
    public var spread: SynthesisSpread?

    public init(
        articleId: Int64, output: String, encoding: AudioEncoding = .wav, album: String = AudioTags.defaultAlbum,
        overwrite: Bool = false, extras: OutputExtras = OutputExtras(), spread: SynthesisSpread? = nil
    ) {
        self.spread = spread
        self.articleId = articleId
        self.output = output
        self.encoding = encoding
        self.album = album
        self.overwrite = overwrite
        self.extras = extras
    }

    /// What was written.
    public struct Result: Sendable {
        /// The files written.
        public var paths: [String]
        /// Their length in seconds.
        public var duration: Double
        /// The first sentence in them, from 0.
        public var firstSentence: Int
        /// The article's sentence count.
        public var sentenceCount: Int
    }

    /// Writes the rest; an article heard to the end is refused. `engine` is started only
    /// once the article and its position are found; `willRender` is told, with the
    /// estimated length in seconds, before the article is rendered first.
    public func run(
        library: ArticleLibrary, engine: () throws(NarrateError) -> any SpeechEngine, presets: VoicePresetLibrary,
        isCancelled: () -> Bool = { false }, willRender: (_ estimatedSeconds: Double) -> Void = { _ in }
    ) throws(NarrateError) -> Result {
        try extras.validate(output: output)
        let article = try library.articles.article(id: articleId)
        let position = try library.positions.position(ofArticle: articleId)
        if position?.finished == true { throw NarrateError(ListeningError.articleFinished(id: articleId)) }
        let (render, samples) = try ListeningRender.obtain(
            for: article, library: library, engine: try engine(), presets: presets, spread: spread, isCancelled: isCancelled,
            willRender: willRender
        )
        let first = min(position?.sentence ?? 0, samples.count - 1)
        let sentences = article.sentences(try library.articles.sentences(ofArticle: articleId))
        let chapterList = ChapterList(document: article.document, sentences: sentences, samples: samples, sampleRate: render.sampleRate)
        let result = try RenderExport(path: render.path, sentenceSamples: samples, chapters: chapterList).write(
            fromSentence: first, to: output, encoding: encoding, tags: AudioTags(document: article.document, album: album),
            split: extras.split, overwrite: overwrite, isCancelled: isCancelled
        )
        if let syncMap = extras.syncMap {
            try SyncMap(sentences: sentences, samples: samples, sampleRate: render.sampleRate, startSample: samples[first].lowerBound)
                .write(to: syncMap)
        }
        if let chapters = extras.chapters {
            try result.chapters.write(to: chapters, title: article.document.title)
        }
        return Result(paths: result.paths, duration: result.duration, firstSentence: first, sentenceCount: samples.count)
    }
}
