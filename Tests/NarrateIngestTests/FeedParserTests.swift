import Foundation
import NarrateCore
import NarrateIngest
import Testing

/// Feeds of every kind narrate reads, written for these tests: RSS 2.0, RSS 1.0 (RDF), Atom
/// 1.0 and JSON Feed 1.1, with the oddities real feeds have; and what is refused.
@Suite("Feed parser")
struct FeedParserTests {
    func parse(_ text: String, source: String = "https://example.org/feed.xml", charset: String? = nil) throws -> Feed {
        try FeedParser(source: source, charset: charset).parse(Array(text.utf8))
    }

    @Test func rss2ItemsKeepTheirContentDatesLinksAndTags() throws {
        let feed = try parse(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
                 xmlns:atom="http://www.w3.org/2005/Atom">
              <channel>
                <title>  Coast   Weekly </title>
                <link>https://coast.example/</link>
                <language>en-gb</language>
                <atom:link rel="self" href="https://coast.example/feed.xml"/>
                <item>
                  <title>The Last Keeper &amp; the Lamp</title>
                  <link>/2026/03/keeper.html</link>
                  <guid isPermaLink="false">coast-1234</guid>
                  <pubDate>Sun, 01 Mar 2026 08:00:00 GMT</pubDate>
                  <dc:creator>Mary Lane</dc:creator>
                  <category>Sea</category><category>People</category>
                  <description>A short summary.</description>
                  <content:encoded><![CDATA[<p>The lighthouse keeper climbed the stairs.</p>]]></content:encoded>
                </item>
                <item>
                  <title>Storm warning</title>
                  <guid>https://coast.example/storm</guid>
                  <pubDate>Mon, 2 Mar 2026 17:30 +0100</pubDate>
                  <description>&lt;p&gt;Winds of 90 km/h.&lt;/p&gt;</description>
                </item>
              </channel>
            </rss>
            """)
        #expect(feed.format == .rss)
        #expect(feed.title == "Coast Weekly")
        #expect(feed.siteURL == "https://coast.example/")
        #expect(feed.feedURL == "https://coast.example/feed.xml")
        #expect(feed.language == "en-gb")
        #expect(feed.problem == nil)
        #expect(feed.items.count == 2)
        let first = feed.items[0]
        #expect(first.title == "The Last Keeper & the Lamp")
        #expect(first.url == "https://coast.example/2026/03/keeper.html")
        #expect(first.guid == "coast-1234")
        #expect(first.published == "2026-03-01T08:00:00Z")
        #expect(first.author == "Mary Lane")
        #expect(first.tags == ["Sea", "People"])
        #expect(first.content == "<p>The lighthouse keeper climbed the stairs.</p>")
        #expect(first.summary == "A short summary.")
        let second = feed.items[1]
        // A permalink guid is the address when there is no link.
        #expect(second.url == "https://coast.example/storm")
        #expect(second.published == "2026-03-02T16:30:00Z")
        #expect(second.content == nil)
        #expect(second.summary == "<p>Winds of 90 km/h.</p>")
    }

    @Test func rss1ItemsAreBesideTheChannel() throws {
        let feed = try parse(
            """
            <?xml version="1.0"?>
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel rdf:about="https://news.example/">
                <title>Новини</title>
                <link>https://news.example/</link>
                <dc:language>uk</dc:language>
              </channel>
              <item rdf:about="https://news.example/1">
                <title>У Полтаві відкрили колекцію</title>
                <link>https://news.example/1</link>
                <dc:date>2026-02-14T09:15:00+02:00</dc:date>
                <dc:subject>Культура</dc:subject>
              </item>
            </rdf:RDF>
            """)
        #expect(feed.format == .rdf)
        #expect(feed.title == "Новини")
        #expect(feed.language == "uk")
        #expect(
            feed.items == [
                FeedItem(
                    guid: "https://news.example/1", url: "https://news.example/1", title: "У Полтаві відкрили колекцію",
                    published: "2026-02-14T07:15:00Z", tags: ["Культура"]
                )
            ])
    }

    @Test func atomEntriesResolveXMLBaseAndKeepXHTMLContent() throws {
        let feed = try parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/posts/" xml:lang="de">
              <title type="html">Notizen &lt;em&gt;vom&lt;/em&gt; Hafen</title>
              <link href="https://blog.example/"/>
              <link rel="self" href="/atom.xml"/>
              <author><name>Jonas</name></author>
              <entry>
                <id>tag:blog.example,2026:1</id>
                <title>Erster Eintrag</title>
                <link rel="alternate" type="text/html" href="eins.html"/>
                <link rel="enclosure" href="eins.mp3"/>
                <updated>2026-01-05T10:00:00Z</updated>
                <published>2026-01-04T10:00:00.123456Z</published>
                <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Der <b>Kran</b> steht still.</p></div></content>
                <category term="hafen" label="Hafen"/>
              </entry>
              <entry xml:base="/elsewhere/">
                <id>tag:blog.example,2026:2</id>
                <title>Zweiter</title>
                <link href="zwei.html"/>
                <updated>2026-01-06T10:00:00+01:00</updated>
                <content type="text">Nur Text &amp; nichts mehr.</content>
              </entry>
            </feed>
            """)
        #expect(feed.format == .atom)
        #expect(feed.title == "Notizen vom Hafen")
        #expect(feed.siteURL == "https://blog.example/")
        #expect(feed.feedURL == "https://blog.example/atom.xml")
        #expect(feed.language == "de")
        #expect(feed.items.map(\.url) == ["https://blog.example/posts/eins.html", "https://blog.example/elsewhere/zwei.html"])
        #expect(feed.items[0].published == "2026-01-04T10:00:00Z")
        #expect(feed.items[0].author == "Jonas")
        #expect(feed.items[0].content?.contains("<p>Der <b>Kran</b> steht still.</p>") == true)
        #expect(feed.items[0].contentIsHTML)
        #expect(feed.items[0].tags == ["Hafen"])
        #expect(feed.items[1].published == "2026-01-06T09:00:00Z")
        #expect(feed.items[1].content == "Nur Text & nichts mehr.")
        #expect(!feed.items[1].contentIsHTML)
    }

