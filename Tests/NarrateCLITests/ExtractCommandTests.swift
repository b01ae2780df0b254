import Foundation
import NarrateTestSupport
import Testing

/// `narrate extract` on saved web pages, and `narrate add` reading them.
@Suite("narrate extract and web pages", .endToEnd)
struct ExtractCommandTests {
    static let first =
        "The river rose again on Tuesday night, and by morning the lower streets of the old town were "
        + "under water, so the council opened the school hall to families who had to leave their homes before dawn."
    static let second =
        "Volunteers carried sandbags along the embankment for hours, while the ferry crews, who know "
        + "the current better than anyone, moved the smaller boats upstream to the quiet harbour behind the mill."
    static let third =
        "By the evening the water had begun to fall, and the engineers said the new flood wall, "
        + "finished only last spring, had held exactly as it was designed to, sparing the market square and the library."

    /// An English page with an author, a site name and a publication time.
    static let article = """
        <!DOCTYPE html>
        <html lang="en-GB"><head><meta charset="utf-8">
        <title>Flood waters fall in the old town | Daily River</title>
        <meta name="author" content="Olena Koval">
        <meta property="og:site_name" content="Daily River">
        <meta property="article:published_time" content="2024-05-02T08:00:00Z">
        </head><body>
        <nav><a href="/">Home</a> <a href="/news">News</a></nav>
        <article><h1>Flood waters fall in the old town</h1>
        <p>\(first)</p><p>\(second)</p><p>\(third)</p></article>
        <footer>Copyright 2024 Daily River</footer>
        </body></html>
        """

    /// A Ukrainian page that declares its language.
    static let ukrainian = """
        <!DOCTYPE html>
        <html lang="uk-UA"><head><meta charset="utf-8"><title>Бібліотека в Полтаві знову відчинена</title></head><body>
        <article><p>Після двох років ремонту міська бібліотека знову відчинила двері, і читачі прийшли вже зранку, \
        щоб подивитися на нові зали, світлі читальні та оновлений дитячий відділ.</p>
        <p>Діти отримали нові книжки й настільні ігри, а для старших читачів бібліотека відкрила курси, \
        де вчать користуватися електронним каталогом і читати книжки з телефона.</p>
        <p>Директорка бібліотеки каже, що тепер тут щосуботи будуть зустрічі з авторами, \
        а влітку у дворі працюватиме читальня просто неба, якщо дозволить погода.</p></article>
        </body></html>
        """

    /// A page with pictures and nothing to read.
    static let gallery = """
        <!DOCTYPE html>
        <html><head><title>Gallery</title></head><body><div><img src="one.jpg"><img src="two.jpg"></div></body></html>
        """

    func narrate(_ arguments: [String], in scratch: ScratchDirectory) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, environment: ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"])
    }

    /// `narrate show 1 --json`, parsed.
    func firstArticle(in scratch: ScratchDirectory) async throws -> [String: Any] {
        let show = try await narrate(["show", "1", "--json"], in: scratch)
        return try #require(try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as? [String: Any])
    }

    /// The line narrate prints for a page at `path` with nothing to read.
    func noArticleLine(_ path: String) -> String {
        "narrate: \(path): no readable article found (the page has only navigation, links or forms)"
    }

    @Test func extractPrintsTitleDetailsBlankLineAndText() async throws {
        let scratch = try ScratchDirectory()
        let run = try await narrate(["extract", try scratch.write("page.html", text: Self.article)], in: scratch)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        #expect(
            run.standardOutput == """
                Flood waters fall in the old town
                Olena Koval · Daily River · 2024-05-02T08:00:00Z · en

                \(Self.first)

                \(Self.second)

                \(Self.third)

                """)
    }

    @Test func extractJSONHasEveryKeyWithNullsForWhatThePageDoesNotSay() async throws {
        let scratch = try ScratchDirectory()
        let html = Self.article.replacingOccurrences(of: "<meta name=\"author\" content=\"Olena Koval\">", with: "")
            .replacingOccurrences(of: "<meta property=\"og:site_name\" content=\"Daily River\">", with: "")
            .replacingOccurrences(of: "<meta property=\"article:published_time\" content=\"2024-05-02T08:00:00Z\">", with: "")
        let run = try await narrate(["extract", try scratch.write("page.html", text: html), "--json"], in: scratch)
        #expect(run.status == 0, "\(run.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["title", "byline", "site", "language", "published", "excerpt", "url", "text"])
        #expect(object["title"] as? String == "Flood waters fall in the old town")
        #expect(object["language"] as? String == "en")
        #expect(object["excerpt"] as? String == Self.first)
        #expect(object["text"] as? String == [Self.first, Self.second, Self.third].joined(separator: "\n\n"))
        for key in ["byline", "site", "published", "url"] {
            #expect(object[key] is NSNull, "\(key): \(String(describing: object[key]))")
        }
    }

    @Test func extractOfAPageWithoutAnArticleFailsWithOneLine() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write("gallery.html", text: Self.gallery)
        let run = try await narrate(["extract", path], in: scratch)
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.errorLines == [noArticleLine(path)])
    }

    @Test func extractOfBinaryDataNamedHTMLFailsWithOneLine() async throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.write("image.html", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
        let run = try await narrate(["extract", path], in: scratch)
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.errorLines == ["narrate: \(path): binary data (NUL byte at offset 8); narrate reads text, Markdown and web pages"])
    }

    @Test func addedPageKeepsItsTitleAndDeclaredLanguage() async throws {
        let scratch = try ScratchDirectory()
        let add = try await narrate(["add", try scratch.write("page.html", text: Self.ukrainian)], in: scratch)
        #expect(add.status == 0, "\(add.standardError)")
        #expect(add.standardOutput == "added 1 Бібліотека в Полтаві знову відчинена\n")
        let object = try await firstArticle(in: scratch)
        #expect(object["title"] as? String == "Бібліотека в Полтаві знову відчинена")
        #expect(object["language"] as? String == "uk")
        #expect(object["format"] as? String == "html")
    }

    @Test func aPageDeclaredLanguageBeatsDetection() async throws {
        // English words in a page that says it is German: the declaration is what is stored.
        let scratch = try ScratchDirectory()
        let page = Self.article.replacingOccurrences(of: "<html lang=\"en-GB\">", with: "<html lang=\"de-AT\">")
        let add = try await narrate(["add", try scratch.write("page.html", text: page)], in: scratch)
        #expect(add.status == 0, "\(add.standardError)")
        let object = try await firstArticle(in: scratch)
        #expect(object["language"] as? String == "de")
    }

    @Test func aFolderImportReportsEachPageAndFailsAtTheEnd() async throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/saved", withIntermediateDirectories: false)
        try scratch.write("saved/a.html", text: Self.article)
        try scratch.write("saved/b.md", text: "# Rain notes\n\nIt rained all week in the river towns.\n")
        let broken = try scratch.write("saved/c.html", text: Self.gallery)
        let run = try await narrate(["add", "\(scratch.path)/saved"], in: scratch)
        #expect(run.status == 65)
        #expect(run.standardOutput == "added 1 Flood waters fall in the old town\nadded 2 Rain notes\n")
        #expect(run.errorLines == [noArticleLine(broken)])
        let list = try await narrate(["list", "--json"], in: scratch)
        let articles = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(articles.count == 2)
    }
}
