public import NarrateCore
public import NarrateIngest
import NarrateText

/// Which language's rules segment and normalize an article: the one asked for, else the one
/// the article declares, else the one detected in its text, else the language of the voice
/// that speaks it (as the engine reports it for the voice it has selected, else as the voice
/// list says).
public enum SpeechLanguage {
    /// The language code to use.
    public static func resolve(
        option: String?, document: Document, detected: String? = nil, voice: String?, engine: (any SpeechEngine)?
    ) -> String {
        if let option, !option.isEmpty { return option }
        if let declared = document.language, !declared.isEmpty { return declared }
        if let detected { return detected }
        guard let voice else { return "en" }
        if let engine, let language = engine.language(ofSelectedVoice: voice) ?? language(ofVoice: voice, among: engine.voices()) {
            return language
        }
        return LanguageRules.primaryCode(of: voice)
    }

    /// A detector that chooses among the languages `engine` speaks (all languages without
    /// an engine), with its profiles where `environment` says (`NARRATE_TEXTCAT_DATA`);
    /// nil when libexttextcat's profiles are not installed.
    public static func detector(engine: (any SpeechEngine)?, environment: [String: String]) -> LanguageDetector? {
        let spoken = engine.map { Set($0.voices().flatMap(\.languages).map { LanguageRules.primaryCode(of: $0) }) }
        return LanguageDetector(dataDirectories: LanguageDetector.dataDirectories(environment: environment), languages: spoken)
    }

    /// The language detected in `document`'s text among the languages `engine` speaks.
    public static func detect(in document: Document, engine: any SpeechEngine, environment: [String: String]) -> String? {
        detector(engine: engine, environment: environment)?.language(of: document.proseText)
    }

    /// The first language of the installed voice named `voice` (by name, file or code).
    public static func language(ofVoice voice: String, among voices: [VoiceInfo]) -> String? {
        let wanted = voice.lowercased()
        let match = voices.first { info in
            info.name.lowercased() == wanted || info.identifier.lowercased() == wanted
                || info.identifier.lowercased().hasSuffix("/" + wanted) || info.languages.contains(wanted)
        }
        return match?.languages.first
    }

    /// Checks a `--language` value: a code of two or three letters with optional subtags.
    public static func validate(_ code: String) throws(NarrateError) {
        let primary = LanguageRules.primaryCode(of: code)
        let valid = (2...3).contains(primary.count) && primary.unicodeScalars.allSatisfy { $0.value >= 97 && $0.value <= 122 }
        guard valid else {
            throw .invalidOption(
                name: "language", message: "'\(code)' is not a language code; use one such as en, uk, de or pt-BR"
            )
        }
    }
}
