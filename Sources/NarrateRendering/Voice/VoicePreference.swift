public import NarrateCore
public import NarrateLibrary
import NarrateSpeech

/// Which kind of voice an article's language picks when no voice or preset is asked for and
/// the article keeps none of its own: a library setting, so every front end and every worker
/// of a batch picks the same (`narrate voices prefer`, the web player's settings).
public enum VoicePreference: String, Sendable, Equatable, CaseIterable, Codable {
    /// eSpeak NG's voice for the language: fast, clear, robotic.
    case espeak
    /// An installed neural (Piper) voice for the language, else eSpeak NG's.
    case neural

    static let settingKey = "voices.preference"

    /// The library's preference (eSpeak NG's voices when never set).
    public static func load(from library: ArticleLibrary) throws(NarrateError) -> VoicePreference {
        try library.settings.value(settingKey).flatMap(VoicePreference.init(rawValue:)) ?? .espeak
    }

    /// Keeps this preference in `library`.
    public func save(to library: ArticleLibrary) throws(NarrateError) {
        try library.settings.set(Self.settingKey, to: rawValue)
    }

    /// The preference a setting's text names ("neural", "espeak"; "espeak-ng" too), nil for
    /// anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case "neural", "piper": self = .neural
        case "espeak", "espeak-ng", "espeakng": self = .espeak
        default: return nil
        }
    }
}

extension VoicePreference {
    /// With neural voices preferred, the voice each language with an installed neural voice
    /// gets (by primary language code, sorted): what "prefer neural voices" changes.
    public static func neuralChoices(engine: any SpeechEngine) -> [(language: String, voice: String)] {
        let neural = engine.neuralVoices()
        let languages = Set(neural.flatMap { $0.languages.map { String($0.lowercased().prefix { $0 != "-" && $0 != "_" }) } })
        return languages.sorted().compactMap { language in
            DefaultVoices.neuralVoice(forLanguage: language, among: neural).map { (language, $0) }
        }
    }
}