    @Test func jsonFeedItemsTakeHTMLOrText() throws {
        let feed = try parse(
            """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Field Notes", "home_page_url": "https://notes.example/",
             "feed_url": "https://notes.example/feed.json", "language": "en", "authors": [{"name": "Ana"}],
             "items": [
               {"id": "1", "url": "/one", "title": "One", "content_html": "<p>First.</p>", "date_published": "2026-04-01T12:00:00-04:00",
                "tags": ["walks"]},
               {"id": 2, "external_url": "https://elsewhere.example/two", "content_text": "Second.", "summary": "S"},
               "not an item"
             ]}
            """, source: "https://notes.example/feed.json")
        #expect(feed.format == .jsonFeed)
        #expect(feed.title == "Field Notes")
        #expect(feed.items.count == 2)
        #expect(
            feed.items[0]
                == FeedItem(
                    guid: "1", url: "https://notes.example/one", title: "One", author: "Ana", published: "2026-04-01T16:00:00Z",
                    content: "<p>First.</p>", contentIsHTML: true, tags: ["walks"]
                ))
        #expect(feed.items[1].guid == "2")
        #expect(feed.items[1].url == "https://elsewhere.example/two")
        #expect(feed.items[1].content == "Second." && !feed.items[1].contentIsHTML)
    }

    /// Entities that expand to gigabytes are refused with one line, fast and without the memory.
    @Test func aBillionLaughsFeedIsRefused() throws {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...10 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n\(entities)]>\n<rss><channel><title>&lol10;</title></channel></rss>"
        #expect(
            throws: NarrateError.malformedInput(
                path: "https://example.org/feed.xml", message: "refused: its entities expand beyond bounds (a billion-laughs document?)"
            )
        ) { try parse(text) }
    }

    @Test func anExternalEntityIsNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-secret-\(UUID().uuidString)").path
        try "do not read".write(toFile: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: secret) }
        let text = """
            <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "file://\(secret)">]>
            <rss><channel><title>T &x;</title></channel></rss>
            """
        let feed = try? parse(text)
        #expect(feed?.title?.contains("do not read") != true)
    }

    @Test func xmlThatIsNotWellFormedIsReadAsFarAsItCanBeAndSaysSo() throws {
        let feed = try parse(
            """
            <rss><channel><title>Broken & proud</title>
            <item><title>One</title><link>https://a.example/1</link></item>
            <item><title>Two</title><link>https://a.example/2</link>
            """)
        #expect(feed.items.map(\.url) == ["https://a.example/1", "https://a.example/2"])
        let problem = try #require(feed.problem)
        #expect(problem.hasPrefix("not well-formed XML at line "), "\(problem)")
        #expect(problem.hasSuffix("; read as far as it could be"))
    }

    @Test(arguments: [
        ("<html><body>Not a feed</body></html>", "not a feed: the document is <html>, not RSS, RDF or Atom"),
        ("{\"items\": []}", "not a JSON Feed: no \"version\" of https://jsonfeed.org"),
        ("{\"version\": ", "not valid JSON"),
        ("   ", "not well-formed XML at line 1"),
    ])
    func whatIsNoFeedIsOneLine(_ text: String, _ start: String) {
        do {
            _ = try parse(text)
            Issue.record("read as a feed: \(text)")
        } catch {
            guard case .malformedInput(let path, let message)? = error as? NarrateError else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == "https://example.org/feed.xml")
            #expect(message.hasPrefix(start), "\(message)")
            #expect(!message.contains("\n"))
        }
    }

    /// A feed in Windows-1251 that says it is UTF-8, served with the right charset; and one
    /// in Windows-1252 with no declaration and no charset.
    @Test func wrongAndMissingCharsetsAreRecoveredFrom() throws {
        let cyrillic = "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss><channel><title>Новини дня</title></channel></rss>"
        let cp1251 = try #require(cyrillic.data(using: .windowsCP1251))
        let feed = try FeedParser(source: "s", charset: "windows-1251").parse(Array(cp1251))
        #expect(feed.title == "Новини дня")
        let latin = try #require("<rss><channel><title>Café Müller</title></channel></rss>".data(using: .windowsCP1252))
        #expect(try FeedParser(source: "s").parse(Array(latin)).title == "Café Müller")
    }

    @Test func aFeedOfFiftyThousandItemsIsReadWhole() throws {
        var text = "<rss><channel><title>Big</title>"
        for number in 0..<50_000 { text += "<item><guid>\(number)</guid><link>/a/\(number)</link><title>Item \(number)</title></item>" }
        text += "</channel></rss>"
        let feed = try parse(text)
        #expect(feed.items.count == 50_000)
        #expect(feed.items.last?.url == "https://example.org/a/49999")
    }

    @Test func aPageNamesItsFeeds() {
        let page = """
            <html><head><base href="https://site.example/blog/">
            <link rel="alternate" type="application/rss+xml" title="RSS" href="feed.xml">
            <link rel="alternate" type="application/atom+xml" href="https://site.example/atom.xml">
            <link rel="alternate" type="application/rss+xml" href="feed.xml">
            <link rel="alternate" hreflang="de" href="/de/">
            <link rel="stylesheet" href="x.css">
            </head><body></body></html>
            """
        #expect(
            FeedDiscovery.feeds(inPage: Array(page.utf8), url: "https://site.example/") == [
                "https://site.example/blog/feed.xml", "https://site.example/atom.xml",
            ])
    }

    /// UTF-8 with an unescaped ampersand, served with a charset that is wrong: read in the
    /// encoding that read its characters, not the last one tried.
    @Test func aBrokenFeedIsRecoveredInTheEncodingThatReadIt() throws {
        let text = "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss><channel><title>Café & Bar</title></channel></rss>"
        let feed = try FeedParser(source: "s", charset: "iso-8859-1").parse(Array(text.utf8))
        #expect(feed.title == "Café & Bar" || feed.title == "Café Bar", "\(feed.title ?? "nil")")
        #expect(feed.problem != nil)
    }

    @Test func datesAsFeedsWriteThem() throws {
        let feed = try parse(
            """
            <rss><channel>
            <item><guid>1</guid><pubDate>Tue, 10 Jun 03 04:00:00 GMT</pubDate></item>
            <item><guid>2</guid><pubDate>Wed, 4 Sept 2024 9:05:00 EST</pubDate></item>
            <item><guid>3</guid><pubDate>not a date</pubDate></item>
            </channel></rss>
            """)
        #expect(feed.items.map(\.published) == ["2003-06-10T04:00:00Z", "2024-09-04T14:05:00Z", "not a date"])
    }

    /// Found by the exports and feeds fuzz targets: a fraction of a second of dozens of digits
    /// made ICU's date parser divide by zero (SIGFPE), and a combining mark made Foundation's
    /// formatter stop the process ("Incorrect range"). A fraction is cut to milliseconds; a
    /// number longer than any date field, or text beyond ASCII, is no date.
    @Test func overlongNumbersAndCombiningMarksInDatesAreNoCrash() throws {
        let digits = String(repeating: "0", count: 25) + "409927646082434804"
        let feed = try parse(
            """
            <rss><channel>
            <item><guid>1</guid><pubDate>2024-03-01T08:00:00.\(digits)CEEDED</pubDate></item>
            <item><guid>2</guid><pubDate>2024-03-01T08:00:00.\(digits)Z</pubDate></item>
            <item><guid>3</guid><pubDate>2024-03-01T08:00:00.1\(digits)+01:00</pubDate></item>
            <item><guid>4</guid><pubDate>1 Mar 2024 08:00:00.\(digits) GMT</pubDate></item>
            <item><guid>5</guid><pubDate>2024-03-01T08:00:0000000000000000001Z</pubDate></item>
            <item><guid>6</guid><pubDate>0506-03-\u{0730}1T08:00:00.00Z</pubDate></item>
            <item><guid>7</guid><pubDate>Thu, 2\u{0730}6 Nov 2026 05:48:19 GMT</pubDate></item>
            </channel></rss>
            """)
        #expect(
            feed.items.map(\.published) == [
                "2024-03-01T08:00:00.\(digits)CEEDED", "2024-03-01T08:00:00Z", "2024-03-01T07:00:00Z",
                "1 Mar 2024 08:00:00.\(digits) GMT", "2024-03-01T08:00:0000000000000000001Z",
                "0506-03-\u{0730}1T08:00:00.00Z", "Thu, 2\u{0730}6 Nov 2026 05:48:19 GMT",
            ])
    }
}
