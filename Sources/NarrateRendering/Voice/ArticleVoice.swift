public import NarrateCore
public import NarrateLibrary
import NarrateSpeech
import NarrateText

/// Which voice and settings speak a library article: the voice asked for (a voice or a
/// preset), else the voice kept for the article (`add --voice`), else the one its language
/// picks (a neural voice for it when the library prefers them and one is installed, else eSpeak
/// NG's); and the article's language for the rules that prepare its sentences.
public enum ArticleVoice {
    /// The render settings for `article` with `request` (nil: nothing asked, as for playing),
    /// checked by configuring `engine` with them; `preference` and `reading` are the library's.
    public static func settings(
        for article: StoredArticle, request: VoiceRequest?, presets: VoicePresetLibrary, engine: any SpeechEngine,
        preference: VoicePreference = .espeak, reading: ReadingChoices = .standard
    ) throws(NarrateError) -> RenderSettings {
        var (voice, pauses, lexicon) = try request?.resolve(presets: presets) ?? (.standard, .standard, PronunciationLexicon())
        if request?.choosesVoice != true {
            if let kept = article.voice {
                voice.voice = kept
            } else if let language = article.summary.language,
                let chosen = languageVoice(for: language, engine: engine, preference: preference)
            {
                voice.voice = chosen
            }
        }
        try engine.select(voice)
        voice.voice = engine.selectedVoiceName ?? voice.voice
        let language =
            article.summary.language
            ?? engine.language(ofSelectedVoice: voice.voice)
            ?? SpeechLanguage.language(ofVoice: voice.voice, among: engine.voices())
            ?? LanguageRules.primaryCode(of: voice.voice)
        let choices = try request?.reading(presets: presets, base: reading) ?? reading
        return RenderSettings(voice: voice, pauses: pauses, lexicon: lexicon, language: language, reading: choices)
    }

    /// The voice `language` picks: with `preference` neural, the best installed neural voice
    /// for it, if any; else eSpeak NG's for it; nil when none speaks it.
    public static func languageVoice(for language: String, engine: any SpeechEngine, preference: VoicePreference) -> String? {
        if preference == .neural, let neural = DefaultVoices.neuralVoice(forLanguage: language, among: engine.neuralVoices()) {
            return neural
        }
        return DefaultVoices.voice(forLanguage: LanguageRules.primaryCode(of: language), among: engine.voices())
    }

    /// The request a queued job of `article` carries: `request` itself, unless the library's
    /// `preference` picks the voice by language (no voice asked for, none kept), when the
    /// voice picked (`settings.voice.voice`) goes in it, so every worker speaks with that one
    /// whatever its own library says.
    ///
    /// The parts read (`settings.reading`) are pinned the same way: whatever a worker's library
    /// chooses, it reads what this one's did.
    public static func pinned(_ request: VoiceRequest, for article: StoredArticle, settings: RenderSettings, preference: VoicePreference)
        -> VoiceRequest
    {
        var pinned = request
        pinned.read = settings.reading.readInOrder
        pinned.skip = settings.reading.skipped
        guard preference != .espeak, !request.choosesVoice, article.voice == nil else { return pinned }
        pinned.voice = settings.voice.voice
        return pinned
    }
}
