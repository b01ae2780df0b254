public import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateSpread

/// A library article rendered (or its intact render reused) and delivered where asked: the
/// library's audio folder, a file, a stream (which gets a copy of the library's render) or
/// a numbered set cut from the article's WAV render; with a sync map and chapters beside it
/// when asked.
public struct RenderDelivery {
    /// The article.
    public var articleId: Int64
    /// The voice asked for; the article's own voice or language fills what it leaves open.
    public var voice: VoiceRequest
    /// How the audio is encoded.
    public var encoding: AudioEncoding
    /// The album tag.
    public var album: String
    /// Where the audio goes (nil: the library's audio folder).
    public var output: String?
    /// Replace an existing output that is not this render.
    public var overwrite: Bool
    /// Numbered parts instead of one file (needs `output`), a sync map, chapters.
    public var extras: OutputExtras
    /// Other processes that synthesize runs of a long article at the same time.
    public var spread: SynthesisSpread?

    public init(
        articleId: Int64, voice: VoiceRequest = VoiceRequest(), encoding: AudioEncoding = .wav, album: String = AudioTags.defaultAlbum,
        output: String? = nil, overwrite: Bool = false, extras: OutputExtras = OutputExtras(), spread: SynthesisSpread? = nil
    ) {
        self.spread = spread
        self.articleId = articleId
        self.voice = voice
        self.encoding = encoding
        self.album = album
        self.output = output
        self.overwrite = overwrite
        self.extras = extras
    }

    /// What was delivered.
    public struct Result: Encodable, Sendable {
        public var id: Int64
        /// The first file written.
        public var path: String
        /// Every file written (one, or the numbered parts).
        public var paths: [String]
        public var format: String
        /// The render's length in seconds.
        public var duration: Double
        public var sampleRate: Int
        /// How many sentences it holds.
        public var sentences: Int
        public var voice: String
        /// How the render came about: synthesized, cached or copied.
        public var source: ArticleRenderer.Outcome.Source
    }

    /// Renders and delivers with `engine`; the extras are checked first.
    public func run(
        library: ArticleLibrary, engine: any SpeechEngine, presets: VoicePresetLibrary, isCancelled: () -> Bool = { false }
    ) throws(NarrateError) -> Result {
        try extras.validate(output: output)
        let article = try library.articles.article(id: articleId)
        var settings = try ArticleVoice.settings(
            for: article, request: voice, presets: presets, engine: engine, preference: try VoicePreference.load(from: library),
            reading: try ReadingChoices.load(from: library)
        )
        let renderer = ArticleRenderer(library: library, engine: engine, spread: spread)
        let sentences = article.sentences(try library.articles.sentences(ofArticle: articleId))
        let toStream = try output.map(OutputTarget.resolve)?.isStream ?? false
        var paths: [String]
        let outcome: ArticleRenderer.Outcome
        if let split = extras.split, let output {
            // The parts are cut from the article's WAV render (made or reused here).
            outcome = try renderer.render(articleId: articleId, settings: settings, output: nil, overwrite: true, isCancelled: isCancelled)
            let chapters = ChapterList(
                document: article.document, sentences: sentences, samples: outcome.sentenceSamples, sampleRate: outcome.render.sampleRate
            )
            paths = try RenderExport(path: outcome.render.path, sentenceSamples: outcome.sentenceSamples, chapters: chapters).write(
                fromSentence: 0, to: output, encoding: encoding, tags: AudioTags(document: article.document, album: album),
                split: split, overwrite: overwrite, isCancelled: isCancelled
            ).paths
        } else {
            settings.encoding = encoding
            settings.album = album
            outcome = try renderer.render(
                articleId: articleId, settings: settings, output: toStream ? nil : output, overwrite: overwrite, isCancelled: isCancelled
            )
            paths = [outcome.render.path]
            if toStream, let output {
                try OutputFile.copy(file: outcome.render.path, to: output, overwrite: true)
                paths = [output]
            }
        }
        let render = outcome.render
        if let syncMap = extras.syncMap {
            try SyncMap(sentences: sentences, samples: outcome.sentenceSamples, sampleRate: render.sampleRate).write(to: syncMap)
        }
        if let chapters = extras.chapters {
            try ChapterList(
                document: article.document, sentences: sentences, samples: outcome.sentenceSamples, sampleRate: render.sampleRate
            )
            .write(to: chapters, title: article.document.title)
        }
        return Result(
            id: articleId, path: paths[0], paths: paths, format: encoding.format.rawValue, duration: render.duration,
            sampleRate: render.sampleRate, sentences: outcome.sentenceSamples.count, voice: settings.voice.voice,
            source: outcome.source
        )
    }
}
