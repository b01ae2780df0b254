/// Segmentation and speech rules for one language, looked up by its code.
///
/// narrate ships rules for en, uk, ru, de, fr, es, it, pl, nl, bg, el, da, sv, nb, fi, cs, sk,
/// hu, ro, pt, tr, kk, hr (with sr and bs), lt, lv, et and ca (one file each in Languages/);
/// any other language gets the shared rules: sentence punctuation, initials, numbers, URLs and
/// the international abbreviations. Every language, with rules or not, also gets its month
/// names and whether it writes dates with ordinal periods from CLDR (`CalendarNames`).
public struct LanguageRules: Sendable {
    /// The ISO 639-1 code ("uk"), or "" for the shared rules.
    public var code: String
    /// How sentences are found.
    public var segmentation: SegmentationRules
    /// How sentences are prepared for the speech engine.
    public var speech: SpeechRules

    /// Creates rules for `code`.
    public init(code: String, segmentation: SegmentationRules, speech: SpeechRules) {
        self.code = code
        self.segmentation = segmentation
        self.speech = speech
    }

    /// The languages with rules of their own.
    public static let all: [LanguageRules] = [
        .english, .ukrainian, .russian, .german, .french, .spanish, .italian, .polish, .dutch, .bulgarian, .greek,
        .danish, .swedish, .norwegian, .finnish, .czech, .slovak, .hungarian, .romanian, .portuguese, .turkish, .kazakh,
        .croatian, .serbian, .bosnian, .lithuanian, .latvian, .estonian, .catalan,
    ]

    /// Each language of `all` by its code, made only when asked for: making the first eleven
    /// took 17 million instructions, two thirds of a percent of converting a short article.
    private static let byCode: [String: @Sendable () -> LanguageRules] = [
        "en": { .english }, "uk": { .ukrainian }, "ru": { .russian }, "de": { .german }, "fr": { .french },
        "es": { .spanish }, "it": { .italian }, "pl": { .polish }, "nl": { .dutch }, "bg": { .bulgarian },
        "el": { .greek }, "da": { .danish }, "sv": { .swedish }, "nb": { .norwegian }, "no": { .norwegian },
        "fi": { .finnish }, "cs": { .czech }, "sk": { .slovak }, "hu": { .hungarian }, "ro": { .romanian },
        "pt": { .portuguese }, "tr": { .turkish }, "kk": { .kazakh }, "hr": { .croatian }, "sr": { .serbian },
        "bs": { .bosnian }, "lt": { .lithuanian }, "lv": { .latvian }, "et": { .estonian }, "ca": { .catalan },
    ]

    /// The rules for a language code or eSpeak NG voice name ("uk", "en-gb", "de-DE");
    /// the shared rules when narrate has none for it.
    public static func forLanguage(_ identifier: String) -> LanguageRules {
        let code = primaryCode(of: identifier)
        guard var own = byCode[code]?() else {
            var rules = LanguageRules.shared
            rules.code = code
            rules.segmentation.calendar = CalendarNames.forLanguage(code)
            rules.segmentation.lexicon = code.isEmpty ? nil : WordLexicon.forLanguage(code)
            return rules
        }
        // A language that writes dates with ordinal periods reads CLDR's month names too
        // ("7. apríla", "20. marec"), looked up only when a number and a period need them.
        if own.segmentation.hasOrdinalDates { own.segmentation.calendar = CalendarNames.forLanguage(code) }
        // Its dictionary, opened only when a sentence end needs it.
        own.segmentation.lexicon = WordLexicon.forLanguage(own.code)
        return own
    }

    /// The primary language subtag, lower-cased: "en-GB" and "en_gb" give "en".
    public static func primaryCode(of identifier: String) -> String {
        let lowered = identifier.lowercased()
        let end = lowered.firstIndex { $0 == "-" || $0 == "_" || $0 == "+" } ?? lowered.endIndex
        return String(lowered[..<end])
    }
}
