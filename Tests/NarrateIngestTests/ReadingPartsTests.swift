import Foundation
import NarrateCore
import Testing

@testable import NarrateIngest

/// What extraction marks as parts a listener may not want read: the text stays whole, the
/// parts and asides say what it is.
@Suite("Reading parts")
struct ReadingPartsTests {
    /// A page's article: enough running text for the extractor, then `extra`.
    private func page(_ extra: String, before: String = "") -> Document? {
        let prose = (1...4).map { number in
            "<p>Paragraph \(number) of the field report tells how the river rose on Tuesday night and how the volunteers "
                + "carried sandbags along the embankment for hours while the ferry crews moved the boats upstream.</p>"
        }.joined(separator: "\n")
        let html =
            "<!DOCTYPE html><html><head><title>Field report</title></head><body><article>\(before)"
            + "<h1>Field report</h1>\(prose)\(extra)</article></body></html>"
        return try? HTMLReader().read(html: html, name: "page.html")
    }

    private func blocks(_ document: Document?, containing text: String) -> [Block] {
        document?.blocks.filter { $0.text.contains(text) } ?? []
    }

    @Test func editLinksAndFootnoteMarkersAreApparatusInsideTheirBlocks() throws {
        let document = try #require(
            page(
                """
                <h2>History<span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/e">edit</a>\
                <span class="mw-editsection-bracket">]</span></span></h2>
                <p>The dam was finished in spring.<sup class="reference"><a href="#cite_note-1">[1]</a></sup> It held.</p>
                """))
        let heading = try #require(blocks(document, containing: "History").first)
        #expect(heading.text == "History[edit]")
        #expect(heading.asides == [Block.Aside(range: 7..<13, part: .apparatus)])
        #expect(heading.textWithoutApparatus == "History")
        let paragraph = try #require(blocks(document, containing: "dam was finished").first)
        let aside = try #require(paragraph.asides?.first)
        let scalars = Array(paragraph.text.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[aside.range])) == "[1]")
        #expect(aside.part == .apparatus)
        #expect(paragraph.part == nil)
    }

    @Test func referenceListsFootnotesNavigationCaptionsTablesAndCodeAreParts() throws {
        let document = try #require(
            page(
                """
                <figure><img src="a.jpg" alt="x"><figcaption>The embankment at dawn. <span class="credit">Photo: J. Smith</span></figcaption></figure>
                <table><tr><td>Tuesday</td><td>3 metres</td></tr></table>
                <pre><code>let level = 3</code></pre>
                <div class="hatnote">For the 1953 flood, see North Sea flood.</div>
                <h2>Notes</h2>
                <ol><li>Measured at the old bridge.</li></ol>
                <h2>References</h2>
                <div class="reflist"><ol class="references"><li>Smith, J. (2020). Rivers. Oxford.</li></ol></div>
                <div class="navbox"><ul><li>Floods of Europe</li></ul></div>
                <section class="footnotes"><ol><li>Only on Tuesday.</li></ol></section>
                """))
        let caption = try #require(blocks(document, containing: "embankment at dawn").first)
        #expect(caption.part == .images)
        #expect(caption.asides?.first?.part == .apparatus)
        #expect(blocks(document, containing: "Tuesday, 3 metres").first?.part == .tables)
        #expect(document.blocks.first { $0.kind == .notice }?.part == .code)
        // Navigation is apparatus where the extractor keeps it.
        #expect(blocks(document, containing: "1953 flood").allSatisfy { $0.part == .apparatus })
        #expect(blocks(document, containing: "Notes").first?.part == .footnotes)
        #expect(blocks(document, containing: "old bridge").first?.part == .footnotes)
        #expect(blocks(document, containing: "References").first?.part == .references)
        #expect(blocks(document, containing: "Oxford").first?.part == .references)
        #expect(blocks(document, containing: "Floods of Europe").allSatisfy { $0.part == .apparatus })
        #expect(blocks(document, containing: "Only on Tuesday").first?.part == .footnotes)
        // The running text is not a part.
        #expect(blocks(document, containing: "Paragraph 2").allSatisfy { $0.part == nil })
    }

    @Test func aSectionEndsAtTheNextHeadingOfItsLevel() throws {
        let document = try #require(
            page(
                """
                <h2>See also</h2><ul><li>Flood wall</li></ul>
                <h3>Older floods</h3><p>Listed by year.</p>
                <h2>Aftermath</h2><p>The council met on Friday and thanked the volunteers of the town.</p>
                """))
        #expect(blocks(document, containing: "Flood wall").first?.part == .references)
        #expect(blocks(document, containing: "Listed by year").first?.part == .references)
        #expect(blocks(document, containing: "Aftermath").first?.part == nil)
        #expect(blocks(document, containing: "council met").first?.part == nil)
    }

    @Test func markdownFootnotesImagesTablesCodeAndReferenceSections() throws {
        let source = """
            # Report

            ![A badge](badge.svg)

            The river rose.[^1] See ![the chart](c.png) below.

            | Day | Level |
            |-----|-------|
            | Tue | 3 m   |

            ```
            code
            ```

            ## References

            - Smith, Rivers.

            [^1]: Measured at the bridge.
            """
        let document = try MarkdownReader().read(source, path: "report.md")
        #expect(document.title == "Report")
        let text = document.blocks.map(\.text)
        #expect(text.contains("The river rose. See the chart below."))
        let river = try #require(document.blocks.first { $0.text.hasPrefix("The river rose") })
        #expect(river.asides == [Block.Aside(range: 20..<29, part: .images)])
        #expect(document.blocks.first { $0.text == "A badge" }?.asides == [Block.Aside(range: 0..<7, part: .images)])
        #expect(document.blocks.filter { $0.part == .tables }.map(\.text) == ["Day, Level", "Tue, 3 m"])
        #expect(document.blocks.first { $0.kind == .notice }?.part == .code)
        #expect(document.blocks.first { $0.text == "Smith, Rivers." }?.part == .references)
        #expect(document.blocks.first { $0.text == "Measured at the bridge." }?.part == .footnotes)
        #expect(!text.contains { $0.contains("^1") })
    }

    /// A Wikipedia page of the Readability corpus: every "[edit]" is apparatus, the reference
    /// list is references, and the text is what it was (the conformance figures measure it).
    @Test(
        .enabled(if: ReadabilityConformanceTests.corpus != nil, "../shared/corpora/readability is absent: Wikipedia parts not checked")
    )
    func aWikipediaPage() throws {
        let directory = try #require(ReadabilityConformanceTests.corpus)
        let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(directory)/wikipedia/source.html")))
        let document = try HTMLReader().read(source, name: "wikipedia").document
        let headings = document.blocks.filter { if case .heading = $0.kind { true } else { false } }
        let edited = headings.filter { $0.text.hasSuffix("[edit]") }
        #expect(edited.count >= 30)
        #expect(edited.allSatisfy { !$0.textWithoutApparatus.contains("edit") })
        let references = document.blocks.filter { $0.part == .references }
        #expect(references.count >= 70)
        let markers = document.blocks.flatMap { $0.asides ?? [] }.filter { $0.part == .apparatus }
        #expect(markers.count >= 100)
        // The running text is most of the blocks, and none of it is in a reference section.
        let body = document.blocks.filter { $0.part == nil }
        #expect(body.count > references.count)
        #expect(!body.contains { $0.text.hasPrefix("References") })
    }
}
