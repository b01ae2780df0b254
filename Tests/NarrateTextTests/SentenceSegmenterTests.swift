import NarrateCore
import NarrateText
import Testing

@Suite("Sentence segmenter")
struct SentenceSegmenterTests {
    let segmenter = SentenceSegmenter()

    func split(_ text: String, language: String = "en") -> [String] {
        let scalars = Array(text.unicodeScalars)
        return SentenceSegmenter(language: language).sentenceRanges(in: text)
            .map { String(String.UnicodeScalarView(scalars[$0])) }
    }

    @Test(arguments: [
        ("Hello world. How are you?", ["Hello world.", "How are you?"]),
        ("Dr. Smith met Mr. Jones at 5 p.m. on Main St. yesterday.", ["Dr. Smith met Mr. Jones at 5 p.m. on Main St. yesterday."]),
        ("He said, \"Stop.\" Then he left!", ["He said, \"Stop.\"", "Then he left!"]),
        (
            "The price rose 3.5 percent. Analysts, e.g. Ms. Lee, agreed.",
            ["The price rose 3.5 percent.", "Analysts, e.g. Ms. Lee, agreed."]
        ),
        ("J. R. R. Tolkien wrote it. It sold well.", ["J. R. R. Tolkien wrote it.", "It sold well."]),
        ("Wait... what? Yes!! Really.", ["Wait... what?", "Yes!!", "Really."]),
        ("It was built by Acme Inc. The firm grew.", ["It was built by Acme Inc.", "The firm grew."]),
        ("It stands at No. 14 Harbor Rd. Residents may visit.", ["It stands at No. 14 Harbor Rd.", "Residents may visit."]),
        ("No terminal punctuation here", ["No terminal punctuation here"]),
        // A note's markers after the period stay with the sentence they end (a Wikipedia page).
        ("The dam was finished.[1] It held.", ["The dam was finished.[1]", "It held."]),
        (
            "It rose.[12][13] Then fell.[a] The end [citation needed]. Next.",
            ["It rose.[12][13]", "Then fell.[a]", "The end [citation needed].", "Next."]
        ),
        ("See [T]he report.[note 2]", ["See [T]he report.[note 2]"]),
    ])
    func splitsOrdinaryProse(_ text: String, _ expected: [String]) {
        #expect(split(text) == expected)
    }

