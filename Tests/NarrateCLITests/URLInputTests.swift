import Foundation
import NarrateTestSupport
import Testing

/// `narrate add URL` and `narrate extract URL` against a server on 127.0.0.1 that each test
/// starts (Tests/Support/test_server.py).
@Suite("Articles fetched by URL", .endToEnd)
struct URLInputTests {
    func narrate(_ arguments: [String], in scratch: ScratchDirectory) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, environment: ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"])
    }

    func withServer(_ body: (TestServer) async throws -> Void) async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        try await body(server)
    }

    @Test func addingAURLStoresTheArticleAndTheAddressAfterRedirects() async throws {
        try await withServer { server in
            let scratch = try ScratchDirectory()
            let added = try await narrate(["add", server.url("/moved-article"), "--tag", "sea"], in: scratch)
            #expect(added.status == 0, "\(added.standardError)")
            #expect(added.standardOutput == "added 1 The Last Keeper\n")
            let show = try await narrate(["show", "1", "--json"], in: scratch)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as? [String: Any])
            #expect(object["sourceURL"] as? String == server.url("/article.html"))
            #expect(object["language"] as? String == "en")
            #expect(object["title"] as? String == "The Last Keeper")
            let text = object["text"] as? String ?? ""
            #expect(text.contains("wound the clockwork"))
            #expect(!text.contains("Subscribe") && !text.contains("Sport") && !text.contains("Copyright"))
            // The same page again is the same article.
            let again = try await narrate(["add", server.url("/article.html")], in: scratch)
            #expect(again.standardOutput == "exists 1 The Last Keeper\n")
        }
    }

    @Test func extractingAURLGivesTheArticleAndItsMetadata() async throws {
        try await withServer { server in
            let run = try await NarrateBinary.run(["extract", server.url("/article.html"), "--json"])
            #expect(run.status == 0, "\(run.standardError)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            #expect(object["title"] as? String == "The Last Keeper")
            #expect(object["byline"] as? String == "Mary Lane")
            #expect(object["site"] as? String == "Coast Weekly")
            #expect(object["language"] as? String == "en")
            #expect(object["published"] as? String == "2026-03-01T08:00:00Z")
            #expect(object["url"] as? String == server.url("/article.html"))
            let paragraphs = (object["text"] as? String ?? "").components(separatedBy: "\n\n")
            #expect(paragraphs.count == 6)
            #expect(paragraphs.first?.hasPrefix("The lighthouse keeper climbed") == true)
        }
    }

    @Test func aPageInWindows1251NamedOnlyInTheHeaderReadsRight() async throws {
        try await withServer { server in
            let run = try await NarrateBinary.run(["extract", server.url("/ukrainian.html")])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.hasPrefix("Останній доглядач\n"))
            #expect(run.standardOutput.contains("Доглядач маяка щовечора підіймався"))
        }
    }

    @Test(arguments: [
        ("/missing", 69, "cannot fetch: HTTP 404 Not Found"),
        ("/clip.mp4", 65, "is video/mp4, not a web page, text, an EPUB or a PDF"),
        ("/menu-only.html", 65, "no readable article found"),
        ("/loop", 69, "cannot fetch: redirect loop"),
    ])
    func aURLThatGivesNoArticleIsOneClearLine(path: String, status: Int32, message: String) async throws {
        try await withServer { server in
            let scratch = try ScratchDirectory()
            let run = try await narrate(["add", server.url(path)], in: scratch)
            #expect(run.status == status)
            #expect(run.errorLines.count == 1, "\(run.standardError)")
            #expect(run.standardError.contains(message), "\(run.standardError)")
            #expect(run.standardOutput.isEmpty)
        }
    }

    @Test func oneBadURLAmongSeveralDoesNotStopTheOthers() async throws {
        try await withServer { server in
            let scratch = try ScratchDirectory()
            let run = try await narrate(["add", server.url("/missing"), server.url("/article.html")], in: scratch)
            #expect(run.status == 69)
            #expect(run.standardOutput == "added 1 The Last Keeper\n")
            #expect(run.errorLines.count == 1)
        }
    }

    @Test func aServerThatIsNotThereIsOneClearLine() async throws {
        // A port that nothing listens on: the server is started and stopped first.
        let server = try await TestServer.start()
        let address = server.url("/article.html")
        server.stop()
        let run = try await NarrateBinary.run(["extract", address])
        #expect(run.status == 69)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("cannot fetch: could not connect"), "\(run.standardError)")
    }
}
