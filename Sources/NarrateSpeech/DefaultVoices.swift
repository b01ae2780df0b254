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

    /// The neural voice for `language` (a code such as "uk" or "en-GB") among `voices`, by its
    /// identifier ("piper:en_US-joe-medium"); nil when none speaks it. Of several, the one of
    /// the language's region (the region `language` names, else the table's: American
    /// English), then the best quality (high, medium, low, x_low), then the first by name.
    public static func neuralVoice(forLanguage language: String, among voices: [VoiceInfo]) -> String? {
        func normalized(_ code: String) -> String { String(code.lowercased().map { $0 == "_" ? "-" : $0 }) }
        let wanted = normalized(language)
        let primary = String(wanted.prefix { $0 != "-" })
        let region = wanted.contains("-") ? wanted : table[primary].flatMap { $0.contains("-") ? $0 : nil }
        let candidates = voices.filter { $0.engine != nil && $0.speaks(primary) }
        func rank(_ voice: VoiceInfo) -> (Int, Int) {
            let inRegion = region.map { region in voice.languages.contains { normalized($0) == region } } ?? false
            return (inRegion ? 1 : 0, voice.qualityRank)
        }
        return candidates.max { left, right in
            let (a, b) = (rank(left), rank(right))
            return a != b ? a < b : left.identifier > right.identifier
        }?.identifier
    }
}
