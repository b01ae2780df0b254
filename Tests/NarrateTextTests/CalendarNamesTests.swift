import NarrateText
import Testing

/// Month and weekday names from CLDR (through Foundation's ICU), and what the segmenter does
/// with them in languages with and without rules of their own.
@Suite("Calendar names from CLDR")
struct CalendarNamesTests {
    /// The sentences `segmenter` finds in `text`.
    func sentences(_ text: String, _ segmenter: SentenceSegmenter) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return segmenter.sentenceRanges(in: text).map { String(String.UnicodeScalarView(scalars[$0])) }
    }

    @Test func monthNamesComeInEveryFormTheLanguageWrites() {
        let slovak = CalendarNames.forLanguage("sk")
        #expect(slovak.isMonthName("apríla") && slovak.isMonthName("apríl") && slovak.isMonthName("marec"))
        #expect(!slovak.isMonthName("pluk"))
        #expect(CalendarNames.forLanguage("ca").isMonthName("gener"))
        #expect(CalendarNames.forLanguage("da").isShortName("jan"))
    }

    @Test func whetherDatesHaveOrdinalPeriodsComesFromTheLanguagesDatePattern() {
        for code in ["de", "sk", "cs", "da", "fi", "hu", "sl", "lv", "et"] {
            #expect(CalendarNames.forLanguage(code).writesOrdinalDates, "\(code)")
        }
        for code in ["en", "fr", "es", "sv", "pt", "ro"] {
            #expect(!CalendarNames.forLanguage(code).writesOrdinalDates, "\(code)")
        }
    }

    /// Slovenian has no rules of its own: its dates still hold together, from CLDR alone.
    @Test func aLanguageWithoutRulesKeepsItsOrdinalDates() {
        let segmenter = SentenceSegmenter(language: "sl")
        let text = "Rojen je bil 7. aprila 2020 v Ljubljani. Potem se je preselil."
        #expect(sentences(text, segmenter) == ["Rojen je bil 7. aprila 2020 v Ljubljani.", "Potem se je preselil."])
    }

    /// The shared rules every language has: a sentence glued to a period, and a quotation of
    /// several sentences before its speech tag.
    @Test func theSharedRulesCutGluedSentencesAndKeepQuotedSpeech() {
        let segmenter = SentenceSegmenter(language: "is")
        #expect(sentences("Þetta var í heiminum.Í dag er það annað.", segmenter).count == 2)
        #expect(sentences("Visit www.example.Com today. The node.JS thing.", segmenter).count == 2)
        let quoted = "„Ég kem á morgun. Vertu tilbúinn,“ sagði hann. Hún kinkaði kolli."
        #expect(sentences(quoted, segmenter) == ["„Ég kem á morgun. Vertu tilbúinn,“ sagði hann.", "Hún kinkaði kolli."])
    }
}
