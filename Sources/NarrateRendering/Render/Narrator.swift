public import NarrateCore
public import NarrateSpread
public import NarrateText

/// Speaks a document sentence by sentence into an audio sink.
///
/// Audio is streamed: each chunk the engine produces goes straight to the sink, so memory
/// stays flat however long the article is. Silence after each sentence, paragraph and
/// heading comes from `PauseSettings`, not from the engine. The engine hears each sentence
/// in its normalized form; the sentences and timings keep the text as written.
public struct Narrator {
    /// The speech engine.
    public let engine: any SpeechEngine
    /// How block text is split into sentences.
    public var segmenter: SentenceSegmenter
    /// How each sentence is prepared for the engine.
    public var normalizer: SpeechNormalizer {
        didSet { normalization = nil }
    }
    /// The language and lexicon `normalizer` was made of, when it was made of them: helpers
    /// are then given their sentences as written and make the spoken forms themselves.
    var normalization: SpeechPart.Normalization?

    /// Creates a narrator with the rules of `language` (a code such as "uk" or a voice name
    /// such as "en-gb") and a voice preset's lexicon.
    public init(engine: any SpeechEngine, language: String = "en", lexicon: PronunciationLexicon = PronunciationLexicon()) {
        self.init(
            engine: engine, segmenter: SentenceSegmenter(language: language),
            normalizer: SpeechNormalizer(language: language, lexicon: lexicon)
        )
        normalization = SpeechPart.Normalization(language: language, lexicon: lexicon)
    }

    /// Creates a narrator with explicit parts.
    public init(engine: any SpeechEngine, segmenter: SentenceSegmenter, normalizer: SpeechNormalizer) {
        self.engine = engine
        self.segmenter = segmenter
        self.normalizer = normalizer
    }

