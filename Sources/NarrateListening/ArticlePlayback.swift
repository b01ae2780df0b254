public import NarrateAudio
public import NarrateCore
public import NarrateLibrary
public import NarrateRendering
public import NarrateSpread

/// Playing a library article in real time from where its listener stopped, as `narrate play`
/// does: its newest intact render when there is one ([`ArticlePlayer`](ArticlePlayer)), else a
/// render made while the first sentences play ([`LiveArticlePlayer`](LiveArticlePlayer)), in
/// the voice and with the reading choices the library keeps.
public struct ArticlePlayback {
    /// The library the article, its renders and its position are in.
    public let library: ArticleLibrary
    /// The voices a new render is made with.
    public let engine: any SpeechEngine
    /// Processes a new render's synthesis is spread over (nil: one).
    public let spread: SynthesisSpread?
    /// The voice presets a new render's voice may name.
    public let presets: VoicePresetLibrary
    /// The device name positions are saved under.
    public let device: String

    /// Where playing started.
    public struct Start: Sendable, Equatable {
        /// The sentence (from 0) and how many there are.
        public var sentence: Int
        public var total: Int
        /// The time of that sentence in the render, when the render is whole (nil: it is
        /// being made as it plays).
        public var seconds: Double?
    }

    /// A playback of `library`'s articles, rendering with `engine` when there is no render.
    public init(library: ArticleLibrary, engine: any SpeechEngine, spread: SynthesisSpread?, presets: VoicePresetLibrary, device: String) {
        self.library = library
        self.engine = engine
        self.spread = spread
        self.presets = presets
        self.device = device
    }

    /// Plays article `id` into `sink` from its saved position (the start with `fromStart`;
    /// `rewind` sentences earlier), saving the position as it goes, until the end, until the
    /// sink closes or until `shouldStop` says so. `onStart` hears where it starts.
    public func play(
        articleId id: Int64, fromStart: Bool, rewind: Int, into sink: any PlaybackSink, shouldStop: @escaping @Sendable () -> Bool,
        onStart: (Start) -> Void
    ) throws(NarrateError) -> ArticlePlayer.Outcome {
        let article = try library.articles.article(id: id)
        let renderer = ArticleRenderer(library: library, engine: engine, spread: spread)
        let reading = try ReadingChoices.load(from: library)
        if let (render, samples) = try renderer.newestIntactRender(ofArticle: id, format: .wav, keptVoice: article.voice, reading: reading)
        {
            let player = ArticlePlayer(library: library, articleId: id, render: render, sentenceSamples: samples, device: device)
            let first = try player.startSentence(fromStart: fromStart, rewind: rewind)
            onStart(Start(sentence: first, total: article.summary.sentenceCount, seconds: player.seconds(atSentence: first)))
            return try player.play(from: first, into: sink, shouldStop: shouldStop)
        }
        let settings = try ListeningRender.newSettings(
            for: article, engine: engine, presets: presets, preference: try VoicePreference.load(from: library), reading: reading
        )
        let player = LiveArticlePlayer(library: library, renderer: renderer, article: article, settings: settings, device: device)
        return try player.play(fromStart: fromStart, rewind: rewind, into: sink, shouldStop: shouldStop) { first, total in
            onStart(Start(sentence: first, total: total, seconds: nil))
        }
    }
}

extension ArticlePlayback {
    /// Plays the library's up-next queue into `sink`: its first article from where its
    /// listener stopped (`rewind` sentences earlier), and each one heard to the end (which
    /// leaves the queue) followed, after `announcement`, by the next, until the queue is empty,
    /// the sink closes or `shouldStop` says so. `onArticle` hears each article and where it
    /// starts. An empty queue is `.invalidOption`. Returns the last article's outcome.
    public func playUpNext(
        rewind: Int, into sink: any PlaybackSink, announcement: UpNextAnnouncement, shouldStop: @escaping @Sendable () -> Bool,
        onArticle: (ArticleSummary, Start) -> Void
    ) throws(NarrateError) -> (articleId: Int64, outcome: ArticlePlayer.Outcome) {
        let upNext = UpNext(library: library)
        guard var article = try upNext.next(after: nil) else {
            throw .invalidOption(
                name: "id", message: "the up-next queue is empty: give an article's id, or add some with 'narrate queue add ID'")
        }
        var first = true
        while true {
            let playing = article
            let outcome = try play(articleId: playing.id, fromStart: false, rewind: first ? rewind : 0, into: sink, shouldStop: shouldStop)
            {
                onArticle(playing, $0)
            }
            first = false
            guard outcome == .finished else { return (playing.id, outcome) }
            // Heard to the end, it left the queue with its finished position; unless a later listening on another
            // device kept that position from being saved: taken out here, so that it is not played again in a loop.
            try upNext.remove(playing.id)
            guard let next = try upNext.next(after: nil), !shouldStop() else { return (playing.id, outcome) }
            do {
                try announcement.announce(title: next.title, language: next.language, into: sink)
            } catch {
                return (playing.id, .sinkClosed(sentence: playing.sentenceCount - 1))
            }
            article = next
        }
    }
}
