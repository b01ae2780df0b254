import NarrateCore
import NarrateText
import Testing

@Suite("First sentence segmenter")
struct SentenceSegmenterTests {
    let segmenter = SentenceSegmenter()

    func split(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return segmenter.sentenceRanges(in: text).map { String(String.UnicodeScalarView(scalars[$0])) }
    }

    @Test(arguments: [
        ("Hello world. How are you?", ["Hello world.", "How are you?"]),
        ("Dr. Smith met Mr. Jones at 5 p.m. on Main St. yesterday.", ["Dr. Smith met Mr. Jones at 5 p.m. on Main St. yesterday."]),
        ("He said, \"Stop.\" Then he left!", ["He said, \"Stop.\"", "Then he left!"]),
        ("The price rose 3.5 percent. Analysts, e.g. Ms. Lee, agreed.", ["The price rose 3.5 percent.", "Analysts, e.g. Ms. Lee, agreed."]),
        ("J. R. R. Tolkien wrote it. It sold well.", ["J. R. R. Tolkien wrote it.", "It sold well."]),
        ("Wait... what? Yes!! Really.", ["Wait... what?", "Yes!!", "Really."]),
        ("It was built by Acme Inc. The firm grew.", ["It was built by Acme Inc.", "The firm grew."]),
        ("Зустріч відбулася у м. Київ. Прийшли всі.", ["Зустріч відбулася у м. Київ.", "Прийшли всі."]),
        ("Das Treffen war am 3. Oktober. Es regnete z. B. stark.", ["Das Treffen war am 3. Oktober.", "Es regnete z. B. stark."]),
        ("No terminal punctuation here", ["No terminal punctuation here"]),
    ])
    func splitsOrdinaryProse(_ text: String, _ expected: [String]) {
        #expect(split(text) == expected)
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
}