    /// Narrates `document` into `sink`.
    ///
    /// - Parameters:
    ///   - isCancelled: polled between audio chunks; when it returns true narration stops
    ///     and `NarrateError.interrupted` is thrown.
    ///   - progress: called after each sentence with the number done and the total.
    ///   - beforeSentence: called before each sentence is spoken, after the pause that
    ///     ends the one before (a split writer starts its next file there).
    ///   - sentenceStarted: told each sentence's first sample in the audio as it begins
    ///     (a player listening while the audio is made).
    /// - Returns: what was spoken, with each sentence's place in the audio.
    ///   - sentences: the document's sentences, when they were segmented before (a library
    ///     article's are stored); nil segments the document now.
    ///   - spread: runs of sentences synthesized by other processes at the same time (a long
    ///     article on every core); nil speaks everything here. The audio and timings are the
    ///     same either way.
    ///   - reading: which parts are read (`ReadingFilter`); a sentence not read at all takes
    ///     no time in the audio (its timing is empty, where the next one starts) and no pause.
    ///   - earlier: what was spoken before, from the first sentence (a narration that goes on
    ///     after a stop, its audio already in `sink`): speaking starts at its end.
    ///   - boundaries: sentences where a stretch ends (chapter starts): at each, before it is
    ///     spoken, `stretchEnded` is told what was spoken since the last (a checkpoint keeps it),
    ///     and the engine starts afresh there, as one going on from there does.
    public func narrate(
        _ document: Document,
        sentences given: [Sentence]? = nil,
        voice: VoiceSettings,
        pauses: PauseSettings,
        reading: ReadingChoices = .standard,
        into sink: any AudioSink,
        spread: SynthesisSpread? = nil,
        isCancelled: () -> Bool = { false },
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in },
        beforeSentence: (_ index: Int) throws -> Void = { _ in },
        sentenceStarted: (_ index: Int, _ frame: Int) -> Void = { _, _ in },
        continuing earlier: NarrationStretch? = nil,
        boundaries: Set<Int> = [],
        stretchEnded: (NarrationStretch) throws -> Void = { _ in }
    ) throws -> NarrationSummary {
        try voice.validate()
        try pauses.validate()
        // What the engine said before (another article) must not colour this one.
        try engine.reset()
        try engine.configure(voice)
        let sentences = given ?? segmenter.sentences(of: document)
        // Each sentence as it is read, made when it is needed (an array of them all held a
        // second copy of a long article's sentences); nil: skipped (a reference list).
        let filter = ReadingFilter(choices: reading)
        let read = { (index: Int) -> Sentence? in filter.read(sentences[index], in: document) }
        let skipped = sentences.indices.map { read($0) == nil }
        guard let lastRead = skipped.lastIndex(of: false) else {
            throw NarrateError.noSpeakableText(path: document.title)
        }
        // Sentences spoken before are passed over, as sentences not read are.
        let first = min(earlier?.endSentence ?? 0, sentences.count)

        // Spoken forms are made as the narration goes, each process its own sentences' (or,
        // with a normalizer not made of a language, this one all of them, before helpers start).
        // A skipped sentence is an empty text: nothing is synthesized for it.
        let runs = SpreadNarration(
            lengths: sentences.indices.map { index in skipped[index] ? 0 : sentences[index].text.unicodeScalars.count },
            spread: engine.usesEveryCore ? nil : spread,
            text: { index in
                let text = skipped[index] || index < first ? "" : read(index)?.text ?? ""
                return normalization == nil && !text.isEmpty ? normalizer.spoken(text) : text
            },
            normalization: normalization, voice: voice, boundaries: boundaries, first: first
        )
        defer { runs.cancel() }

        var timings: [SentenceTiming] = []
        timings.reserveCapacity(sentences.count)
        var words: [WordTiming] = []
        var frame = 0
        if let earlier, first > 0 {
            timings = earlier.timings
            words = earlier.words
            frame = earlier.endFrame
            // A player listening while the audio is made hears these first: where each starts.
            for timing in earlier.timings { sentenceStarted(timing.sentenceIndex, timing.startFrame) }
            progress(first, sentences.count)
        }
        // Where the stretch being spoken started: its sentence, sample, first timing and word.
        var stretch = (sentence: first, frame: frame, timing: timings.count, word: words.count)
        var envelope = VoiceEnvelope(sampleRate: sink.sampleRate)
        for index in sentences.indices {
            if isCancelled() { throw NarrateError.interrupted }
            guard index >= first else {
                // Spoken before: helpers recorded an empty sentence for it, passed over.
                _ = try runs.speak(index, spoken: { "" }, engine: engine) { _ in !isCancelled() }
                continue
            }
            if boundaries.contains(index), index > stretch.sentence {
                try stretchEnded(
                    NarrationStretch(
                        firstSentence: stretch.sentence, endSentence: index, startFrame: stretch.frame, endFrame: frame,
                        timings: Array(timings[stretch.timing...]), words: Array(words[stretch.word...])
                    )
                )
                stretch = (index, frame, timings.count, words.count)
            }
            guard !skipped[index], let sentence = read(index) else {
                // Helpers recorded an empty sentence for it: passed over, so theirs stay in step.
                sentenceStarted(index, frame)
                _ = try runs.speak(index, spoken: { "" }, engine: engine) { _ in !isCancelled() }
                timings.append(SentenceTiming(sentenceIndex: index, startFrame: frame, frameCount: 0))
                progress(index + 1, sentences.count)
                continue
            }
            try beforeSentence(index)
            sentenceStarted(index, frame)
            let start = frame
            var wordEvents: [SpeechEvent] = []
            envelope.removeAll()
            let spoken = try runs.speak(index, spoken: { normalizer.spoken(sentence.text) }, engine: engine) { chunk in
                if isCancelled() { return false }
                wordEvents += chunk.events.filter { $0.kind == .word }
                envelope.append(chunk.samples)
                try sink.write(chunk.samples)
                frame += chunk.samples.count
                return true
            }
            if isCancelled() { throw NarrateError.interrupted }
            var sentenceWords = Self.wordTimings(wordEvents, spoken: spoken, sentence: sentence, index: index, start: start, end: frame)
            let voiceStart = envelope.placeOnTheVoice(&sentenceWords, start: start, end: frame)
            timings.append(SentenceTiming(sentenceIndex: index, startFrame: voiceStart, frameCount: frame - voiceStart))
            words += sentenceWords
            if index < lastRead {
                let kind = document.blocks[sentence.blockIndex].kind
                let milliseconds = pauses.milliseconds(after: kind, endsBlock: sentence.endsBlock)
                let silence = milliseconds * sink.sampleRate / 1000
                try sink.writeSilence(samples: silence)
                frame += silence
            }
            progress(index + 1, sentences.count)
        }
        // A skipped sentence starts where the next one read starts: its place is empty.
        var next = frame
        for position in timings.indices.reversed() {
            if skipped[position] { timings[position].startFrame = next } else { next = timings[position].startFrame }
        }
        return NarrationSummary(sentences: sentences, timings: timings, words: words, frameCount: frame, sampleRate: sink.sampleRate)
    }

    /// The words of one sentence: each word event placed in the audio (from `start`, the
    /// sentence's first sample, to `end`, its last) and on the stretch of text its spoken word
    /// stands for (`HighlightUnits`: a word, or a whole rewritten token such as "$1.2
    /// million"), in the block's offsets. The events of one stretch make one timing, and each
    /// timing lasts until the next begins, so a word is highlighted through all of speech;
    /// the voice never goes back, so neither does the highlight.
    static func wordTimings(
        _ events: [SpeechEvent], spoken: String, sentence: Sentence, index: Int, start: Int, end: Int
    ) -> [WordTiming] {
        let spokenWords = WordAlignment.words(in: spoken)
        // Most sentences are spoken as written.
        let textWords = spoken == sentence.text ? spokenWords : WordAlignment.words(in: sentence.text)
        let alignment = WordAlignment.align(spoken: spoken, spokenWords: spokenWords, text: sentence.text, textWords: textWords)
        let units = HighlightUnits(
            spoken: spoken, spokenWords: spokenWords, text: sentence.text, textWords: textWords, alignment: alignment
        )
        let ordered = events.sorted { $0.sampleOffset < $1.sampleOffset }
        // (unit, first sample) of each timing, in order.
        var starts: [(unit: Int, frame: Int)] = []
        for event in ordered {
            // The spoken word the event starts in (or the first after it).
            guard let spokenIndex = spokenWords.firstIndex(where: { $0.upperBound > event.textOffset }),
                var unit = units.unitOfSpokenWord[spokenIndex]
            else { continue }
            if let last = starts.last {
                unit = max(unit, last.unit)
                if unit == last.unit { continue }
            }
            starts.append((unit, min(start + event.sampleOffset, end)))
        }
        let shift = sentence.textRange.lowerBound
        return starts.enumerated().map { position, timing in
            let next = position + 1 < starts.count ? starts[position + 1].frame : end
            let range = units.ranges[timing.unit]
            return WordTiming(
                sentenceIndex: index, textRange: (range.lowerBound + shift)..<(range.upperBound + shift),
                startFrame: timing.frame, frameCount: max(0, next - timing.frame)
            )
        }
    }
}