    @Test func ukrainianAndGermanUseTheirOwnRules() {
        #expect(
            split("Зустріч відбулася у м. Київ. Прийшли всі.", language: "uk")
                == ["Зустріч відбулася у м. Київ.", "Прийшли всі."])
        #expect(
            split("Das Treffen war am 3. Oktober. Es regnete z. B. stark.", language: "de-DE")
                == ["Das Treffen war am 3. Oktober.", "Es regnete z. B. stark."])
        // Without German rules "3. Oktober" is a number ending a sentence.
        #expect(split("Das Treffen war am 3. Oktober.", language: "en").count == 2)
    }

    /// Traps found in review, each once wrong.
    @Test(arguments: [
        ("en", "No. I don't think so.", ["No.", "I don't think so."]),
        ("en", "I said no. Then I left.", ["I said no.", "Then I left."]),
        ("en", "She sat. 10 minutes later, she left.", ["She sat.", "10 minutes later, she left."]),
        ("en", "I met Jan. He was kind.", ["I met Jan.", "He was kind."]),
        ("en", "He was 5 ft. 10 in. tall. It was built c. 1850.", ["He was 5 ft. 10 in. tall.", "It was built c. 1850."]),
        ("uk", "Було 5 тис. Потім 10 тис.", ["Було 5 тис.", "Потім 10 тис."]),
        ("uk", "Фірму зареєстрували як ТОВ. Її власник — іноземець.", ["Фірму зареєстрували як ТОВ.", "Її власник — іноземець."]),
        ("uk", "Дякую, пані. Я зараз прийду.", ["Дякую, пані.", "Я зараз прийду."]),
        ("uk", "Дані на 1 січ. 2024 р. оновили.", ["Дані на 1 січ. 2024 р. оновили."]),
        ("ru", "Длина 5 см. Ширина 3 см.", ["Длина 5 см.", "Ширина 3 см."]),
        ("ru", "Яблоки, груши и пр. Потом пришли гости.", ["Яблоки, груши и пр.", "Потом пришли гости."]),
        (
            "de", "Der 2. Weltkrieg begann 1939. Im 20. Jahrhundert gab es zwei.",
            ["Der 2. Weltkrieg begann 1939.", "Im 20. Jahrhundert gab es zwei."]
        ),
        (
            "de", "Er wohnt seit dem 3. Okt. 2020 in der Bahnhofstr. 12. Danach zog er um.",
            ["Er wohnt seit dem 3. Okt. 2020 in der Bahnhofstr. 12.", "Danach zog er um."]
        ),
        ("de", "Äpfel, Birnen u.a. Die Ernte war gut.", ["Äpfel, Birnen u.a.", "Die Ernte war gut."]),
        ("fr", "La tour mesure 300 m. Elle est haute.", ["La tour mesure 300 m.", "Elle est haute."]),
        ("fr", "Ils étaient sept. Puis ils partirent.", ["Ils étaient sept.", "Puis ils partirent."]),
        ("es", "Nació en el 50 a. C. Murió joven.", ["Nació en el 50 a. C.", "Murió joven."]),
        ("it", "Se ne andò via. Poi tornò.", ["Se ne andò via.", "Poi tornò."]),
        ("pl", "Sprzedaż wzrosła o 5 proc. Firma jest zadowolona.", ["Sprzedaż wzrosła o 5 proc.", "Firma jest zadowolona."]),
    ])
    func reviewedTraps(_ language: String, _ text: String, _ expected: [String]) {
        #expect(split(text, language: language) == expected)
    }

    @Test func wrappingIsJudgedByTheTypicalLineNotTheLongest() {
        let text = """
            Read https://example.org/a/very/long/path/that/goes/on/and/on/for/a/while/longer/than/any/line
            before you decide, and I think that you will agree with what the author
            says about Mary and her plan to rebuild the old library in the town.
            """
        #expect(split(text).count == 1)
        #expect(split("The score was 3 to 2 after a long and hard fought match at the ground, with\n2. It was great.").count == 2)
        #expect(split("Зеленський підписав закон про мобілізацію\nПрезидент України підписав закон.", language: "uk").count == 2)
    }

    @Test func aHeadlineLineIsASentenceButWrappedProseIsNot() {
        #expect(
            split("Breaking news\nThe council met today. It voted.")
                == ["Breaking news", "The council met today.", "It voted."])
        let wrapped = """
            The council met on Tuesday evening to discuss the budget for the next
            year, and the members agreed that the library should stay open on
            Sundays.
            """
        #expect(split(wrapped).count == 1)
        #expect(split("Item one\nitem two continues") == ["Item one\nitem two continues"])
    }

    @Test func emojiStayWithTheirSentenceAndFullWidthStopsNeedNoSpace() {
        #expect(split("Готово! 🎉 Далі буде.", language: "uk") == ["Готово! 🎉", "Далі буде."])
        #expect(split("你好。我很好。", language: "zh") == ["你好。", "我很好。"])
    }

    @Test func anyOtherLanguageGetsTheSharedRules() {
        #expect(
            split("Tapasin J. Virtasen eilen. Hän oli iloinen.", language: "fi")
                == ["Tapasin J. Virtasen eilen.", "Hän oli iloinen."])
        #expect(LanguageRules.forLanguage("fi").code == "fi")
        #expect(LanguageRules.forLanguage("uk").segmentation.titles.contains("вул"))
    }

    @Test func rangesAndTheWhiteSpaceBetweenThemRebuildTheInput() {
        let texts = [
            "  Hello.   World!  \n\n Next line\nand more. ", "", "   ", ". . . .", "...", "1. 2. 3.", "a.\u{301} b",
            "\u{1F600}. \u{1F600}", "\u{0}\u{FFFF}. X", "«Так?» — так. «Ні!»", "x\r\ny", String(repeating: ". ", count: 50),
        ]
        for text in texts {
            let scalars = Array(text.unicodeScalars)
            let ranges = segmenter.sentenceRanges(in: text)
            var position = 0
            for range in ranges {
                #expect(!range.isEmpty)
                #expect(range.lowerBound >= position)
                #expect(scalars[position..<range.lowerBound].allSatisfy { $0.properties.isWhitespace }, "\(text)")
                #expect(!scalars[range.lowerBound].properties.isWhitespace)
                #expect(!scalars[range.upperBound - 1].properties.isWhitespace)
                position = range.upperBound
            }
            #expect(scalars[position...].allSatisfy { $0.properties.isWhitespace }, "\(text)")
        }
    }

    @Test func randomUnicodeNeverCrashesAndKeepsTheInvariant() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] =
            Array("aZ я.!?…\"'«»()[]—-,;: \n\t1٣。".unicodeScalars) + ["\u{1F389}", "\u{200D}", "\u{301}", "\u{A0}"]
        for _ in 0..<300 {
            let length = Int.random(in: 0..<80, using: &generator)
            let scalars = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let text = String(String.UnicodeScalarView(scalars))
            for language in ["en", "uk", "de", "el", "xx"] {
                var position = 0
                for range in SentenceSegmenter(language: language).sentenceRanges(in: text) {
                    #expect(range.lowerBound >= position && range.upperBound <= scalars.count && !range.isEmpty)
                    #expect(scalars[position..<range.lowerBound].allSatisfy { $0.properties.isWhitespace })
                    position = range.upperBound
                }
                _ = SpeechNormalizer(language: language).spoken(text)
            }
        }
    }

    @Test func sentencesKeepTheirSourceRanges() throws {
        let source = "Heading\n\nOne *two*. Three four."
        let block = Block(
            kind: .paragraph, text: "One two. Three four.",
            sourceMap: SourceMap(runs: [
                .init(textOffset: 0, sourceOffset: 9, length: 4),
                .init(textOffset: 4, sourceOffset: 14, length: 3),
                .init(textOffset: 7, sourceOffset: 18, length: 13),
            ])
        )
        let document = Document(title: "Heading", blocks: [block], format: .markdown)
        let sentences = segmenter.sentences(of: document)
        #expect(sentences.map(\.text) == ["One two.", "Three four."])
        #expect(sentences.map(\.endsBlock) == [false, true])
        let scalars = Array(source.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[sentences[0].sourceRange])) == "One *two*.")
        #expect(String(String.UnicodeScalarView(scalars[sentences[1].sourceRange])) == "Three four.")
    }

    @Test func unspeakablePiecesAreDropped() {
        let block = Block(kind: .paragraph, text: "Fine. ... Done.", sourceMap: .identity(sourceOffset: 0, length: 15))
        let sentences = segmenter.sentences(of: Document(title: "", blocks: [block], format: .text))
        #expect(sentences.map(\.text) == ["Fine. ...", "Done."])
    }

    /// Code as written is never said: it has no sentences, and its words are no evidence for
    /// the prose's ("Approx." is no abbreviation because code writes "approx." lower-case).
    @Test func codeAsWrittenHasNoSentences() {
        let prose = "It took approx. Ten men came later."
        let blocks = [
            Block(kind: .paragraph, text: prose, sourceMap: .identity(sourceOffset: 0, length: prose.count)),
            Block(kind: .code, text: "let approx = 1\nprint(approx)", sourceMap: .identity(sourceOffset: 40, length: 0), part: .apparatus),
            Block(kind: .paragraph, text: "After the code.", sourceMap: .identity(sourceOffset: 80, length: 15)),
        ]
        let sentences = segmenter.sentences(of: Document(title: "", blocks: blocks, format: .markdown))
        #expect(!sentences.contains { $0.blockIndex == 1 }, "\(sentences.map(\.text))")
        #expect(sentences.last?.text == "After the code." && sentences.last?.blockIndex == 2)
        let without = segmenter.sentences(of: Document(title: "", blocks: [blocks[0]], format: .markdown))
        #expect(sentences.filter { $0.blockIndex == 0 }.map(\.text) == without.map(\.text))
    }
}
