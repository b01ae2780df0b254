import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateTestSupport
import Testing

/// What offline listening needs of the server: the library's "keep the next N unfinished
/// downloaded", and the service worker at the root of the site.
@Suite("The JSON API: offline listening")
struct OfflineAPITests {
    @Test func howManyToKeepDownloadedIsTheLibrarysChoice() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let standard = jsonObject(try await client.execute(uri: "/api/offline", method: .get))
            #expect(standard["keepDownloaded"] as? Int == 3)
            let changed = try await client.execute(uri: "/api/offline", method: .put, body: body(#"{"keepDownloaded": 5}"#))
            #expect(changed.status == .ok)
            #expect(jsonObject(changed)["keepDownloaded"] as? Int == 5)
            #expect(jsonObject(try await client.execute(uri: "/api/offline", method: .get))["keepDownloaded"] as? Int == 5)
        }
        // Every device, and the next run of the server, sees it.
        #expect(try OfflineListening.load(from: fixture.library).keepDownloaded == 5)
    }

    @Test(arguments: [#"{"keepDownloaded": -1}"#, #"{"keepDownloaded": 51}"#, #"{"keepDownloaded": "3"}"#, #"{}"#, "[3]"])
    func aChoiceOutOfRangeOrMalformedIsRefusedAndNothingChanges(_ sent: String) async throws {
        let fixture = try ServerFixture()
        try OfflineListening(keepDownloaded: 2).save(to: fixture.library)
        try await fixture.test { client in
            let refused = try await client.execute(uri: "/api/offline", method: .put, body: body(sent))
            let message = errorMessage(refused, status: .badRequest)
            if sent.contains("-1") || sent.contains("51") { #expect(message.contains("from 0 to 50"), "\(message)") }
        }
        #expect(try OfflineListening.load(from: fixture.library).keepDownloaded == 2)
    }

    @Test func aValueKeptOutOfRangeReadsAsTheDefault() throws {
        let fixture = try ServerFixture()
        try fixture.library.settings.set("offline.keepDownloaded", to: "900")
        #expect(try OfflineListening.load(from: fixture.library).keepDownloaded == OfflineListening.defaultKeepDownloaded)
        #expect(throws: NarrateError.self) { try OfflineListening(keepDownloaded: 51) }
    }

    @Test func theServiceWorkerIsServedAtTheRootAndChecksForUpdates() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let worker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(worker.headers[.cacheControl] == "no-cache")
            #expect(String(buffer: worker.body).contains("addEventListener(\"fetch\""))
            // Every page loads the script that registers it.
            let page = try await client.execute(uri: "/", method: .get)
            #expect(String(buffer: page.body).contains("<script src=\"/static/offline.js\" defer></script>"))
        }
    }
}

/// The share page: where the share sheet and the bookmarklet land.
@Suite("The share page")
struct SharePageTests {
    @Test func itShowsWhatWasSharedAndAddsItByItselfOnlyWhenNoOtherSiteSentTheListener() async throws {
        let fixture = try ServerFixture()
        try await fixture.test(token: "secret-token") { client in
            let shared = "/share?title=Rain+%26+%3Cwind%3E&text=Rain+https%3A%2F%2Fnews.example%2Frain&url="
            // Opened from another site (the bookmarklet): no token cookie comes, the page still opens, and waits for a click.
            let fromAnotherSite = try await client.execute(uri: shared, method: .get, headers: [.init("Sec-Fetch-Site")!: "cross-site"])
            #expect(fromAnotherSite.status == .ok)
            let page = String(buffer: fromAnotherSite.body)
            #expect(page.contains("data-kind=\"link\" data-url=\"https://news.example/rain\" data-title=\"Rain &amp; &lt;wind&gt;\""))
            #expect(page.contains("data-automatic=\"false\"") && !page.contains("<wind>"))
            #expect(page.contains("<script src=\"/static/share.js\" defer></script>"))
            // From the share sheet (the browser's own navigation): it adds by itself.
            for site in ["none", "same-origin"] {
                let sheet = try await client.execute(uri: shared, method: .get, headers: [.init("Sec-Fetch-Site")!: site])
                #expect(String(buffer: sheet.body).contains("data-automatic=\"true\""))
            }
            // Nothing to add.
            let nothing = try await client.execute(uri: "/share?title=Only+a+title", method: .get)
            #expect(nothing.status == .badRequest && String(buffer: nothing.body).contains("Nothing to add"))
            // The rest of the library still asks for the token.
            #expect(try await client.execute(uri: "/share/more", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/api/articles", method: .get).status == .unauthorized)
        }
    }

    @Test func theManifestOffersTheSharePageToTheShareSheet() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let manifest = jsonObject(try await client.execute(uri: "/manifest.webmanifest", method: .get))
            let target = manifest["share_target"] as? [String: Any]
            #expect(target?["action"] as? String == "/share" && target?["method"] as? String == "GET")
            #expect(target?["params"] as? [String: String] == ["title": "title", "text": "text", "url": "url"])
        }
    }
}
