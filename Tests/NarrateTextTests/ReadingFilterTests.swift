import NarrateCore
import NarrateText
import Testing

/// What of a sentence is read under reading choices: parts skipped whole, asides and URLs
/// blanked with spaces so that every offset stays where it was.
@Suite("Reading filter")
struct ReadingFilterTests {
    private let document = Document(
        title: "T",
        blocks: [
            Block(
                kind: .heading(level: 2), text: "History[edit]", sourceMap: .identity(sourceOffset: 0, length: 13),
                asides: [Block.Aside(range: 7..<13, part: .apparatus)]
            ),
            Block(
                kind: .paragraph, text: "It rose.[1] See the chart of rain at https://example.org/r, then go.",
                sourceMap: .identity(sourceOffset: 14, length: 68),
                asides: [Block.Aside(range: 8..<11, part: .apparatus), Block.Aside(range: 16..<33, part: .images)]
            ),
            Block(kind: .listItem, text: "Smith, Rivers.", sourceMap: .identity(sourceOffset: 90, length: 14), part: .references),
        ],
        format: .html
    )

    private func sentence(_ block: Int, _ range: Range<Int>) -> Sentence {
        let scalars = Array(document.blocks[block].text.unicodeScalars)[range]
        return Sentence(
            text: String(String.UnicodeScalarView(scalars)), blockIndex: block, textRange: range, sourceRange: range, endsBlock: true
        )
    }

    @Test func theFilterBlanksWhatIsNotReadAndKeepsEveryOffset() throws {
        let filter = ReadingFilter(choices: .standard)
        let heading = try #require(filter.read(sentence(0, 0..<13), in: document))
        #expect(heading.text == "History      ")
        let second = sentence(1, 12..<68)
        #expect(second.text == "See the chart of rain at https://example.org/r, then go.")
        #expect(filter.read(second, in: document)?.text == second.text)
        let noPictures = ReadingFilter(choices: ReadingChoices.standard.changed(read: [], skip: [.images, .urls]))
        let read = try #require(noPictures.read(second, in: document))
        #expect(read.text == "See " + String(repeating: " ", count: 17) + " at " + String(repeating: " ", count: 21) + ", then go.")
        #expect(read.text.unicodeScalars.count == second.text.unicodeScalars.count)
        #expect(read.textRange == second.textRange)
        // The marker inside the first sentence.
        #expect(filter.read(sentence(1, 0..<11), in: document)?.text == "It rose.   ")
        // A reference is skipped whole unless references are read.
        #expect(filter.read(sentence(2, 0..<14), in: document) == nil)
        #expect(ReadingFilter(choices: ReadingChoices(read: [.references])).read(sentence(2, 0..<14), in: document) != nil)
        // A sentence that is all apparatus is skipped.
        #expect(filter.read(sentence(0, 7..<13), in: document) == nil)
    }
}
