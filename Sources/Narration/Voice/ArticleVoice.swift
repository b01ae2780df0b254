public import NarrateCore
public import NarrateLibrary
import NarrateSpeech
import NarrateText

/// Which voice and settings speak a library article: the voice asked for (a voice or a
/// preset), else the voice kept for the article (`add --voice`), else the one its language
/// picks; and the article's language for the rules that prepare its sentences.
public enum ArticleVoice {
    /// The render settings for `article` with `request` (nil: nothing asked, as for playing),
    /// checked by configuring `engine` with them.
    public static func settings(
        for article: StoredArticle, request: VoiceRequest?, presets: VoicePresetLibrary, engine: any SpeechEngine
    ) throws(NarrateError) -> RenderSettings {
        var (voice, pauses, lexicon) = try request?.resolve(presets: presets) ?? (.standard, .standard, PronunciationLexicon())
        if request?.choosesVoice != true {
            if let kept = article.voice {
                voice.voice = kept
            } else if let language = article.summary.language,
                let chosen = DefaultVoices.voice(forLanguage: LanguageRules.primaryCode(of: language), among: engine.voices())
            {
                voice.voice = chosen
            }
        }
        try engine.select(voice)
        voice.voice = engine.selectedVoiceName ?? voice.voice
        let language = article.summary.language
            ?? engine.language(ofSelectedVoice: voice.voice)
            ?? SpeechLanguage.language(ofVoice: voice.voice, among: engine.voices())
            ?? LanguageRules.primaryCode(of: voice.voice)
        return RenderSettings(voice: voice, pauses: pauses, lexicon: lexicon, language: language)
    }
}
