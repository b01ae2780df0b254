import NarrateCore
import Testing

@testable import NarrateIngest

/// Paragraphs and headings made a page at a time, from pages of lines set here: what a page
/// cannot tell alone (a bold line is a heading when text follows it, which may be pages on;
/// an outline's entry no line says goes where a block starts) is told across page breaks.
@Suite("PDF paragraphs a page at a time")
struct PDFParagraphsTests {
    /// A line of `text` set at `row` of a page (14 points a row, from 100 points down: clear
    /// of the running heads' zones), `right` its right edge, bold or not.
    static func line(_ text: String, row: Int, right: Double = 540, bold: Bool = false) -> PDFFile.Line {
        let top = 100 + 14 * Double(row)
        return PDFFile.Line(text: text, left: 72, top: top, right: right, bottom: top + 10, fontSize: 10, bold: bold)
    }

    static func page(_ lines: [PDFFile.Line]) -> PDFFile.Page {
        PDFFile.Page(width: 612, height: 792, lines: lines)
    }

    /// The blocks of `pages`, surveyed and then made a page at a time as `PDFBook` makes them.
    static func blocks(_ pages: [PDFFile.Page], outline: [PDFFile.OutlineEntry] = []) -> [Block] {
        var survey = PDFLayout.Survey()
        for (number, page) in pages.enumerated() { survey.add(page, number: number) }
        let layout = survey.layout(rightToLeft: false)
        var lines = PDFParagraphs.Survey(textSize: layout.textSize, outline: outline)
        var column = 0
        for (number, page) in pages.enumerated() { lines.add(layout.place(page, number: number, column: &column)) }
        var paragraphs = PDFParagraphs(textSize: layout.textSize, pitch: lines.pitch, headings: lines.headings, lexicon: nil)
        var blocks: [Block] = []
        column = 0
        for (number, page) in pages.enumerated() { paragraphs.add(layout.place(page, number: number, column: &column), to: &blocks) }
        paragraphs.finish(to: &blocks)
        return blocks
    }

    /// A paragraph of three lines from `row`, its last short and ending a sentence.
    static func paragraph(from row: Int, _ words: String) -> [PDFFile.Line] {
        [
            line("The keeper climbed the stairs at dusk and lit the", row: row),
            line("great lamp while the \(words) rolled in from the", row: row + 1),
            line("west.", row: row + 2, right: 120),
        ]
    }

    static func kinds(_ blocks: [Block]) -> [String] {
        blocks.map { block in
            if case .heading(let level) = block.kind { "h\(level) \(block.text)" } else { "p \(block.text.prefix(12))" }
        }
    }

    @Test func aBoldLineAtAPagesFootIsAHeadingWhenTextFollowsOverThePage() {
        let pages = [
            Self.page(Self.paragraph(from: 0, "fog") + [Self.line("Storms at Sea", row: 4, right: 200, bold: true)]),
            Self.page(Self.paragraph(from: 0, "rain")),
        ]
        #expect(Self.kinds(Self.blocks(pages)) == ["p The keeper c", "h1 Storms at Sea", "p The keeper c"])
    }

    @Test func aHeadingAloneOnItsPageWaitsForTheNextPage() {
        let pages = [
            Self.page(Self.paragraph(from: 0, "fog")),
            Self.page([Self.line("Storms at Sea", row: 0, right: 200, bold: true)]),
            Self.page(Self.paragraph(from: 0, "rain")),
        ]
        #expect(Self.kinds(Self.blocks(pages)) == ["p The keeper c", "h1 Storms at Sea", "p The keeper c"])
    }

    @Test func aHeadingOfTwoBoldLinesMayCrossAPageBreak() {
        let pages = [
            Self.page(Self.paragraph(from: 0, "fog") + [Self.line("Storms at Sea and", row: 4, right: 220, bold: true)]),
            Self.page([Self.line("on the Shore", row: 0, right: 180, bold: true)] + Self.paragraph(from: 2, "rain")),
        ]
        #expect(Self.kinds(Self.blocks(pages)) == ["p The keeper c", "h1 Storms at Sea and on the Shore", "p The keeper c"])
    }

    @Test func aBoldLineThatEndsTheDocumentIsNoHeading() {
        let pages = [Self.page(Self.paragraph(from: 0, "fog")), Self.page([Self.line("Storms at Sea", row: 0, right: 200, bold: true)])]
        #expect(Self.kinds(Self.blocks(pages)) == ["p The keeper c", "p Storms at Se"])
    }

    @Test func anOutlineEntryNoLineSaysGoesWhereABlockStartsOnItsPage() {
        let pages = [
            Self.page(
                [Self.line("Chapter One", row: 0, right: 200)] + Self.paragraph(from: 2, "fog").dropLast() + [
                    Self.line("west, and the", row: 4, right: 540)
                ]),
            // The paragraph goes on at the top of the second page; the next one is that
            // page's first block.
            Self.page([Self.line("night was long.", row: 0, right: 150)] + Self.paragraph(from: 2, "rain")),
        ]
        let outline = [
            PDFFile.OutlineEntry(title: "Chapter One", depth: 1, page: 0, top: nil),
            PDFFile.OutlineEntry(title: "The Second Night", depth: 2, page: 1, top: nil),
        ]
        let blocks = Self.blocks(pages, outline: outline)
        #expect(Self.kinds(blocks) == ["h1 Chapter One", "p The keeper c", "h2 The Second Night", "p The keeper c"])
        #expect(blocks[1].text.hasSuffix("west, and the night was long."), "\(blocks[1].text)")
        #expect(blocks[2].sourceMap.runs.first?.length == 0, "an entry no line says is not in the text")
    }
}
