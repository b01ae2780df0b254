import Foundation
public import NarrateCore
public import NarrateLibrary
import NarrateSpeech
import NarrateText

/// The voice a listener picks for an article on its page: the voices installed for its
/// language, the one its language picks by itself, and the one it keeps. The pick is the
/// article's own voice in the library (as `add --voice` keeps it), so every device and every
/// front end speaks it in that voice; its listening render is then one in that voice.
public struct ArticleVoiceChoice: Sendable, Equatable {
    /// The voice the article keeps; nil: its language picks one.
    public var voice: String?
    /// The voice its language picks now (by the library's preference).
    public var automatic: String
    /// The article's language (its own, else the automatic voice's).
    public var language: String
    /// The library's preference, by which the language picks.
    public var preference: VoicePreference
    /// The voices that speak the language (neural ones first, the best first), the kept one
    /// included whatever it speaks.
    public var voices: [VoiceInfo]

    /// Article `id`'s choice.
    public init(articleId id: Int64, library: ArticleLibrary, engine: any SpeechEngine) throws(NarrateError) {
        let article = try library.articles.article(id: id)
        let preference = try VoicePreference.load(from: library)
        self.preference = preference
        let neural = engine.neuralVoices()
        let espeak = engine.voices().filter { $0.engine == nil }
        let asked = article.summary.language
        let automatic =
            asked.flatMap { ArticleVoice.languageVoice(for: $0, engine: engine, preference: preference) }
            ?? VoiceSettings.standard.voice
        self.automatic = automatic
        language = asked ?? SpeechLanguage.language(ofVoice: automatic, among: espeak + neural) ?? LanguageRules.primaryCode(of: automatic)
        voice = article.voice
        let primary = LanguageRules.primaryCode(of: language)
        let speaking =
            neural.filter { $0.speaks(primary) }.sorted { left, right in
                left.qualityRank != right.qualityRank ? left.qualityRank > right.qualityRank : left.identifier < right.identifier
            } + espeak.filter { $0.speaks(primary) }
        let kept = article.voice.map { $0.lowercased() }.flatMap { kept in
            (neural + espeak).first { voice in
                let identifier = voice.identifier.lowercased()
                return identifier == kept || identifier.hasSuffix("/" + kept) || voice.name.lowercased() == kept
                    || voice.languages.contains(kept)
            }
        }
        voices = speaking + (kept.map { kept in speaking.contains(kept) ? [] : [kept] } ?? [])
    }

    /// Keeps `voice` for article `id` (nil: none, its language picks), after checking that
    /// `engine` has it (`.unknownVoice` with the closest names when not); a Piper voice is kept
    /// by its full name. Returns the choice afterwards.
    public static func choose(
        _ voice: String?, articleId id: Int64, library: ArticleLibrary, engine: any SpeechEngine
    ) throws(NarrateError) -> ArticleVoiceChoice {
        var kept = voice.map { $0.trimmingCharacters(in: .whitespaces) }
        if let asked = kept, asked.isEmpty { kept = nil }
        if let asked = kept { kept = try engine.voiceName(asked) }
        try library.articles.setVoice(ofArticle: id, to: kept)
        return try ArticleVoiceChoice(articleId: id, library: library, engine: engine)
    }
}
