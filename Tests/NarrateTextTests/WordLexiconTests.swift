import NarrateText
import Testing

/// The languages' dictionaries (Hunspell's) and the sentence ends they decide.
@Suite("Word lexicons")
struct WordLexiconTests {
    static func installed(_ languages: String...) -> Bool {
        languages.allSatisfy { WordLexicon.forLanguage($0).isInstalled }
    }

    @Test(
        "A common word is known in lower case, a name is not, in UTF-8 and in the older 8-bit dictionaries",
        .enabled(if: installed("en", "uk", "pl", "el"), "Hunspell dictionaries for en, uk, pl, el are missing")
    )
    func commonWordsAndNames() {
        let english = WordLexicon.forLanguage("en")
        #expect(english.knowsInLowerCase("Construction"))
        #expect(english.knowsInLowerCase("delegates"))
        #expect(!english.knowsInLowerCase("Friday"))
        #expect(!english.knowsInLowerCase("mr"))
        let ukrainian = WordLexicon.forLanguage("uk")
        #expect(ukrainian.knowsInLowerCase("Колокольню") == false, "Russian, not Ukrainian")
        #expect(ukrainian.knowsInLowerCase("мешканці"))
        #expect(!ukrainian.knowsInLowerCase("Україна"))
        // Polish's dictionary is ISO 8859-2 and Greek's ISO 8859-7: the word is converted.
        let polish = WordLexicon.forLanguage("pl")
        #expect(polish.knowsInLowerCase("Wieżę"))
        #expect(polish.knowsInLowerCase("przetrwał"))
        #expect(!polish.knowsInLowerCase("Kazimierz"))
        #expect(!polish.knowsInLowerCase("Жовтень"), "a word the encoding cannot hold")
        let greek = WordLexicon.forLanguage("el")
        #expect(greek.knowsInLowerCase("Σύμφωνα"))
        #expect(!greek.knowsInLowerCase("Αθήνα"))
    }

    @Test("A language without a dictionary knows no word, and an odd code finds none")
    func missingDictionaries() {
        #expect(!WordLexicon.forLanguage("zz").isInstalled)
        #expect(!WordLexicon.forLanguage("zz").knowsInLowerCase("word"))
        #expect(!WordLexicon.forLanguage("../en").isInstalled)
        #expect(!WordLexicon.forLanguage("").isInstalled)
    }

    @Test(
        "The dictionary decides an open abbreviation: a common word starts a sentence, a name or a run of capitals goes on",
        .enabled(if: installed("en", "pl", "ru", "bg"), "Hunspell dictionaries for en, pl, ru, bg are missing")
    )
    func dictionaryDecidesOpenAbbreviations() {
        let english = SentenceSegmenter(language: "en")
        func sentences(_ segmenter: SentenceSegmenter, _ text: String) -> [String] {
            segmenter.sentenceRanges(in: text).map { range in
                let scalars = Array(text.unicodeScalars)[range]
                return String(String.UnicodeScalarView(scalars))
            }
        }
        #expect(sentences(english, "It was sold to Acme Ltd. Construction begins in May.").count == 2)
        #expect(sentences(english, "It was sold to Acme Ltd. Chief Executive Jo Bell said so.").count == 1)
        #expect(sentences(english, "The talks start at 9 a.m. Friday in the hall.").count == 1)
        #expect(sentences(english, "The talks start at 9 a.m. Delegates arrive early.").count == 2)
        #expect(sentences(english, "She joined the U.S. Army in 1990.").count == 1)
        let polish = SentenceSegmenter(language: "pl")
        #expect(sentences(polish, "Kościół zbudowano w XII w. Przetrwał wiele pożarów.").count == 2)
        #expect(sentences(polish, "W XIV w. Kazimierz Wielki założył akademię.").count == 1)
        let russian = SentenceSegmenter(language: "ru")
        let bulgarian = SentenceSegmenter(language: "bg")
        #expect(sentences(bulgarian, "През 1879 г. Учредителното събрание приема конституцията.").count == 1, "an opening phrase")
        #expect(sentences(russian, "Храм построен в конце XVIII в. Колокольню пристроили позже.").count == 2)

        // Without its dictionary the language decides as before: listed starters and the
        // document's own evidence only.
        var rules = english.rules
        rules.lexicon = nil
        #expect(sentences(SentenceSegmenter(rules: rules), "It was sold to Acme Ltd. Construction begins in May.").count == 1)
    }

    @Test("A line that ends with an abbreviation before a capitalised line ends its sentence, unless only wrapped")
    func abbreviationsAtTheEndOfALine() {
        let russian = SentenceSegmenter(language: "ru")
        #expect(russian.sentenceRanges(in: "Приказ № 45 от 10.01.2025 г.\nО назначении ответственных").count == 2)
        let german = SentenceSegmenter(language: "de")
        #expect(german.sentenceRanges(in: "Sprechzeiten: Mo. bis Fr.\nTermine nach Vereinbarung.").count == 2)
        // Prose wrapped at about 60 columns: the line ends only because the name did not fit.
        let wrapped = """
            The new clinic in the old town will be run from May by Dr.
            Anna Berg, who has worked at the city hospital for ten years,
            and by two nurses who moved with her from the children's ward.
            """
        #expect(SentenceSegmenter(language: "en").sentenceRanges(in: wrapped).count == 1)
    }
}
