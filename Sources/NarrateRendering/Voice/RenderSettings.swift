public import NarrateAudio
public import NarrateCore
public import NarrateText

/// Everything that shapes a render's audio: the cache key of `ArticleRenderer`.
public struct RenderSettings: Sendable, Equatable {
    /// The voice.
    public var voice: VoiceSettings
    /// The pauses.
    public var pauses: PauseSettings
    /// The preset's pronunciation lexicon.
    public var lexicon: PronunciationLexicon
    /// The language whose rules prepare the sentences.
    public var language: String
    /// The file's format, rate and bitrate or quality.
    public var encoding: AudioEncoding
    /// The album tag.
    public var album: String
    /// Which parts of the article are read (references, footnotes, ...).
    public var reading: ReadingChoices

    /// Creates settings.
    public init(
        voice: VoiceSettings, pauses: PauseSettings, lexicon: PronunciationLexicon, language: String,
        encoding: AudioEncoding = .wav, album: String = AudioTags.defaultAlbum, reading: ReadingChoices = .standard
    ) {
        self.reading = reading
        self.voice = voice
        self.pauses = pauses
        self.lexicon = lexicon
        self.language = language
        self.encoding = encoding
        self.album = album
    }

    /// A canonical text of the settings with the engine's version and sample rate: equal
    /// texts give equal audio. Bump `pipelineVersion` when narrate's own speech preparation
    /// changes what eSpeak NG hears.
    public func description(engineVersion: String, sampleRate: Int) -> String {
        let entries = (lexicon.exact.map { "=\($0.key)>\($0.value)" } + lexicon.caseInsensitive.map { "~\($0.key)>\($0.value)" })
            .sorted().joined(separator: "\u{1F}")
        return [
            "narrate-render-\(Self.pipelineVersion)", "espeak-ng \(engineVersion)", "rate \(sampleRate)",
            encoding.description(sourceRate: sampleRate),
            "voice \(voice.voice)", "wpm \(voice.rate)", "pitch \(voice.pitch)", "volume \(voice.volume)",
            "gap \(voice.wordGap)", "pauses \(pauses.sentence)/\(pauses.paragraph)/\(pauses.heading)",
            "language \(language)", "lexicon \(entries)", "reading \(reading.description)",
        ].joined(separator: "\n") + (album == AudioTags.defaultAlbum ? "" : "\nalbum \(album)")
    }

    /// The version of narrate's speech preparation that renders depend on (2: files carry
    /// tags and chapter cue points).
    public static let pipelineVersion = 2
}
