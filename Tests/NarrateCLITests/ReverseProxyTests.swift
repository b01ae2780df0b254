import Foundation
import NarratePostgresCluster
import NarrateTestSupport
import Testing

/// `narrate serve` behind Caddy, the reverse proxy with automatic HTTPS that Debian ships
/// (docs/listening.md's set-up): Caddy's own certificate authority (`tls internal`) stands
/// for Let's Encrypt, and curl trusts it as a phone trusts a real one.
private let hasCaddy = FileManager.default.isExecutableFile(atPath: "/usr/bin/caddy") && Curl.isInstalled

@Suite("Behind Caddy over HTTPS", .endToEnd, .enabled(if: hasCaddy, "needs caddy and curl (scripts/install-dependencies --tests)"))
struct ReverseProxyTests {
    let scratch: ScratchDirectory
    /// The ports Caddy listens on (HTTPS) and narrate behind it.
    let proxyPort: Int
    let narratePort: Int

    init() throws {
        scratch = try ScratchDirectory()
        proxyPort = try PostgresCluster.freePort()
        narratePort = try PostgresCluster.freePort()
    }

    /// Caddy in front of narrate's port, its certificates and CA in the scratch folder; started
    /// and answering.
    func startCaddy() async throws -> Process {
        let caddyfile = try scratch.write(
            "Caddyfile",
            text: """
                {
                    admin off
                    auto_https disable_redirects
                    skip_install_trust
                    storage file_system \(scratch.path)/caddy
                }
                https://localhost:\(proxyPort) {
                    tls internal
                    reverse_proxy 127.0.0.1:\(narratePort)
                }

                """)
        let environment = ["HOME": scratch.path, "XDG_DATA_HOME": "\(scratch.path)/data", "XDG_CONFIG_HOME": "\(scratch.path)/config"]
        let caddy = try await NarrateBinary.start(
            ["run", "--config", caddyfile, "--adapter", "caddyfile"], executable: "/usr/bin/caddy", environment: environment,
            standardError: try FileHandle(forWritingTo: URL(fileURLWithPath: try scratch.write("caddy.log", text: ""))))
        let answering = await poll(every: 0.1, for: 30) { !caddy.isRunning || FileManager.default.fileExists(atPath: rootCertificate) }
        let log = (try? String(contentsOfFile: "\(scratch.path)/caddy.log", encoding: .utf8)) ?? ""
        try #require(answering && caddy.isRunning, "caddy did not start: \(log)")
        // Its certificate for localhost is made just after the authority's.
        _ = await poll(every: 0.1, for: 30) { FileManager.default.fileExists(atPath: "\(scratch.path)/caddy/certificates") }
        return caddy
    }

    var rootCertificate: String { "\(scratch.path)/caddy/pki/authorities/local/root.crt" }

    /// GET `path` through Caddy with curl, trusting Caddy's authority: the status and the body.
    func get(_ path: String, headers: [String] = []) async throws -> (status: Int, body: String) {
        try await Curl.get("https://localhost:\(proxyPort)\(path)", trusting: rootCertificate, headers: headers)
    }

    @Test func overHTTPSEveryRequestNeedsTheTokenAndFeedsLinkToThePublicAddress() async throws {
        let library = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(["add", NarrateBinary.sample("en-news.txt"), "--library", library])
        #expect(added.status == 0, "\(added.standardError)")
        let caddy = try await startCaddy()
        defer { caddy.terminate() }
        let publicURL = "https://localhost:\(proxyPort)"
        let server = try await RunningServer(["--port", "\(narratePort)", "--public-url", publicURL, "--library", library])
        let opened = try #require(
            server.banner.split(separator: "\n").first { $0.hasPrefix("Open \(publicURL)/?token=") }, "\(server.banner)")
        let token = String(opened.split(separator: "=")[1].split(separator: " ")[0])
        #expect(try await get("/api/articles").status == 401)
        let listed = try await get("/api/articles", headers: ["Authorization: Bearer \(token)"])
        #expect(listed.status == 200 && listed.body.contains("\"title\""), "\(listed)")
        // The private feed's address was printed with the public address, and its links are there.
        let feedLine = try #require(server.banner.split(separator: "\n").first { $0.contains("/podcast/") }, "\(server.banner)")
        let feedURL = try #require(feedLine.split(separator: " ").last.map(String.init))
        #expect(feedURL.hasPrefix("\(publicURL)/podcast/"))
        let feed = try await get(String(feedURL.dropFirst(publicURL.count)))
        #expect(feed.status == 200 && feed.body.contains("<atom:link href=\"\(feedURL)"), "\(feed.body.prefix(800))")
        #expect(!feed.body.contains("127.0.0.1"))
        #expect(await server.stop() == 0)
    }

    /// The test that would have let a stranger in: a server on loopback, which asks no token,
    /// behind a proxy that anyone may reach.
    @Test func aServerThatAsksNoTokenRefusesWhatTheProxyPassesOn() async throws {
        let library = "\(scratch.path)/library.sqlite"
        #expect(try await NarrateBinary.run(["add", NarrateBinary.sample("en-news.txt"), "--library", library]).status == 0)
        let caddy = try await startCaddy()
        defer { caddy.terminate() }
        let server = try await RunningServer(["--port", "\(narratePort)", "--library", library])
        let refused = try await get("/api/articles")
        #expect(refused.status == 403 && refused.body.contains("--public-url") && !refused.body.contains("\"title\""), "\(refused)")
        #expect(try await get("/feed.xml").status == 403)
        // Straight from this machine it answers, as before.
        #expect(try await HTTPExchange.send("GET", "\(server.base)/api/articles").status == 200)
        #expect(await server.stop() == 0)
    }
}
