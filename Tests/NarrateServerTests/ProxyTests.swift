import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateLibrary
import NarrateServer
import NarrateTestSupport
import Testing

/// Behind a reverse proxy every request arrives from this machine: a server that asks no
/// token refuses what a proxy passes on, and one given its public address (`--public-url`)
/// asks every request for the token and links to that address, never to what a proxy's
/// headers claim.
@Suite("Behind a reverse proxy: the token whatever the peer, links to the public address")
struct ProxyTests {
    static let token = "proxy-token-0123456789"

    /// The headers Caddy, nginx and others add, each enough to tell a request was passed on.
    static let passedOn: [HTTPField.Name: String] = [
        HTTPField.Name("X-Forwarded-For")!: "203.0.113.7", HTTPField.Name("Forwarded")!: "for=203.0.113.7;proto=https",
        HTTPField.Name("X-Forwarded-Host")!: "narrate.example.org", HTTPField.Name("X-Forwarded-Proto")!: "https",
        HTTPField.Name("X-Real-IP")!: "203.0.113.7", HTTPField.Name("Via")!: "1.1 Caddy",
    ]

    /// The hole: a loopback server with a name allowed for its proxy used to answer anyone the
    /// proxy let in, without a token.
    @Test func withoutATokenWhatAProxyPassesOnIsRefusedBeforeAnyWork() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test(allowedHosts: ["narrate.example.org"]) { client in
            for (name, value) in Self.passedOn {
                for (method, uri) in [(HTTPRequest.Method.get, "/api/articles"), (.delete, "/api/articles/\(id)")] {
                    let refused = try await client.execute(uri: uri, method: method, headers: [name: value])
                    let message = errorMessage(refused, status: .forbidden)
                    #expect(message.contains("proxy") && message.contains("--public-url"), "\(name): \(message)")
                }
                // A feed's error is a line of text, as a podcast app shows it.
                let feed = try await client.execute(uri: "/feed.xml", method: .get, headers: [name: value])
                #expect(feed.status == .forbidden && String(buffer: feed.body).contains("--public-url"), "\(name)")
            }
            // As Caddy passes a request on: the listener's name, and who asked.
            let port = try #require(client.port)
            let proxied = try await onOwnThread {
                try RawConnection.exchange(
                    port: port, "GET", "/api/articles", headers: ["Host": "narrate.example.org", "X-Forwarded-For": "203.0.113.7"])
            }
            #expect(proxied.status == 403 && !proxied.body.contains("A test article"), "\(proxied.status) \(proxied.body.prefix(200))")
            // Straight from this machine, as before.
            #expect(try await client.execute(uri: "/api/articles", method: .get).status == .ok)
        }
        #expect(try fixture.library.articles.count() == 1)
    }

    @Test func behindAProxyEveryRequestNeedsTheTokenAndItsCookieIsHTTPSOnly() async throws {
        let fixture = try ServerFixture()
        try fixture.add(ServerFixture.sampleText)
        let address = try #require(PublicAddress("https://Narrate.Example.org/"))
        try await fixture.test(token: Self.token, allowedHosts: [address.host], publicAddress: address) { client in
            var headers: HTTPFields = [:]
            for (name, value) in Self.passedOn { headers[name] = value }
            let without = try await client.execute(uri: "/api/articles", method: .get, headers: headers)
            _ = errorMessage(without, status: .unauthorized)
            headers[.authorization] = "Bearer \(Self.token)"
            #expect(try await client.execute(uri: "/api/articles", method: .get, headers: headers).status == .ok)
            // From this machine too: behind a proxy, loopback tells nothing.
            _ = errorMessage(try await client.execute(uri: "/api/articles", method: .get), status: .unauthorized)
            let opened = try await client.execute(uri: "/?token=\(Self.token)", method: .get)
            #expect(opened.status == .seeOther)
            let cookie = try #require(opened.headers[.setCookie])
            #expect(cookie.contains("narrate_token=\(Self.token)") && cookie.contains("; Secure"), "\(cookie)")
        }
    }

    /// nginx's bare `proxy_pass` rewrites `Host` to the address it passes requests on to: a
    /// page of the public address still changes the library; another site still does not.
    @Test func aPageOfThePublicAddressChangesTheLibraryWhateverHostTheProxyGives() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        let address = try #require(PublicAddress("https://narrate.example.org:443"))
        try await fixture.test(token: Self.token, allowedHosts: [address.host], publicAddress: address) { client in
            let token: HTTPFields = [.authorization: "Bearer \(Self.token)"]
            var evil = token
            evil[.origin] = "https://evil.example"
            _ = errorMessage(try await client.execute(uri: "/api/articles/\(id)", method: .delete, headers: evil), status: .forbidden)
            var own = token
            own[.origin] = "https://narrate.example.org"
            #expect(try await client.execute(uri: "/api/articles/\(id)", method: .delete, headers: own).status == .noContent)
        }
        #expect(try fixture.library.articles.count() == 0)
    }

    /// Only the manifest and one icon name are open; nothing else under or beside them is.
    @Test func onlyTheManifestAndTheIconsAreServedWithoutTheToken() async throws {
        let fixture = try ServerFixture()
        try fixture.add(ServerFixture.sampleText)
        try await fixture.test(token: Self.token) { client in
            #expect(try await client.execute(uri: "/manifest.webmanifest", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/icons/192.png", method: .get).status == .ok)
            for uri in [
                "/manifest.webmanifestx", "/icons/", "/icons/../api/articles", "/icons/x/../../api/articles", "/icons/%2e%2e/api/articles",
            ] {
                let answer = try await client.execute(uri: uri, method: .get)
                #expect([.unauthorized, .badRequest].contains(answer.status), "\(uri): \(answer.status)")
                #expect(!String(buffer: answer.body).contains("A test article"), "\(uri)")
            }
        }
    }

    @Test func feedsLinkToThePublicAddressAndNeverToWhatAProxysHeadersClaim() async throws {
        let fixture = try ServerFixture()
        try fixture.add(ServerFixture.sampleText)
        let address = try #require(PublicAddress("https://narrate.example.org"))
        let secret = "feed-secret-0123456789"
        try await fixture.test(token: Self.token, feedSecret: secret, allowedHosts: [address.host], publicAddress: address) { client in
            let feed = try await client.execute(uri: "/podcast/\(secret)/feed.xml", method: .get)
            #expect(feed.status == .ok)
            let xml = String(buffer: feed.body)
            #expect(xml.contains("https://narrate.example.org/podcast/\(secret)/feed.xml"), "\(xml.prefix(600))")
            #expect(!xml.contains("http://localhost") && !xml.contains("http://127.0.0.1"), "\(xml.prefix(600))")
        }
        // A server reached directly: a forged X-Forwarded-Proto or Host of a proxy changes nothing.
        try await fixture.test(token: Self.token, feedSecret: secret) { client in
            let feed = try await client.execute(
                uri: "/podcast/\(secret)/feed.xml", method: .get, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            #expect(feed.status == .ok)
            let xml = String(buffer: feed.body)
            #expect(xml.contains("http://localhost") || xml.contains("http://127.0.0.1"), "\(xml.prefix(600))")
            #expect(!xml.contains("https://localhost") && !xml.contains("https://127.0.0.1"), "\(xml.prefix(600))")
        }
    }

    @Test func thePublicAddressIsAnHTTPAddressAtTheRootOfAHost() throws {
        let secure = try #require(PublicAddress("https://Narrate.Example.org/"))
        #expect(secure.base == "https://narrate.example.org" && secure.host == "narrate.example.org" && secure.isSecure)
        let plain = try #require(PublicAddress("http://nas.home:8443"))
        #expect(plain.base == "http://nas.home:8443" && !plain.isSecure)
        #expect(PublicAddress("https://[2001:db8::1]:8443")?.base == "https://[2001:db8::1]:8443")
        for bad in [
            "narrate.example.org", "ftp://narrate.example.org", "https://", "https://narrate.example.org/narrate",
            "https://user:pass@narrate.example.org", "https://narrate.example.org/?a=b", "https://narrate.example.org/#top", "",
        ] {
            #expect(PublicAddress(bad) == nil, "\(bad)")
            let problem = try #require(PublicAddress.problem(with: bad), "\(bad)")
            #expect(problem.contains("`\(bad)`"), "\(problem)")
        }
        let settings = ServerSettings(location: .init(databasePath: "/tmp/x.sqlite"), token: "t", publicAddress: secure)
        #expect(settings.urls(port: 8080, includingToken: true) == ["https://narrate.example.org/?token=t"])
        #expect(settings.urls(port: 8080, includingToken: false) == ["https://narrate.example.org/"])
    }
}
