import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateLibrary
import NarrateServer
import NarrateTerminal
import NarrateTestSupport
import Synchronization
import Testing

@Suite("Access: the token beyond this machine, and no cross-site changes")
struct AccessTests {
    static let token = "test-token-0123456789"

    @Test func withoutTheRightTokenEveryRequestIs401() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test(token: Self.token) { client in
            for uri in ["/api/articles", "/api/articles/\(id)", "/openapi.json"] {
                let missing = try await client.execute(uri: uri, method: .get)
                #expect(errorMessage(missing, status: .unauthorized).contains("token"))
                #expect(missing.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                let wrong = try await client.execute(uri: uri, method: .get, headers: [.authorization: "Bearer nope"])
                _ = errorMessage(wrong, status: .unauthorized)
            }
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .unauthorized)
            #expect(page.headers[.contentType]?.hasPrefix("text/plain") == true)
            let wrongQuery = try await client.execute(uri: "/api/articles?token=nope", method: .get)
            _ = errorMessage(wrongQuery, status: .unauthorized)
            let delete = try await client.execute(uri: "/api/articles/\(id)", method: .delete)
            _ = errorMessage(delete, status: .unauthorized)
        }
        #expect(try fixture.library.articles.count() == 1)
    }

    @Test func theTokenIsTakenFromTheHeaderTheCookieOrTheAddressOnce() async throws {
        let fixture = try ServerFixture()
        try fixture.add(ServerFixture.sampleText)
        try await fixture.test(token: Self.token) { client in
            let bearer = try await client.execute(uri: "/api/articles", method: .get, headers: [.authorization: "Bearer \(Self.token)"])
            #expect(bearer.status == .ok)
            let cookie = try await client.execute(
                uri: "/api/articles", method: .get, headers: [.cookie: "a=b; narrate_token=\(Self.token)"])
            #expect(cookie.status == .ok)
            // The printed address: the cookie is set and the page reloaded without the token.
            let opened = try await client.execute(uri: "/?token=\(Self.token)&x=1", method: .get)
            #expect(opened.status == .seeOther)
            #expect(opened.headers[.location] == "/?x=1")
            let setCookie = opened.headers[.setCookie] ?? ""
            #expect(setCookie.hasPrefix("narrate_token=\(Self.token);"))
            #expect(setCookie.contains("HttpOnly"))
            #expect(setCookie.contains("SameSite=Strict"))
            let api = try await client.execute(uri: "/api/articles?token=\(Self.token)", method: .get)
            #expect(api.status == .ok)
        }
    }

    @Test func changesFromAnotherSiteAreRefused() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            let position = #"{"sentence": 1, "listenedAt": 1764064900}"#
            let foreign = try await client.execute(
                uri: "/api/articles/\(id)/position", method: .put, headers: [.origin: "http://evil.example"], body: body(position)
            )
            #expect(errorMessage(foreign, status: .forbidden).contains("evil.example"))
            let fetchMetadata = try await client.execute(
                uri: "/api/articles/\(id)", method: .delete, headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            )
            _ = errorMessage(fetchMetadata, status: .forbidden)
            let nullOrigin = try await client.execute(
                uri: "/api/articles", method: .post, headers: [.origin: "null"], body: body(#"{"text": "Hello there."}"#)
            )
            _ = errorMessage(nullOrigin, status: .forbidden)
            // Reading is not a change: allowed.
            let read = try await client.execute(uri: "/api/articles/\(id)", method: .get, headers: [.origin: "http://evil.example"])
            #expect(read.status == .ok)
            // A client that is no browser sends neither header.
            let plain = try await client.execute(uri: "/api/articles/\(id)/position", method: .put, body: body(position))
            #expect(plain.status == .ok)
        }
        #expect(try fixture.library.articles.count() == 1)
        #expect(try fixture.library.positions.position(ofArticle: id)?.sentence == 1)
    }

    @Test func aTokenIsMadeOnceKeptAndReplacedOnRequest() throws {
        let fixture = try ServerFixture()
        let (first, created) = try ServerToken.obtain(library: fixture.library, replace: false)
        #expect(created)
        #expect(first.count == 43)
        let (again, createdAgain) = try ServerToken.obtain(library: fixture.library, replace: false)
        #expect(again == first)
        #expect(!createdAgain)
        let (replaced, _) = try ServerToken.obtain(library: fixture.library, replace: true)
        #expect(replaced != first)
        #expect(try ServerToken.obtain(library: fixture.library, replace: false).token == replaced)
    }

    @Test func loopbackAddressesNeedNoToken() {
        #expect(ServerSettings.isLoopback("127.0.0.1"))
        #expect(ServerSettings.isLoopback("::1"))
        #expect(ServerSettings.isLoopback("localhost"))
        #expect(!ServerSettings.isLoopback("0.0.0.0"))
        #expect(!ServerSettings.isLoopback("192.168.1.20"))
        #expect(!ServerSettings.isLoopback("::"))
    }

    @Test func onEveryNetworkTheAddressesPrintedAreThisMachinesNotZero() {
        let everywhere = ServerSettings(host: "0.0.0.0", port: 0, location: LibraryLocation(databasePath: "/tmp/x.sqlite"), token: "t")
        let urls = everywhere.urls(port: 8080, includingToken: true)
        #expect(!urls.isEmpty)
        #expect(urls.allSatisfy { $0.hasSuffix(":8080/?token=t") })
        if !ServerSettings.interfaceAddresses().isEmpty {
            #expect(urls.allSatisfy { !$0.contains("0.0.0.0") && !$0.contains("127.0.0.1") })
        }
        let here = ServerSettings(host: "::1", port: 0, location: LibraryLocation(databasePath: "/tmp/x.sqlite"))
        #expect(here.urls(port: 80, includingToken: true) == ["http://[::1]:80/"])
    }

    @Test func aQRCodeIsDrawnForTheAddress() throws {
        let lines = try #require(TerminalQRCode.lines(for: "http://192.168.1.20:8080/?token=abc"))
        // Version 3 (29 modules) with a quiet zone of 2 on each side, two modules a line.
        #expect(lines.count == 17)
        #expect(lines.allSatisfy { $0.count == 33 })
    }
}
