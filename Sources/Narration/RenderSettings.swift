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

    /// Creates settings.
    public init(voice: VoiceSettings, pauses: PauseSettings, lexicon: PronunciationLexicon, language: String) {
        self.voice = voice
        self.pauses = pauses
        self.lexicon = lexicon
        self.language = language
    }

    /// A canonical text of the settings with the engine's version and sample rate: equal
    /// texts give equal audio. Bump `pipelineVersion` when narrate's own speech preparation
    /// changes what eSpeak NG hears.
    public func description(engineVersion: String, sampleRate: Int) -> String {
        let entries = (lexicon.exact.map { "=\($0.key)>\($0.value)" } + lexicon.caseInsensitive.map { "~\($0.key)>\($0.value)" })
            .sorted().joined(separator: "\u{1F}")
        return [
            "narrate-render-\(Self.pipelineVersion)", "espeak-ng \(engineVersion)", "rate \(sampleRate)", "wav pcm16",
            "voice \(voice.voice)", "wpm \(voice.rate)", "pitch \(voice.pitch)", "volume \(voice.volume)",
            "gap \(voice.wordGap)", "pauses \(pauses.sentence)/\(pauses.paragraph)/\(pauses.heading)",
            "language \(language)", "lexicon \(entries)",
        ].joined(separator: "\n")
    }

    /// The version of narrate's speech preparation that renders depend on.
    public static let pipelineVersion = 1
}
