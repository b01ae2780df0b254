import Foundation
import NarrateCore
import NarrateIngest
import Testing

/// OPML feed lists as feed readers export them, read and written back.
@Suite("OPML")
struct OPMLDocumentTests {
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="1.0">
          <head><title>My feeds</title></head>
          <body>
            <outline text="Coast &amp; Sea" title="Coast &amp; Sea" type="rss" xmlUrl="https://coast.example/feed.xml" htmlUrl="https://coast.example/"/>
            <outline text="Новини">
              <outline text="Полтава" type="rss" xmlUrl="https://poltava.example/rss"/>
              <outline text="Nested folder">
                <outline text="Deep" xmlUrl="https://deep.example/atom.xml"/>
              </outline>
            </outline>
            <outline text="Duplicate" xmlUrl="https://coast.example/feed.xml"/>
            <outline text="No address"/>
          </body>
        </opml>
        """

    @Test func feedsAreReadWithTheirFoldersOnceEach() throws {
        let document = try OPMLDocument.read(Array(Self.export.utf8), name: "feeds.opml")
        #expect(document.title == "My feeds")
        #expect(
            document.outlines == [
                .init(url: "https://coast.example/feed.xml", title: "Coast & Sea", siteURL: "https://coast.example/"),
                .init(url: "https://poltava.example/rss", title: "Полтава", folder: "Новини"),
                .init(url: "https://deep.example/atom.xml", title: "Deep", folder: "Nested folder"),
            ])
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let document = OPMLDocument(
            title: "narrate feeds",
            outlines: [
                .init(url: "https://a.example/feed?x=1&y=2", title: "A <&> \"quoted\"", siteURL: "https://a.example/"),
                .init(url: "https://b.example/rss", title: "Б", folder: "news"),
            ])
        let written = document.xml()
        #expect(written.contains("xmlUrl=\"https://a.example/feed?x=1&amp;y=2\""))
        #expect(try OPMLDocument.read(Array(written.utf8), name: "x") == document)
    }

    @Test func whatIsNotOPMLIsOneLine() {
        #expect(
            throws: NarrateError.malformedInput(
                path: "list.xml", message: "not an OPML file (no <opml> with a <body>); export the feed list from your reader as OPML"
            )
        ) { try OPMLDocument.read(Array("<rss><channel/></rss>".utf8), name: "list.xml") }
    }
}
