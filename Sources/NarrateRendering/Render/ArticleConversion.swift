public import NarrateAudio
public import NarrateCore
public import NarrateIngest
public import NarrateSpread
import NarrateText

/// One article in, one audio file (or a numbered set) out, without the library: read the
/// input, choose the voice (asked for, else the one the article's language picks), narrate
/// it into the output and put the output in place only when all of it is written.
public struct ArticleConversion {
    /// The article: a path, "-" for standard input, or an http(s) URL.
    public var input: String
    /// How to read it (nil: from its extension or content type).
    public var format: SourceFormat?
    /// How Markdown is read (what code blocks say).
    public var markdownReader: MarkdownReader
    /// The language whose rules segment and normalize it (nil: declared, detected, the voice's).
    public var language: String?
    /// The voice asked for.
    public var voice: VoiceRequest
    /// How the audio is encoded.
    public var encoding: AudioEncoding
    /// The album tag.
    public var album: String
    /// Where the audio goes: a file, "-" for standard output, or a stream.
    public var destination: String
    /// Replace an existing output.
    public var overwrite: Bool
    /// Numbered parts instead of one file.
    public var split: SplitAudioWriter.Rule?
    /// Other processes that synthesize runs of a long article at the same time.
    public var spread: SynthesisSpread?

    public init(
        input: String, format: SourceFormat? = nil, markdownReader: MarkdownReader = MarkdownReader(), language: String? = nil,
        voice: VoiceRequest = VoiceRequest(), encoding: AudioEncoding = .wav, album: String = AudioTags.defaultAlbum,
        destination: String, overwrite: Bool = false, split: SplitAudioWriter.Rule? = nil, spread: SynthesisSpread? = nil
    ) {
        self.spread = spread
        self.input = input
        self.format = format
        self.markdownReader = markdownReader
        self.language = language
        self.voice = voice
        self.encoding = encoding
        self.album = album
        self.destination = destination
        self.overwrite = overwrite
        self.split = split
    }

    /// What was written.
    public struct Result: Sendable {
        /// The files written (one, or the numbered parts).
        public var paths: [String]
        /// The audio's length in seconds.
        public var duration: Double
        /// How many sentences were spoken.
        public var sentenceCount: Int
        /// The voice that spoke them.
        public var voice: String
        /// The article's title.
        public var title: String
        /// Its chapters (one per heading), timed in the audio.
        public var chapters: ChapterList
    }

    /// Narrates the input with `engine`, started once the choices and the input are read;
    /// on any failure or cancellation nothing is left at the destination.
    public func run(
        engine startEngine: () throws(NarrateError) -> any SpeechEngine, presets: VoicePresetLibrary, environment: [String: String],
        isCancelled: @escaping () -> Bool = { false }
    ) throws(NarrateError) -> Result {
        var (voiceSettings, pauses, lexicon) = try voice.resolve(presets: presets)
        let reading = try voice.reading(presets: presets)
        if let language { try SpeechLanguage.validate(language) }
        try OutputExtras(split: split).validate(output: destination)
        let loader = ArticleLoader(markdownReader: markdownReader)
        let document = try ArticleInput.load(input, format: format, loader: loader, isCancelled: isCancelled).document
        let engine = try startEngine()

        // Without a voice or preset asked for, the article's language picks the voice. With
        // one, the voice's language is the article's unless it declares another, so the
        // language profiles are not loaded (47 million instructions on a short article).
        let declared = language ?? document.language
        let detected =
            declared == nil && !voice.choosesVoice
            ? SpeechLanguage.detect(in: document, engine: engine, environment: environment) : nil
        // (eSpeak NG's: with no library there is no preference for neural voices.)
        if !voice.choosesVoice, let articleLanguage = declared ?? detected,
            let chosen = ArticleVoice.languageVoice(for: articleLanguage, engine: engine, preference: .espeak)
        {
            voiceSettings.voice = chosen
        }
        try engine.select(voiceSettings)
        voiceSettings.voice = engine.selectedVoiceName ?? voiceSettings.voice

        let code = SpeechLanguage.resolve(
            option: language, document: document, detected: detected, voice: voiceSettings.voice, engine: engine)
        let narrator = Narrator(engine: engine, language: code, lexicon: lexicon)
        let sentences = narrator.segmenter.sentences(of: document)
        let output = try AudioOutputSet(
            destination: destination, sampleRate: engine.sampleRate, encoding: encoding,
            tags: AudioTags(document: document, album: album), overwrite: overwrite, split: split,
            // A heading not read starts no part.
            chapterStarts: ChapterList.chapterStarts(document: document, sentences: sentences).map(\.index).filter { index in
                ReadingFilter(choices: reading).read(sentences[index], in: document) != nil
            }
        )
        let settings = RenderSettings(
            voice: voiceSettings, pauses: pauses, lexicon: lexicon, language: code, encoding: encoding, album: album, reading: reading
        )
        let (summary, chapters) = try ArticleSynthesis(engine: engine, spread: spread).narrate(
            document, sentences: sentences, narrator: narrator, settings: settings, into: output, isCancelled: isCancelled
        )
        let paths = try output.commit(markers: chapters.markers)
        return Result(
            paths: paths, duration: summary.duration, sentenceCount: summary.sentences.count, voice: voiceSettings.voice,
            title: document.title, chapters: chapters
        )
    }

    /// `input` with its extension replaced by `.EXT` (`wav` unless another is given).
    public static func defaultOutput(for input: String, fileExtension: String = "wav") -> String {
        let slash = input.lastIndex(of: "/")
        if let dot = input.lastIndex(of: "."), slash.map({ dot > input.index(after: $0) }) ?? (dot != input.startIndex) {
            return input[..<dot] + "." + fileExtension
        }
        return input + "." + fileExtension
    }
}
