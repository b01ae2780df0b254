import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateLibrary
import NarrateTestSupport
import Synchronization
import Testing

@testable import NarrateServer

@Suite("Pages: readable without JavaScript, their files and the OpenAPI document served")
struct PageTests {
    @Test func theLibraryAndArticlePagesHoldTheTextEscaped() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText + "\n\nWhen a < b & c > d, \"quote\" it.", title: "Storms & <Tides>")
        try await fixture.test { client in
            let library = try await client.execute(uri: "/", method: .get)
            #expect(library.status == .ok)
            #expect(library.headers[.contentType] == "text/html; charset=utf-8")
            let listing = String(buffer: library.body)
            #expect(listing.contains("<a href=\"/articles/\(id)\" lang=\"en\">Storms &amp; &lt;Tides&gt;</a>"))
            #expect(listing.contains("<script src=\"/static/library.js\" defer></script>"))

            let page = String(buffer: try await client.execute(uri: "/articles/\(id)", method: .get).body)
            #expect(page.contains("<h1 class=\"title\">Storms &amp; &lt;Tides&gt;</h1>"))
            #expect(page.contains("<h2 data-block=\"0\">The weather station</h2>"))
            #expect(page.contains("<h3 data-block=\"2\">Readings</h3>"))
            #expect(
                page.contains("<p data-block=\"1\">The wind rose before dawn. Rain followed at seven, and the gauge filled by noon.</p>"))
            #expect(page.contains("When a &lt; b &amp; c &gt; d, &quot;quote&quot; it."))
            #expect(page.contains("<div id=\"player\" hidden></div>"))
        }
    }

    @Test func aFirstHeadingThatIsTheTitleIsThePagesHeading() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText, title: "The weather station")
        try await fixture.test { client in
            let page = String(buffer: try await client.execute(uri: "/articles/\(id)", method: .get).body)
            #expect(page.contains("<h1 class=\"title\" data-block=\"0\">The weather station</h1>"))
            #expect(page.components(separatedBy: "The weather station</h").count == 2)
        }
    }

    /// A Ukrainian article's page is in Ukrainian (screen readers, hyphenation), its way back
    /// and player in English; the library lists each title in its language.
    @Test func eachArticlesPageAndTitleIsInItsLanguage() async throws {
        let fixture = try ServerFixture()
        let english = try fixture.add(ServerFixture.sampleText, title: "The weather station")
        let ukrainian = try fixture.add("Вітер піднявся перед світанком. Дощ пішов о сьомій.", title: "Метеостанція", language: "uk")
        try await fixture.test { client in
            let page = String(buffer: try await client.execute(uri: "/articles/\(ukrainian)", method: .get).body)
            #expect(page.contains("<html lang=\"uk\">"))
            #expect(page.contains("<header class=\"top\" lang=\"en\"><a href=\"/\" class=\"back\">Library</a></header>"))
            #expect(page.contains("<div id=\"player\" lang=\"en\" hidden></div>"))
            let englishPage = String(buffer: try await client.execute(uri: "/articles/\(english)", method: .get).body)
            #expect(englishPage.contains("<html lang=\"en\">"))
            #expect(englishPage.contains("<header class=\"top\"><a href"))
            let listing = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(listing.contains("<html lang=\"en\">"))
            #expect(listing.contains("<a href=\"/articles/\(ukrainian)\" lang=\"uk\">Метеостанція</a>"))
            #expect(listing.contains("<a href=\"/articles/\(english)\" lang=\"en\">The weather station</a>"))
        }
    }

    /// Only a language tag HTML reads goes into `lang`.
    @Test(arguments: [("uk", "uk"), ("en-gb", "en-gb"), ("de", "de"), (nil, "en"), ("", "en"), ("x\" onload=\"y", "en")])
    func languageTags(_ code: String?, _ tag: String) {
        #expect(PageWriter.language(of: code) == tag)
    }

    @Test func servesItsScriptsStyleAndOpenAPIDocument() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for (file, type) in [("style.css", "text/css"), ("library.js", "text/javascript"), ("article.js", "text/javascript")] {
                let answer = try await client.execute(uri: "/static/\(file)", method: .get)
                #expect(answer.status == .ok, "\(file)")
                #expect(answer.headers[.contentType]?.hasPrefix(type) == true, "\(file): \(answer.headers[.contentType] ?? "")")
                #expect(answer.body.readableBytes > 500)
            }
            let document = try await client.execute(uri: "/openapi.json", method: .get)
            #expect(document.status == .ok)
            #expect(document.headers[.contentType]?.hasPrefix("application/json") == true)
            let openapi = jsonObject(document)
            #expect((openapi["openapi"] as? String)?.hasPrefix("3.1") == true)
            let paths = openapi["paths"] as? [String: Any] ?? [:]
            for path in [
                "/api/articles", "/api/articles/{id}", "/api/articles/{id}/position", "/api/articles/{id}/render",
                "/api/articles/{id}/renders/{renderId}/audio", "/api/facets", "/api/articles/{id}/tags", "/api/articles/{id}/shelf",
            ] {
                #expect(paths[path] != nil, "\(path) is not in the OpenAPI document")
            }
        }
    }
}
