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
