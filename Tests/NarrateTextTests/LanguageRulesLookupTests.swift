import NarrateText
import Testing

@Suite("Language rules by code")
struct LanguageRulesLookupTests {
    @Test func everyLanguageWithRulesOfItsOwnIsFoundByItsCodeAndVoiceNames() {
        for rules in LanguageRules.all {
            for identifier in [rules.code, rules.code.uppercased(), "\(rules.code)-xx"] {
                let found = LanguageRules.forLanguage(identifier)
                #expect(found.code == rules.code, "\(identifier)")
                // Its own rules, not the shared ones under its code.
                #expect(found.speech.abbreviations == rules.speech.abbreviations, "\(identifier)")
                #expect(found.speech.abbreviations != LanguageRules.shared.speech.abbreviations, "\(identifier)")
            }
        }
    }

    @Test func aLanguageWithoutRulesGetsTheSharedOnesUnderItsCode() {
        let found = LanguageRules.forLanguage("sl-SI")
        #expect(found.code == "sl")
        #expect(found.speech.abbreviations == LanguageRules.shared.speech.abbreviations)
    }
}
