import NarrateCore
import NarrateLibrary
import NarrateSpeech
import NarrateText
import Narration

/// The render settings for a library article: the voice options given (nil: none, as for
/// `play`), else the voice kept for the article, else the one its language picks; its
/// language's rules.
enum ArticleVoice {
    static func settings(
        for article: StoredArticle, options: VoiceOptions?, engine: ESpeakEngine
    ) throws(NarrateError) -> RenderSettings {
        var (voice, pauses, lexicon) = try options?.settings() ?? (.standard, .standard, PronunciationLexicon())
        if options?.choosesVoice != true {
            if let kept = article.voice {
                voice.voice = kept
            } else if let language = article.summary.language,
                let chosen = DefaultVoices.voice(forLanguage: LanguageRules.primaryCode(of: language), among: engine.voices())
            {
                voice.voice = chosen
            }
        }
        do {
            try engine.configure(voice)
        } catch let error as NarrateError {
            throw error
        } catch {
            throw .engine(code: -1, message: "\(error)")
        }
        let language = article.summary.language
            ?? SpeechLanguage.language(ofVoice: voice.voice, among: engine.voices())
            ?? LanguageRules.primaryCode(of: voice.voice)
        return RenderSettings(voice: voice, pauses: pauses, lexicon: lexicon, language: language)
    }
}
