import NarrateCore
import NarrateRendering

/// An article's voice choice as the API gives it (`VoiceChoice` in the OpenAPI document):
/// the kept voice spelled out as null when there is none.
struct VoiceChoiceView: Encodable, Sendable {
    @Nullable var voice: String?
    var automatic: String
    var language: String
    var preference: String
    var voices: [VoiceInfo]

    init(_ choice: ArticleVoiceChoice) {
        voice = choice.voice
        automatic = choice.automatic
        language = choice.language
        preference = choice.preference.rawValue
        voices = choice.voices
    }
}
