import Foundation
import NarrateCore
import NarrateTestSupport
import Testing

@testable import NarrateIngest

/// Three paragraphs of about 200 characters each: together past the 500 characters the
/// extractor wants before it relaxes its rules.
private let first =
    "The river rose again on Tuesday night, and by morning the lower streets of the old town were "
    + "under water, so the council opened the school hall to families who had to leave their homes before dawn."
private let second =
    "Volunteers carried sandbags along the embankment for hours, while the ferry crews, who know "
    + "the current better than anyone, moved the smaller boats upstream to the quiet harbour behind the mill."
private let third =
    "By the evening the water had begun to fall, and the engineers said the new flood wall, "
    + "finished only last spring, had held exactly as it was designed to, sparing the market square and the library."
private let paragraphs = "<p>\(first)</p>\n<p>\(second)</p>\n<p>\(third)</p>"
private let title = "Flood waters fall in the old town"

/// The same story in Ukrainian, for language and charset tests.
private let ukrainianTitle = "Вода в старому місті спадає"
private let ukrainianParagraphs = [
    "У вівторок уночі річка знову піднялася, і до ранку нижні вулиці старого міста опинилися під водою, тому рада "
        + "відчинила шкільну залу для родин, які мусили залишити свої домівки ще до світанку.",
    "Волонтери годинами носили мішки з піском уздовж набережної, а поромники, які знають течію краще за всіх, "
        + "перевели менші човни вгору за течією, до тихої гавані за млином.",
    "Надвечір вода почала спадати, і інженери сказали, що нова дамба, збудована лише минулої весни, витримала "
        + "саме так, як її задумали, і вберегла ринкову площу та бібліотеку.",
]

/// A whole page around `body`, with `head` in its head.
private func page(title pageTitle: String? = title, head: String = "", body: String, lang: String? = nil) -> String {
    let htmlTag = lang.map { "<html lang=\"\($0)\">" } ?? "<html>"
    let titleTag = pageTitle.map { "<title>\($0)</title>" } ?? ""
    return "<!DOCTYPE html>\n\(htmlTag)\n<head>\n<meta charset=\"utf-8\">\n\(titleTag)\n\(head)\n</head>\n"
        + "<body>\n\(body)\n</body>\n</html>\n"
}

/// The article of `html`, read as a page named page.html.
private func read(_ html: String) throws -> Document {
    try HTMLReader().read(html: html, name: "page.html")
}

/// `text` in windows-1251 (ASCII and the Ukrainian alphabet only).
private func windows1251(_ text: String) -> [UInt8] {
    let special: [Character: UInt8] = [
        "Ґ": 0xA5, "Ё": 0xA8, "Є": 0xAA, "Ї": 0xAF, "І": 0xB2, "і": 0xB3, "ґ": 0xB4, "ё": 0xB8, "є": 0xBA, "ї": 0xBF,
        "«": 0xAB, "»": 0xBB, "—": 0x97,
    ]
    return text.map { character -> UInt8 in
        if let byte = special[character] { return byte }
        let scalar = character.unicodeScalars.first!.value
        if scalar < 0x80 { return UInt8(scalar) }
        precondition((0x410...0x44F).contains(scalar), "\(character) is not in the test's windows-1251 table")
        return UInt8(scalar - 0x410 + 0xC0)
    }
}

@Suite("Web page reading")
struct HTMLReaderTests {
    // MARK: What is dropped

