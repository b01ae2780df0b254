extension LanguageRules {
    /// Rules every language starts from: Latin abbreviations used across Europe.
    public static let shared = LanguageRules(
        code: "",
        segmentation: SegmentationRules(
            titles: ["dr", "prof", "vs", "cf", "e.g", "i.e", "viz", "ca", "c.f", "ph.d"],
            beforeNumbers: ["no", "nr", "vol", "fig", "art", "op", "pp", "p", "n°", "nº"],
            closings: ["etc", "al", "ibid", "sq", "sqq", "a.d", "b.c"],
            keepsQuotedSpeech: true
        ),
        speech: SpeechRules()
    )
}
