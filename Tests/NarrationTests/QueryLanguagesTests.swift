import NarrateImport
import NarrateText
import Testing

/// Which languages a search query could be in, by the installed dictionaries (Debian's
/// hunspell-en-us, hunspell-de-de and hunspell-uk, which scripts/install-dependencies installs).
@Suite("The languages a search query could be in")
struct QueryLanguagesTests {
    static let dictionaries = ["en", "de", "uk"].allSatisfy { WordLexicon.forLanguage($0).isInstalled }

    @Test(.enabled(if: dictionaries, "needs hunspell-en-us, hunspell-de-de and hunspell-uk: run scripts/install-dependencies"))
    func aWordIsInTheLanguagesWhoseDictionaryKnowsIt() {
        #expect(QueryLanguages.of("keeper", among: ["de", "en"]) == ["en"])
        // A word of both ("des Thermometers"): both.
        #expect(QueryLanguages.of("thermometers", among: ["de", "en"]) == ["de", "en"])
        // German nouns are written capitalised, and known in any case typed.
        #expect(QueryLanguages.of("bibliotheken", among: ["de", "en"]) == ["de"])
        #expect(QueryLanguages.of("Bibliotheken Lesegarten", among: ["de", "en"]) == ["de"], "a compound the dictionary makes")
        #expect(QueryLanguages.of("ботанічного саду", among: ["uk"]) == ["uk"])
        // Every word must be known; a typo or a name leaves it to the alphabet.
        #expect(QueryLanguages.of("keeper xqzt", among: ["de", "en"]) == nil)
        #expect(QueryLanguages.of("of a", among: ["de", "en"]) == nil, "too short to tell")
        // A language without a dictionary cannot be ruled out.
        #expect(QueryLanguages.of("keeper", among: ["en", "xx"]) == ["en", "xx"])
    }
}
