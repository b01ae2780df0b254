import NarrateText
import Testing

@Suite("Speech normalizer")
struct SpeechNormalizerTests {
    @Test(arguments: [
        ("I met Dr. Smith today.", "I met Doctor Smith today."),
        ("The U.S. Government is big.", "The U.S Government is big."),
        ("My name is Jonas E. Smith.", "My name is Jonas E Smith."),
        ("Fruit, e.g. apples, is good.", "Fruit, for example apples, is good."),
        ("Let's ask Jane and co.", "Let's ask Jane and Company."),
        ("Please turn to p. 55.", "Please turn to page 55."),
        ("See https://www.example.com/path/page.html now.", "See link to example dot com now."),
        ("Write to jane.doe@example.com today.", "Write to jane dot doe at example dot com today."),
        ("It costs €5 or $100.00 now.", "It costs 5 euros or 100 dollars now."),
        ("Studies show this[12] and that [3, 4].", "Studies show this and that."),
        ("It was proven¹ in 5 m² rooms.", "It was proven in 5 m² rooms."),
        ("He was at No. 5 in the list.", "He was at number 5 in the list."),
        ("Tom & Jerry", "Tom and Jerry"),
        (
            "St. Michael's is on Maple St. near 1st St. and Mulholland Dr.",
            "Saint Michael's is on Maple Street near 1st Street and Mulholland Drive."
        ),
        ("Councilmember Dr. Alicia Moreno agreed.", "Councilmember Doctor Alicia Moreno agreed."),
        ("Wait... what?", "Wait... what?"),
        ("Line one\nline two", "Line one line two"),
    ])
    func english(_ text: String, _ spoken: String) {
        #expect(SpeechNormalizer(language: "en").spoken(text) == spoken)
    }

    @Test(arguments: [
        ("Це коштує 100 грн. за день.", "Це коштує сто гривень за день."),
        ("На вул. Хрещатик у м. Київ.", "На вулиці Хрещатик у місті Київ."),
        ("Т. Г. Шевченко народився 1814 р. в селі.", "те ге Шевченко народився тисяча вісімсот чотирнадцятого року в селі."),
        ("Ріст на 5% і 3,5 тис. гривень.", "Ріст на п'ять відсотків і 3 кома 5 тисяч гривень."),
        ("Книги, журнали і т. д.", "Книги, журнали і так далі."),
        ("Будинок № 5 на відстані 300 м. від школи.", "Будинок номер 5 на відстані триста метрів від школи."),
        ("Це сталося 24.02.2022 вранці.", "Це сталося двадцять четвертого лютого дві тисячі двадцять другого року вранці."),
        ("Це сталося 24.02.2022 р. вранці.", "Це сталося двадцять четвертого лютого дві тисячі двадцять другого року вранці."),
        ("Ціна €5 і $10.", "Ціна п'ять євро і десять доларів."),
        ("Пишіть на ivan@ukr.net сьогодні.", "Пишіть на ivan ет ukr крапка net сьогодні."),
        ("Проф. Іваненко і д-р Петренко.", "Професор Іваненко і доктор Петренко."),
    ])
    func ukrainian(_ text: String, _ spoken: String) {
        #expect(SpeechNormalizer(language: "uk").spoken(text) == spoken)
    }

    /// Spoken forms found wrong in review.
    @Test(arguments: [
        ("en", "No.", "No."),
        ("en", "Oh no.", "Oh no."),
        ("en", "Give me a sec.", "Give me a sec."),
        ("en", "John A. Smith came.", "John Eh Smith came."),
        ("en", "\"[T]he committee failed,\" she wrote.", "\"The committee failed,\" she wrote."),
        ("en", "It cost $5 million in 2020.", "It cost 5 million dollars in 2020."),
        ("en", "It was 20°C outside.", "It was 20 degrees Celsius outside."),
        ("ru", "Длина 5 см.", "Длина пять сантиметров."),
        ("fr", "Il naquit en 50 av. J.-C. à Rome.", "Il naquit en 50 avant Jésus-Christ à Rome."),
        ("uk", "Це було у XIX ст.", "Це було у дев'ятнадцятому столітті."),
        ("uk", "Див. с. 25 про с. Шевченкове.", "Дивіться сторінка 25 про село Шевченкове."),
        ("uk", "Фірму зареєстрували як ТОВ.", "Фірму зареєстрували як ТОВ."),
        ("uk", "Лист підписав В. Зеленський.", "Лист підписав ве Зеленський."),
        ("uk", "Це кінець. 🎉", "Це кінець. 🎉"),
        ("uk", "Було 20°C і +30 вдень.", "Було 20 градусів Цельсія і плюс 30 вдень."),
        ("uk", "Інфляція 0,5% за місяць.", "Інфляція 0 кома 5 відсотків за місяць."),
        ("uk", "Бюджет $1,5 млрд на рік.", "Бюджет 1 кома 5 мільярдів доларів на рік."),
    ])
    func reviewedSpokenForms(_ language: String, _ text: String, _ spoken: String) {
        #expect(SpeechNormalizer(language: language).spoken(text) == spoken)
    }

    @Test func controlCharactersAreNeverPassedOn() {
        #expect(SpeechNormalizer(language: "en").spoken("a\u{0}b\u{7}c\u{9F}.") == "abc.")
        #expect(SpeechNormalizer(language: "uk").spoken("\u{0}") == "")
    }

    @Test func germanAbbreviationsAreExpanded() {
        #expect(SpeechNormalizer(language: "de").spoken("Es regnete z. B. stark.") == "Es regnete zum Beispiel stark.")
    }

    @Test func anUnknownLanguageDropsInnerPeriodsOnly() {
        let normalizer = SpeechNormalizer(language: "fi")
        #expect(normalizer.spoken("Tapasin J. Virtasen eilen.") == "Tapasin J Virtasen eilen.")
    }

    @Test func aLexiconIsMadeAgainOfItsEntries() {
        // What a helper process is sent: both kinds of entry, and one word in both.
        let lexicon = PronunciationLexicon(entries: ["nginx": "engine x", "US": "you ess", "us": "we"])
        #expect(lexicon.entries == ["nginx": "engine x", "US": "you ess", "us": "we"])
        #expect(PronunciationLexicon(entries: lexicon.entries) == lexicon)
    }

    @Test func lexiconEntriesWinAndFollowCaseRules() throws {
        let lexicon = try PronunciationLexicon.parse(
            """
            # names
            nginx = engine x
            US = United States
            """)
        let normalizer = SpeechNormalizer(language: "en", lexicon: lexicon)
        #expect(normalizer.spoken("NGINX runs in the US.") == "engine x runs in the United States.")
        #expect(normalizer.spoken("Tell us about Nginx.") == "Tell us about engine x.")
        #expect(normalizer.spoken("Nginx's config, not nginxconf.") == "engine x's config, not nginxconf.")
    }

    @Test func malformedLexiconLinesAreReportedWithTheirNumber() {
        #expect(throws: PronunciationLexicon.ParseError(line: 2, message: "expected 'word = spoken form'")) {
            _ = try PronunciationLexicon.parse("ok = fine\nbroken line\n")
        }
        #expect(throws: PronunciationLexicon.ParseError.self) {
            _ = try PronunciationLexicon.parse("two words = no\n")
        }
    }
}