    @Test func pageChromeAroundTheArticleIsDropped() throws {
        let document = try read(
            page(
                body: """
                    <header><a href="/">Daily River</a> <a href="/news">News</a> <a href="/sport">Sport</a></header>
                    <nav><ul><li><a href="/">Home</a></li><li><a href="/weather">Weather</a></li></ul></nav>
                    <div id="cookie-banner">We use cookies to make this site work. <button>Accept all cookies</button></div>
                    <article>\(paragraphs)</article>
                    <aside><h2>Most read</h2><ul><li><a href="/a">Prices at the market go up again this week</a></li></ul></aside>
                    <footer><p>Copyright 2024 Daily River. All rights reserved.</p></footer>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    @Test func shareBarAndFormInsideTheArticleAreDropped() throws {
        let document = try read(
            page(
                body: """
                    <article>
                    <div class="share-bar"><a href="https://facebook.com/share">Facebook</a> <a href="https://x.com/share">X</a></div>
                    \(paragraphs)
                    <form action="/subscribe"><label>Your email for the morning letter</label><input type="email">
                    <button>Subscribe</button></form>
                    </article>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    @Test func commentsAfterTheArticleAreDropped() throws {
        let comment =
            "I live by the embankment myself, and I have never seen the water come up so fast, "
            + "thank you to every volunteer who came out in the rain to help us, we will not forget it."
        let document = try read(
            page(
                body: """
                    <div class="story">\(paragraphs)</div>
                    <section id="comments"><h2>Comments</h2><p>\(comment)</p><p>\(comment)</p></section>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    @Test func asideAndFooterInsideTheArticleAreDropped() throws {
        let document = try read(
            page(
                body: """
                    <article>\(paragraphs)
                    <aside><p>Read also: how the new flood wall was built, in pictures, with a map.</p></aside>
                    <footer><p>Filed under floods, weather, old town.</p></footer>
                    </article>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    @Test func aNavMenuInsideTheArticleIsNotRead() throws {
        let document = try read(
            page(
                body: """
                    <article>
                    <nav><a href="/">Home</a> › <a href="/news">News</a> › Floods, a breadcrumb trail that goes on a while</nav>
                    <p>\(first)</p><p>\(second)</p><p>\(third)</p>
                    </article>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    @Test func hiddenContentIsDropped() throws {
        let document = try read(
            page(
                body: """
                    <article>
                    <p hidden>Hidden attribute words.</p>
                    <p>\(first)</p>
                    <div aria-hidden="true"><p>Words hidden from assistive technology, long enough to be read as a paragraph.</p></div>
                    <p>\(second)</p>
                    <p style="display: none">Words not displayed, long enough to be read as a paragraph of the article.</p>
                    <p>\(third)</p>
                    </article>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    @Test func scriptsStylesAndNoscriptAreNeverRead() throws {
        let document = try read(
            page(
                body: """
                    <article>
                    <script>document.write("Script words");</script>
                    <p>\(first)<script>var inline = "inline script words";</script></p>
                    <style>p { color: red; } /* style words */</style>
                    <noscript><p>Turn on JavaScript to see the video of the flood.</p></noscript>
                    <p>\(second)</p>
                    <p>\(third)</p>
                    </article>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    // MARK: Blocks

    @Test func headingsKeepTheirLevels() throws {
        let document = try read(
            page(
                body: """
                    <article><p>\(first)</p><h2>On the embankment</h2><p>\(second)</p><h3>The flood wall</h3><p>\(third)</p>
                    <h4>What comes next</h4><p>The council meets on Friday to count the cost of the damage.</p></article>
                    """))
        let headings = document.blocks.filter { $0.kind != .paragraph }
        #expect(headings.map(\.kind) == [.heading(level: 1), .heading(level: 2), .heading(level: 3), .heading(level: 4)])
        #expect(headings.map(\.text) == [title, "On the embankment", "The flood wall", "What comes next"])
    }

    @Test func listItemsAreListItems() throws {
        let document = try read(
            page(
                body: """
                    <article>\(paragraphs)<ul><li>Sandbags at the school gate</li><li>Dry clothes at the library</li></ul></article>
                    """))
        #expect(
            Array(document.blocks.suffix(2)) == [
                Block(kind: .listItem, text: "Sandbags at the school gate", sourceMap: document.blocks[4].sourceMap),
                Block(kind: .listItem, text: "Dry clothes at the library", sourceMap: document.blocks[5].sourceMap),
            ])
    }

    @Test func blockquoteIsAQuote() throws {
        let document = try read(
            page(
                body: """
                    <article><p>\(first)</p><blockquote><p>We have never seen it rise this fast.</p></blockquote>
                    <p>\(second)</p><p>\(third)</p></article>
                    """))
        #expect(document.blocks.map(\.kind) == [.heading(level: 1), .paragraph, .quote, .paragraph, .paragraph])
        #expect(document.blocks[2].text == "We have never seen it rise this fast.")
    }

    @Test func preformattedCodeBecomesTheCodeBlockNotice() throws {
        let document = try read(
            page(
                body: """
                    <article><p>\(first)</p><pre><code>level = read_gauge("mill")
                    alert(level)</code></pre><p>\(second)</p><p>\(third)</p></article>
                    """))
        #expect(document.blocks.map(\.kind) == [.heading(level: 1), .paragraph, .notice, .code, .paragraph, .paragraph])
        #expect(document.blocks[2].text == "Code sample skipped.")
        // The code as written: extracted and shown, never read.
        #expect(document.blocks[3].text == "level = read_gauge(\"mill\")\nalert(level)" && document.blocks[3].part == .apparatus)
    }

    @Test func aTableRowIsOneParagraphWithCellsJoinedByCommas() throws {
        let document = try read(
            page(
                body: """
                    <article>\(paragraphs)<table><thead><tr><th>Town</th><th>Rain</th><th>River</th></tr></thead>
                    <tbody><tr><td>Poltava</td><td>41 mm</td><td>Vorskla</td></tr></tbody></table></article>
                    """))
        #expect(document.blocks.suffix(2).map(\.text) == ["Town, Rain, River", "Poltava, 41 mm, Vorskla"])
        #expect(document.blocks.suffix(2).map(\.kind) == [.paragraph, .paragraph])
    }

    @Test func aFigcaptionIsAParagraphOfItsOwn() throws {
        let document = try read(
            page(
                body: """
                    <article><p>\(first)</p><figure><img src="wall.jpg" alt="The wall"><figcaption>The new flood wall at dawn.</figcaption>
                    </figure><p>\(second)</p><p>\(third)</p></article>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, "The new flood wall at dawn.", second, third])
        #expect(document.blocks[2].kind == .paragraph)
    }

    @Test func aLineBreakStaysInsideItsBlock() throws {
        let document = try read(
            page(
                body: """
                    <article><p>\(first)</p><p>Mill Street 4<br>Poltava</p><p>\(second)</p><p>\(third)</p></article>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, "Mill Street 4\nPoltava", second, third])
    }

    @Test func runsOfLineBreaksSplitParagraphs() throws {
        let document = try read(
            page(
                body: """
                    <div class="story">\(first)<br><br>\(second)<br>
                    <br><br>\(third)</div>
                    """))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
        #expect(document.blocks.dropFirst().allSatisfy { $0.kind == .paragraph })
    }

    // MARK: Metadata

    @Test func openGraphTitleBeatsTheTitleElement() throws {
        let document = try read(
            page(
                title: "Daily River: news from the river towns", head: "<meta property=\"og:title\" content=\"\(title)\">",
                body: "<article>\(paragraphs)</article>"
            ))
        #expect(document.title == title)
    }

    /// What a page's JSON-LD can say about its article.
    struct LinkedData: Equatable {
        var title: String
        var byline: String?
        var site: String?
        var publishedAt: String?
    }

    /// The metadata of a page without a <title> whose head holds `json` as JSON-LD.
    func linkedData(_ json: String) throws -> LinkedData {
        let head = "<script type=\"application/ld+json\">\(json)</script>"
        let document = try read(page(title: nil, head: head, body: "<article>\(paragraphs)</article>"))
        return LinkedData(title: document.title, byline: document.byline, site: document.site, publishedAt: document.publishedAt)
    }

    @Test func jsonLDGivesHeadlineAuthorPublisherAndDate() throws {
        let json = """
            {"@context": "https://schema.org", "@type": "NewsArticle", "headline": "\(title)",
            "author": {"@type": "Person", "name": "Olena Koval"}, "publisher": {"@type": "Organization", "name": "Daily River"},
            "datePublished": "2024-05-02T08:00:00+03:00"}
            """
        #expect(
            try linkedData(json)
                == LinkedData(
                    title: title, byline: "Olena Koval", site: "Daily River", publishedAt: "2024-05-02T08:00:00+03:00"
                ))
    }

    @Test func jsonLDArticleIsFoundInsideAGraph() throws {
        let json = """
            {"@context": "https://schema.org", "@graph": [{"@type": "WebSite", "name": "Daily River website"},
            {"@type": "Article", "headline": "\(title)", "author": {"name": "Olena Koval"}, "publisher": {"name": "Daily River"},
            "datePublished": "2024-05-02"}]}
            """
        #expect(
            try linkedData(json)
                == LinkedData(
                    title: title, byline: "Olena Koval", site: "Daily River", publishedAt: "2024-05-02"
                ))
    }

    @Test func jsonLDArticleIsFoundInATopLevelArrayAndAuthorsAreJoined() throws {
        let json = """
            [{"@context": "https://schema.org", "@type": "BreadcrumbList", "name": "News"},
            {"@context": "https://schema.org", "@type": "BlogPosting", "headline": "\(title)",
            "author": [{"name": "Olena Koval"}, {"name": "Petro Hnatiuk"}], "publisher": {"name": "Daily River"},
            "datePublished": "2024-05-02"}]
            """
        #expect(
            try linkedData(json)
                == LinkedData(
                    title: title, byline: "Olena Koval, Petro Hnatiuk", site: "Daily River", publishedAt: "2024-05-02"
                ))
    }

    @Test func titleElementIsCutBeforeTheSiteName() throws {
        let document = try read(page(title: "\(title) | Daily River", body: "<article>\(paragraphs)</article>"))
        #expect(document.title == title)
    }

    @Test func htmlLangGivesThePrimaryLanguage() throws {
        let document = try read(page(body: "<article>\(paragraphs)</article>", lang: "uk-UA"))
        #expect(document.language == "uk")
    }

    @Test func contentLanguageMetaGivesTheLanguageWhenHtmlHasNoLang() throws {
        let document = try read(
            page(
                head: "<meta http-equiv=\"content-language\" content=\"en-GB\">", body: "<article>\(paragraphs)</article>"
            ))
        #expect(document.language == "en")
    }

    @Test func bylineComesFromARelAuthorLinkWhenNoMetaGivesIt() throws {
        let document = try read(
            page(
                body: """
                    <article><a rel="author" href="/people/olena">Olena Koval</a>\(paragraphs)</article>
                    """))
        #expect(document.byline == "Olena Koval")
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    @Test func bylineComesFromABylineClassWhenNoMetaGivesIt() throws {
        let document = try read(
            page(
                body: """
                    <article><p class="byline">By Olena Koval, river correspondent</p>\(paragraphs)</article>
                    """))
        #expect(document.byline == "By Olena Koval, river correspondent")
        #expect(document.blocks.map(\.text) == [title, first, second, third])
    }

    @Test func authorMetaBeatsABylineInThePage() throws {
        let document = try read(
            page(
                head: "<meta name=\"author\" content=\"Olena Koval\">",
                body: "<article><p class=\"byline\">By the news desk</p>\(paragraphs)</article>"
            ))
        #expect(document.byline == "Olena Koval")
    }

    @Test func excerptComesFromOpenGraphDescription() throws {
        let document = try read(
            page(
                head: "<meta property=\"og:description\" content=\"The water is going down.\">",
                body: "<article>\(paragraphs)</article>"
            ))
        #expect(document.excerpt == "The water is going down.")
    }

    @Test func excerptIsTheFirstParagraphWithoutADescription() throws {
        let document = try read(page(body: "<article><h2>Night of the flood</h2>\(paragraphs)</article>"))
        #expect(document.excerpt == first)
    }

    @Test func theTitleIsReadFirstAsATopHeading() throws {
        let document = try read(page(body: "<article>\(paragraphs)</article>"))
        #expect(document.title == title)
        #expect(document.blocks.first?.kind == .heading(level: 1))
        #expect(document.blocks.first?.text == title)
        #expect(document.blocks.count == 4)
    }

    @Test func theTitleIsNotRepeatedWhenTheArticleStartsWithIt() throws {
        // Without a <title>, the title is the article's first line: it is read once.
        let document = try read(page(title: nil, body: "<article><h2>Night of the flood</h2>\(paragraphs)</article>"))
        #expect(document.title == "Night of the flood")
        #expect(document.blocks.map(\.text) == ["Night of the flood", first, second, third])
        #expect(document.blocks.first?.kind == .heading(level: 2))
    }

    @Test func aHeadingThatRepeatsTheTitleIsReadOnceAsTheTopHeading() throws {
        let document = try read(page(body: "<article><h1>\(title)</h1>\(paragraphs)</article>"))
        #expect(document.blocks.map(\.text) == [title, first, second, third])
        #expect(document.blocks.first?.kind == .heading(level: 1))
    }

    // MARK: Character sets

    @Test func aWindows1251PageReadsItsUkrainianText() throws {
        let html =
            "<html lang=\"uk\"><head><meta charset=\"windows-1251\"><title>\(ukrainianTitle)</title></head><body>"
            + "<article>" + ukrainianParagraphs.map { "<p>\($0)</p>" }.joined() + "</article></body></html>"
        let bytes = windows1251(html)
        #expect(bytes.count == html.unicodeScalars.count)
        let (document, source) = try HTMLReader().read(bytes, name: "page.html")
        #expect(source == html)
        #expect(document.title == ukrainianTitle)
        #expect(document.blocks.map(\.text) == [ukrainianTitle] + ukrainianParagraphs)
        #expect(document.language == "uk")
    }

    @Test func aPageDeclaringWindows1251ThatIsUTF8ReadsRight() throws {
        let html =
            "<html><head><meta charset=\"windows-1251\"><title>\(ukrainianTitle)</title></head><body>"
            + "<article>" + ukrainianParagraphs.map { "<p>\($0)</p>" }.joined() + "</article></body></html>"
        let (document, _) = try HTMLReader().read(Array(html.utf8), name: "page.html")
        #expect(document.blocks.map(\.text) == [ukrainianTitle] + ukrainianParagraphs)
    }

    @Test func theHeaderCharsetOfAFetchedPageWins() throws {
        let html =
            "<html><head><title>\(ukrainianTitle)</title></head><body>"
            + "<article>" + ukrainianParagraphs.map { "<p>\($0)</p>" }.joined() + "</article></body></html>"
        let (document, _) = try HTMLReader().read(
            windows1251(html), contentType: "text/html; charset=windows-1251", name: "page.html"
        )
        #expect(document.blocks.map(\.text) == [ukrainianTitle] + ukrainianParagraphs)
    }

    // MARK: Errors

    @Test func aPageOfOnlyLinksAndMenusHasNoReadableArticle() {
        let html = page(
            title: "Daily River",
            body: """
                <header><a href="/">Daily River</a></header>
                <nav><ul><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li>
                <li><a href="/culture">Culture</a></li><li><a href="/about">About us</a></li></ul></nav>
                <div class="menu"><a href="/login">Log in</a> | <a href="/register">Register</a></div>
                <footer><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer>
                """)
        #expect(throws: NarrateError.noReadableArticle(path: "page.html")) { try read(html) }
    }

    @Test func aPageWithNoTextHasNoReadableArticle() {
        let html = page(title: "Gallery", body: "<div><img src=\"one.jpg\"><img src=\"two.jpg\"></div>")
        #expect(throws: NarrateError.noReadableArticle(path: "page.html")) { try read(html) }
    }

    @Test func binaryDataWithNulBytesIsRefused() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52]
        #expect(throws: NarrateError.binaryInput(path: "image.html", byteOffset: 8)) {
            try HTMLReader().read(png, name: "image.html")
        }
    }

    @Test func whiteSpaceOnlyIsEmpty() {
        #expect(throws: NarrateError.emptyInput(path: "blank.html")) {
            try HTMLReader().read(Array(" \n\t\r\n  ".utf8), name: "blank.html")
        }
    }

    // MARK: Robustness

    @Test func badlyMalformedMarkupStillYieldsTheText() throws {
        // Unclosed paragraphs and bold, stray end tags, unquoted attributes, a paragraph inside a table.
        let html = """
            <html><head><title>\(title)</title><body></div></span>
            <div class=story id=main>
            <p>\(first)
            <p><b>\(second)</i></div2>
            <table><p>\(third)<tr><td>Poltava<td>41 mm</table>
            </div></div></article>
            """
        let document = try read(html)
        #expect(document.blocks.map(\.text) == [title, first, second, third, "Poltava, 41 mm"])
    }

    @Test func a100000DeepDivNestIsRefusedQuickly() throws {
        let html = String(repeating: "<div>", count: 100_000) + first
        let clock = ContinuousClock()
        var thrown: NarrateError?
        let elapsed = clock.measure {
            do throws(NarrateError) {
                _ = try HTMLReader().read(html: html, name: "deep.html")
            } catch {
                thrown = error
            }
        }
        guard case .malformedInput(let path, let message) = thrown else {
            Issue.record("expected malformedInput, got \(String(describing: thrown))")
            return
        }
        #expect(path == "deep.html")
        #expect(message.hasPrefix("elements nested about 100000 levels deep"))
        // Refused before parsing; gumbo itself would take minutes.
        #expect(elapsed < .seconds(30))
    }

    @Test func a100000DeepSpanNestIsReadWithoutCrashing() throws {
        // Spans cost gumbo little, so the page is parsed (its tree clamped at 400 levels) and its text read.
        let html = "<title>\(title)</title><p>" + String(repeating: "<span>", count: 100_000) + first + second + third
        let document = try read(html)
        #expect(document.blocks.map(\.text) == [title, first + second + third])
    }

    @Test func a100000DeepBoldNestIsRefusedWithoutCrashing() {
        // Each <b> makes gumbo walk its stack of open elements: refused as too deep.
        let html = "<title>\(title)</title><p>" + String(repeating: "<b>", count: 100_000) + first + second + third
        #expect {
            try read(html)
        } throws: { error in
            guard case .malformedInput(let path, _) = error as? NarrateError else { return false }
            return path == "page.html"
        }
    }

    @Test func aLargePageIsReadWhole() async throws {
        // About 5 MB (not 20: a debug build reads about 2.5 MB a second) of chapters of sections
        // of paragraphs. Chapters keep each element's siblings few; see the next test for why.
        var body = "<article>"
        var sections = 0
        while body.utf8.count < 5_000_000 {
            body += "<div class=\"chapter\">"
            for _ in 0..<20 {
                sections += 1
                body += "<section><h2>Part \(sections)</h2>\(paragraphs)</section>\n"
            }
            body += "</div>"
        }
        body += "</article>"
        // Seconds of parsing: on a thread of its own, not one of the pool's.
        let html = Array(page(body: body).utf8)
        let document = try await onOwnThread { try HTMLReader().read(html, name: "large.html").0 }
        #expect(document.blocks.count == 1 + sections * 4)
        #expect(document.blocks.filter { $0.text == second }.count == sections)
        #expect(document.blocks.last?.text == third)
    }

    @Test func aLongArticleOfSiblingParagraphsIsReadWhole() throws {
        // 5,000 paragraphs in one <article> (finding a node's place among thousands of
        // siblings once made this quadratic; narrate-bench times large pages).
        let body = "<article>" + (0..<5_000).map { "<p>\(first) \($0)</p>\n" }.joined() + "</article>"
        let (document, _) = try HTMLReader().read(Array(page(body: body).utf8), name: "long.html")
        #expect(document.blocks.count == 5_001)
    }

    // MARK: Source maps

    @Test func eachBlockMapsToTheStartOfItsTextInThePage() throws {
        let html = page(
            title: ukrainianTitle,
            body: "<article>\n"
                + "<h2>Ніч повені</h2>\n" + ukrainianParagraphs.map { "<p>\($0)</p>" }.joined(separator: "\n") + "\n</article>")
        let (document, source) = try HTMLReader().read(Array(html.utf8), name: "page.html")
        let scalars = Array(source.unicodeScalars)
        let articleBlocks = document.blocks.dropFirst()
        #expect(articleBlocks.map(\.text) == ["Ніч повені"] + ukrainianParagraphs)
        for block in articleBlocks {
            let offset = try #require(block.sourceMap.runs.first?.sourceOffset)
            let length = block.text.unicodeScalars.count
            #expect(String(String.UnicodeScalarView(scalars[offset..<(offset + length)])) == block.text)
        }
    }

    @Test func theTitleHeadingMapsToTheTitleElement() throws {
        let html = page(title: ukrainianTitle, body: "<article>" + ukrainianParagraphs.map { "<p>\($0)</p>" }.joined() + "</article>")
        let (document, source) = try HTMLReader().read(Array(html.utf8), name: "page.html")
        let titleStart = source.unicodeScalars.distance(
            from: source.unicodeScalars.startIndex, to: try #require(source.range(of: "<title>")).lowerBound
        )
        #expect(document.blocks.first?.sourceMap == .identity(sourceOffset: titleStart, length: 0))
    }
}

/// Pages whose article is preformatted text: prose is read as paragraphs, code stays the notice.
@Suite("Web page reading: preformatted prose")
struct PreformattedProseTests {
    /// Three pages of an RFC as the IETF's HTML has them: one `pre` a page, a running header
    /// and a "[Page N]" footer on each, a paragraph cut by a page break, a table of contents
    /// with dot leaders, and a drawing.
    static let rfc: String = {
        func page(_ number: Int, _ body: String) -> String {
            let header =
                number == 1 ? "" : "<span class=\"grey\">RFC 9999            Harbour Signal Protocol (HSP)           March 2026</span>\n\n"
            let footer =
                "\n\n<span class=\"grey\">Keeper &amp; Lamp               Standards Track                    [Page \(number)]</span>"
            return "<pre class=\"newpage\">\(header)\(body)\(footer)</pre>\n<hr class=\"noprint\"/><!--NewPage-->"
        }
        let pages = [
            page(
                1,
                """
                Internet Engineering Task Force (IETF)                          A. Keeper
                Request for Comments: 9999                                        B. Lamp
                Category: Standards Track                                      March 2026

                                   Harbour Signal Protocol (HSP)

                Abstract

                   This document describes how lighthouses on one coast exchange the
                   state of their lamps, so that a keeper can tell at a glance which
                   lights are burning, which are dimmed for repairs, and which have
                   failed during the night.

                Table of Contents

                   1.  Introduction ................................................2
                   2.  Messages ....................................................3
                """),
            page(
                2,
                """
                1.  Introduction

                   Keepers have long relied on sight alone to learn that a neighbouring
                   light has failed.  On a clear night this works well enough, but in
                   fog or heavy rain a dark tower can go unnoticed for hours, and ships
                   that count on it may run aground before anyone raises the alarm.
                   The protocol described here lets each station report its lamp to
                   the others every minute, and lets a station that hears nothing
                   from a neighbour for five minutes warn the harbour master, who then
                   decides whether to send
                """),
            page(
                3,
                """
                   a boat to the silent tower or to broadcast a warning to ships.

                   +--------+       +--------+       +--------+
                   | Tower  |------>| Tower  |------>| Harbour|
                   |   A    |<------|   B    |<------| master |
                   +--------+       +--------+       +--------+

                2.  Messages

                   Each message names the station, the state of its lamp and the time
                   at which the state was last observed by the keeper on duty.
                """),
        ]
        return "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>RFC 9999 - Harbour Signal Protocol (HSP)</title></head><body>\n"
            + pages.joined(separator: "\n") + "\n</body></html>\n"
    }()

    @Test func anRFCReadsAsProseWithoutPageFurniture() throws {
        let document = try HTMLReader().read(html: Self.rfc, name: "rfc9999.html")
        let texts = document.blocks.map(\.text)
        let all = texts.joined(separator: "\n")
        // No running header, no footer, no dot leaders.
        #expect(!all.contains("[Page"), "\(texts)")
        #expect(!all.contains("Standards Track                    "), "\(texts)")
        #expect(!texts.contains { $0.contains("Harbour Signal Protocol (HSP) March 2026") }, "\(texts)")
        #expect(!all.contains("....."), "\(texts)")
        // Wrapped lines joined into one paragraph.
        #expect(
            texts.contains(
                "This document describes how lighthouses on one coast exchange the state of their lamps, so that a keeper can tell at a "
                    + "glance which lights are burning, which are dimmed for repairs, and which have failed during the night."
            ), "\(texts)")
        // The paragraph cut by the page break is one.
        #expect(
            texts.contains {
                $0.hasSuffix("who then decides whether to send a boat to the silent tower or to broadcast a warning to ships.")
            }, "\(texts)")
        // The drawing is the code notice; the headings and the last section are there.
        #expect(document.blocks.contains { $0.kind == .notice && $0.text == "Code sample skipped." })
        #expect(texts.contains("1. Introduction 2\n2. Messages 3"), "\(texts)")
        #expect(texts.contains("1. Introduction"), "\(texts)")
        #expect(texts.contains("2. Messages"), "\(texts)")
        #expect(texts.last?.hasPrefix("Each message names the station") == true, "\(texts)")
    }

    @Test func aPoemKeepsItsLinesAndAPlainTextPostIsJoined() throws {
        let poem = """
            <article><h1>The Keeper</h1><pre>
            The lamp is lit, the wick is trimmed,
            the glass is clean of salt;
            the keeper climbs the iron stair
            and never once will halt.

            And when the fog comes in at dusk
            and swallows sea and shore,
            he winds the horn by hand all night
            as keepers did before.
            </pre></article>
            """
        let document = try HTMLReader().read(
            html: "<html><head><title>The Keeper</title></head><body>\(poem)</body></html>", name: "poem.html")
        #expect(
            document.blocks.dropFirst().map(\.text) == [
                "The lamp is lit, the wick is trimmed,\nthe glass is clean of salt;\nthe keeper climbs the iron stair\nand never once will halt.",
                "And when the fog comes in at dusk\nand swallows sea and shore,\nhe winds the horn by hand all night\nas keepers did before.",
            ])

        let post = """
            <pre>
            I have kept this light for twenty years, and in all that time the lamp
            has failed only twice: once in the great storm of the first winter,
            and once when a gull broke the glass and the wind blew out the flame.

            Both times the ships came through, because the keeper on the next
            headland saw the dark tower and lit his spare lamp on the gallery.
            </pre>
            """
        let read = try HTMLReader().read(
            html: "<html><head><title>Twenty years</title></head><body>\(post)</body></html>", name: "post.html")
        #expect(
            read.blocks.dropFirst().map(\.text) == [
                "I have kept this light for twenty years, and in all that time the lamp has failed only twice: once in the great storm "
                    + "of the first winter, and once when a gull broke the glass and the wind blew out the flame.",
                "Both times the ships came through, because the keeper on the next headland saw the dark tower and lit his spare lamp "
                    + "on the gallery.",
            ], "\(read.blocks.map(\.text))")
    }

    @Test(arguments: [
        "def lamp_state(tower):\n    if tower.lamp is None:\n        return \"dark\"\n    return tower.lamp.state\n",
        "for (int i = 0; i < towers; i++) {\n    report(tower[i]);\n}\n",
        "$ narrate add rfc9999.txt --tag standards\nadded 12 Harbour Signal Protocol\n$ narrate play 12\n",
        "{\n  \"station\": \"North Head\",\n  \"lamp\": \"burning\",\n  \"observed\": \"2026-03-01T21:00:00Z\"\n}\n",
    ])
    func codeDataAndShellSessionsStayTheNotice(_ code: String) throws {
        let html =
            "<article><p>\(String(repeating: "The keepers wrote their reports by hand every evening. ", count: 10))</p><pre>\(code)</pre></article>"
        let document = try HTMLReader().read(
            html: "<html><head><title>Reports</title></head><body>\(html)</body></html>", name: "code.html")
        #expect(document.blocks.map(\.kind).suffix(2) == [.notice, .code], "\(document.blocks.map(\.text))")
        #expect(document.blocks.last?.text == Block.verbatim(code))
    }

    /// A standard's short paragraph full of numbers and references is prose; rows of figures
    /// are not. Either way every word is kept (the figures as written).
    /// Code as written is apparatus: the item or quotation it stands in goes on after it, and
    /// it never makes a page readable or gives it its title.
    @Test func codeAsWrittenIsNeitherSaidNorTheArticle() throws {
        let prose = String(repeating: "The keepers wrote their reports by hand every evening. ", count: 10)
        let html = """
            <html><head></head><body><article><p>\(prose)</p>
            <ul><li>Start the logger:<pre>weatherlog --config station.ini</pre>and leave it running.</li></ul></article></body></html>
            """
        let document = try HTMLReader(codeBlockNotice: "").read(html: html, name: "steps.html")
        #expect(document.blocks.map(\.kind).suffix(3) == [.listItem, .code, .listItem], "\(document.blocks.map(\.kind))")
        #expect(!document.title.contains("weatherlog"))
        // A page of nothing but code, or of a table of contents, has no article.
        let onlyCode =
            "<html><head><title>Config</title></head><body><pre>[station]\nfrequency = 868.3M\nstation_id = 41\n</pre></body></html>"
        #expect(throws: NarrateError.noReadableArticle(path: "code.html")) { try HTMLReader().read(html: onlyCode, name: "code.html") }
        let links = (1...5).map { "<li><a href=\"#part-\($0)\">Part \($0) of the long story of the coast</a></li>" }.joined()
        let onlyContents = "<html><head><title>Contents</title></head><body><div class=\"toc\"><ul>\(links)</ul></div></body></html>"
        #expect(throws: NarrateError.noReadableArticle(path: "toc.html")) { try HTMLReader().read(html: onlyContents, name: "toc.html") }
    }

    @Test func numbersAndReferencesAreProseAndRowsOfFiguresAreNot() throws {
        let prose = String(repeating: "The keepers wrote their reports by hand every evening. ", count: 10)
        let html = """
            <article><pre>   \(prose)

               See Section 10.2 and [RFC2616].

               1900,412,18.5
               1901,398,17.25
               1902,455,19.0
            </pre></article>
            """
        let document = try HTMLReader().read(html: "<html><head><title>Reports</title></head><body>\(html)</body></html>", name: "r.html")
        #expect(document.blocks.map(\.kind).suffix(3) == [.paragraph, .notice, .code], "\(document.blocks.map(\.text))")
        #expect(document.blocks.suffix(3).first?.text == "See Section 10.2 and [RFC2616].")
        #expect(document.blocks.last?.text == "1900,412,18.5\n1901,398,17.25\n1902,455,19.0")
    }
}
