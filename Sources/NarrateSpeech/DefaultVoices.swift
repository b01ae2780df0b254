public import NarrateCore
/// The voice narrate speaks a language with when no voice or preset is given.
///
/// A table for the languages whose eSpeak NG voice name is not simply the language code (or
/// that have several): English is American English, French is the French of France,
/// Portuguese is that of Portugal. Any other language is spoken by the first installed voice
/// for it.
public enum DefaultVoices {
    /// Voice names for languages with more than one voice or a voice named otherwise.
    public static let table: [String: String] = [
        "en": "en-us", "fr": "fr-fr", "pt": "pt", "es": "es", "zh": "cmn", "nb": "nb", "no": "nb", "sr": "sr",
    ]

    /// The voice for `language` (an ISO 639 code) among `voices`; nil when none speaks it.
    public static func voice(forLanguage language: String, among voices: [VoiceInfo]) -> String? {
        let code = language.lowercased()
        if let named = table[code] { return named }
        // eSpeak NG takes a language code as a voice name.
        return voices.contains { $0.languages.contains(code) } ? code : nil
    }
}
