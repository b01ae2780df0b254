import Foundation
import NarrateCore
import NarrateIngest
import Testing

/// Long documents with a table of contents and many sections (issue 21): every section is
/// read, the table of contents and the page around the article are not.
@Suite("Long documents with a table of contents")
struct LongDocumentTests {
    /// Section `number`'s heading and paragraphs; some sections are a single short
    /// paragraph, one is a list and one a table, as in reference pages.
    static func section(_ number: Int) -> (heading: String, body: String, sentences: [String]) {
        let heading = "Part \(number): the keepers of lighthouse \(number)"
        var sentences = [
            "Lighthouse \(number) was first lit in \(1800 + number * 7), when the harbour board paid for its lamp.",
            "Its keepers kept a log of every ship that passed, and the log of lighthouse \(number) survives whole.",
        ]
        if number % 3 == 0 { sentences = [sentences[0]] }
        var body = sentences.map { "<p>\($0) The records of the station are kept in the county archive today.</p>" }.joined()
        if number == 5 {
            body += "<ul><li>The first keeper of station five served for thirty years.</li><li>The second served for twelve.</li></ul>"
        }
        if number == 8 {
            body += "<table><tr><th>Year</th><th>Ships</th></tr><tr><td>1900</td><td>412</td></tr></table>"
        }
        return (heading, body, sentences)
    }

    static let count = 14

    static var tableOfContents: String {
        (1...count).map { "<li><a href=\"#part-\($0)\"><span class=\"tocnumber\">\($0)</span> \(section($0).heading)</a></li>" }
            .joined()
    }

    static let chrome = """
        <header><a href="/">Home</a> <a href="/about">About</a> <a href="/donate">Donate</a></header>
        <aside class="sidebar"><h3>Related</h3><ul><li><a href="/a">Harbours of the north</a></li>
        <li><a href="/b">Ships of the coast</a></li></ul></aside>
        """

    /// `keepsContents`: the table of contents is kept as the page's apparatus (a `nav`, the
    /// page's navigation, is not kept at all).
    static func check(_ document: Document, keepsContents: Bool) {
        // What is read: the text but the page's apparatus.
        let text = document.blocks.filter { ReadingChoices.standard.reads($0.part) }.map(\.text).joined(separator: "\n")
        for number in 1...count {
            let part = section(number)
            #expect(text.contains(part.heading), "section \(number)'s heading is missing")
            for sentence in part.sentences {
                #expect(text.contains(sentence), "section \(number) lost: \(sentence)")
            }
        }
        #expect(!text.contains("Harbours of the north"), "the sidebar was read")
        // The table of contents is a list of links to the sections: read once, the headings
        // are each there once.
        #expect(text.components(separatedBy: section(7).heading).count == 2, "the table of contents was read")
        guard keepsContents else { return }
        // Kept all the same where it stood, before the first section: extracted and shown.
        let contents = document.blocks.indices.filter { document.blocks[$0].part == .apparatus && document.blocks[$0].kind == .listItem }
        #expect(contents.map { document.blocks[$0].text } == (1...count).map { "\($0) \(section($0).heading)" })
        let firstSection = document.blocks.firstIndex { $0.kind == .heading(level: 2) && $0.text.hasPrefix(section(1).heading) }
        #expect(contents.first.map { first in firstSection.map { first < $0 } ?? false } == true, "the contents moved")
    }

    @Test("Sections in section elements inside an article, the contents in a nav")
    func sectionElements() throws {
        let sections = (1...Self.count).map { number in
            let part = Self.section(number)
            return "<section id=\"part-\(number)\"><h2>\(part.heading)</h2>\(part.body)</section>"
        }.joined(separator: "\n")
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>The lighthouses of the coast</title></head><body>
            \(Self.chrome)
            <main><article><h1>The lighthouses of the coast</h1>
            <p>This guide tells the story of the fourteen lighthouses of the coast, one section for each of them.</p>
            <nav class="toc"><h2>Contents</h2><ol>\(Self.tableOfContents)</ol></nav>
            \(sections)
            </article></main>
            <footer>© The coast society. <a href="/privacy">Privacy</a></footer>
            </body></html>
            """
        Self.check(try HTMLReader().read(html: html, name: "lighthouses.html"), keepsContents: false)
    }

    @Test("Flat headings and paragraphs as a wiki writes them, the contents in a div")
    func flatWikiLayout() throws {
        let sections = (1...Self.count).map { number in
            let part = Self.section(number)
            return "<h2><span class=\"mw-headline\" id=\"part-\(number)\">\(part.heading)</span>"
                + "<span class=\"mw-editsection\">[<a href=\"/edit?section=\(number)\">edit</a>]</span></h2>\(part.body)"
        }.joined(separator: "\n")
        let html = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>The lighthouses of the coast - Wiki</title></head><body>
            \(Self.chrome)
            <div id="content"><h1 id="firstHeading">The lighthouses of the coast</h1>
            <div id="bodyContent"><div class="mw-parser-output">
            <p>This guide tells the story of the fourteen lighthouses of the coast, one section for each of them.</p>
            <div id="toc" class="toc"><div class="toctitle"><h2>Contents</h2></div><ul>\(Self.tableOfContents)</ul></div>
            \(sections)
            </div></div></div>
            <div id="footer">This page was last edited on 3 March 2026. <a href="/privacy">Privacy</a></div>
            </body></html>
            """
        Self.check(try HTMLReader().read(html: html, name: "lighthouses-wiki.html"), keepsContents: true)
    }
}
