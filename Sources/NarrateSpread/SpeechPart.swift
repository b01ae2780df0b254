public import NarrateCore
package import NarrateText

/// A contiguous run of an article's sentences for another process to synthesize while this
/// one speaks the run before it (`SynthesisSpread`).
public struct SpeechPart: Sendable, Codable, Equatable {
    /// The voice, exactly as the narration configures it.
    public var voice: VoiceSettings
    /// Each sentence in order: as written when `normalization` is given (the helper makes the
    /// spoken forms, at the same time as this process makes its own), else as spoken.
    public var texts: [String]
    /// The sentences (indices into `texts`) before which the engine starts afresh, as the
    /// narration's own engine does there.
    public var resets: [Int]
    /// How the texts become what the engine hears; nil when they are spoken forms already.
    public var normalization: Normalization?

    /// The language and lexicon a `SpeechNormalizer` is made of.
    public struct Normalization: Sendable, Codable, Equatable {
        /// A language code or voice name, as `SpeechNormalizer(language:)` takes it.
        public var language: String
        /// The lexicon's entries, word → spoken form.
        public var lexicon: [String: String]

        /// Creates a normalization.
        public init(language: String, lexicon: [String: String] = [:]) {
            self.language = language
            self.lexicon = lexicon
        }

        /// The normalization of `lexicon` under `language`'s rules.
        package init(language: String, lexicon: PronunciationLexicon) {
            self.init(language: language, lexicon: lexicon.entries)
        }

        /// The normalizer it describes.
        var normalizer: SpeechNormalizer {
            SpeechNormalizer(language: language, lexicon: PronunciationLexicon(entries: lexicon))
        }
    }

    /// Creates a part.
    public init(voice: VoiceSettings, texts: [String], resets: [Int] = [], normalization: Normalization? = nil) {
        self.voice = voice
        self.texts = texts
        self.resets = resets
        self.normalization = normalization
    }
}
