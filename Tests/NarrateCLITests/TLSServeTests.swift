import Foundation
import NarrateTestSupport
import Testing

/// `narrate serve --tls-cert FILE --tls-key FILE`: HTTPS without a proxy, with a certificate
/// of a test authority (docs/listening.md's home set-up), as curl trusting it sees it.
@Suite(
    "narrate serve over HTTPS", .endToEnd,
    .enabled(if: TestCertificates.hasOpenSSL && Curl.isInstalled, "needs openssl and curl (scripts/install-dependencies --tests)")
)
struct TLSServeTests {
    let scratch: ScratchDirectory
    let library: String

    init() throws {
        scratch = try ScratchDirectory()
        library = "\(scratch.path)/library.sqlite"
    }

    @Test func theAppItsAPIAndItsFeedsAreServedOverHTTPS() async throws {
        let certificates = try await TestCertificates(in: scratch)
        #expect(try await NarrateBinary.run(["add", NarrateBinary.sample("en-news.txt"), "--library", library]).status == 0)
        let server = try await RunningServer(["--tls-cert", certificates.certificate, "--tls-key", certificates.key, "--library", library])
        #expect(server.base.hasPrefix("https://127.0.0.1:"), "\(server.banner)")
        #expect(server.banner.contains("Open https://127.0.0.1:"), "\(server.banner)")
        let page = try await Curl.get("\(server.base)/", trusting: certificates.authority)
        #expect(page.status == 200 && page.body.contains("rel=\"manifest\"") && page.body.contains("data-article-id"), "\(page)")
        let manifest = try await Curl.get("\(server.base)/manifest.webmanifest", trusting: certificates.authority)
        #expect(manifest.status == 200 && manifest.body.contains("\"standalone\""), "\(manifest)")
        let articles = try await Curl.get("\(server.base)/api/articles", trusting: certificates.authority)
        #expect(articles.status == 200 && articles.body.contains("\"title\""), "\(articles)")
        // Podcast apps are sent to the address they asked, over HTTPS.
        let feed = try await Curl.get("\(server.base)/feed.xml", trusting: certificates.authority)
        #expect(feed.status == 200 && feed.body.contains("<atom:link href=\"\(server.base)/feed.xml"), "\(feed.body.prefix(600))")
        // Plain HTTP to it gets no page.
        let plain = try await NarrateBinary.run(
            [
                "-sS", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code}",
                server.base.replacingOccurrences(of: "https:", with: "http:") + "/",
            ],
            executable: "/usr/bin/curl")
        #expect(plain.status != 0 && plain.standardOutput == "000", "\(plain.standardOutput) \(plain.standardError)")
        #expect(await server.stop() == 0)
    }

    /// A name of its own asks for the token; over HTTPS its cookie is sent only over HTTPS.
    @Test func byANameTheTokenIsAskedAndItsCookieIsSecure() async throws {
        let certificates = try await TestCertificates(in: scratch)
        let server = try await RunningServer([
            "--tls-cert", certificates.certificate, "--tls-key", certificates.key, "--allowed-host", "narrate.test", "--library", library,
        ])
        let port = try #require(server.base.split(separator: ":").last.map(String.init))
        let opened = try #require(server.banner.split(separator: "\n").first { $0.hasPrefix("Open https://") }, "\(server.banner)")
        let token = try #require(opened.split(separator: "token=").last?.split(separator: " ").first.map(String.init), "\(opened)")
        let byName = ["--resolve", "narrate.test:\(port):127.0.0.1"]
        let refused = try await Curl.get("https://narrate.test:\(port)/api/articles", trusting: certificates.authority, arguments: byName)
        #expect(refused.status == 401, "\(refused)")
        let welcomed = try await Curl.get(
            "https://narrate.test:\(port)/?token=\(token)", trusting: certificates.authority, arguments: byName + ["-i"])
        let cookie = try #require(
            welcomed.body.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie:") }, "\(welcomed.body.prefix(600))")
        #expect(cookie.contains("Secure") && cookie.contains("HttpOnly"), "\(cookie)")
        #expect(await server.stop() == 0)
    }

    /// In Chromium, by a name of its own: a secure context, so the service worker and install
    /// work (Tests/Browser/tls_test.py).
    @Test(.enabled(if: WebTools.hasBrowser, "needs chromium, chromium-driver and selenium: run scripts/install-dependencies --tests"))
    func inChromiumTheAppIsASecureContextWithItsServiceWorker() async throws {
        let certificates = try await TestCertificates(in: scratch)
        #expect(try await NarrateBinary.run(["add", NarrateBinary.sample("en-news.txt"), "--library", library]).status == 0)
        let server = try await RunningServer([
            "--tls-cert", certificates.certificate, "--tls-key", certificates.key, "--allowed-host", "narrate.test", "--library", library,
        ])
        let port = try #require(server.base.split(separator: ":").last.map(String.init))
        let opened = try #require(server.banner.split(separator: "\n").first { $0.hasPrefix("Open https://") }, "\(server.banner)")
        let token = try #require(opened.split(separator: "token=").last?.split(separator: " ").first.map(String.init), "\(opened)")
        let run = try await NarrateBinary.run(
            [
                "python3", "\(NarrateBinary.packageRoot)/Tests/Browser/tls_test.py", "--url", "https://narrate.test:\(port)", "--token",
                token,
                "--certificate", certificates.certificate, "--screenshots", WebTools.screenshots,
            ],
            executable: "/usr/bin/env"
        )
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(await server.stop() == 0)
    }

    /// A certificate or key that cannot serve is told in one line before anything listens.
    @Test func aMissingOrWrongCertificateIsToldBeforeItListens() async throws {
        let certificates = try await TestCertificates(in: scratch)
        let other = try await TestCertificates(in: scratch, name: "other")
        let notPEM = try scratch.write("notes.txt", text: "not a certificate\n")
        let cases: [(arguments: [String], status: Int32, says: String)] = [
            (["--tls-cert", certificates.certificate], 64, "--tls-cert and --tls-key go together"),
            (
                ["--tls-cert", certificates.certificate, "--tls-key", "\(scratch.path)/missing.key"], 66,
                "missing.key: no such private key file"
            ),
            (["--tls-cert", "\(scratch.path)/missing.pem", "--tls-key", certificates.key], 66, "missing.pem: no such certificate file"),
            (["--tls-cert", notPEM, "--tls-key", certificates.key], 65, "notes.txt: not a PEM certificate"),
            (["--tls-cert", certificates.certificate, "--tls-key", notPEM], 65, "notes.txt: not a PEM private key"),
            (["--tls-cert", certificates.certificate, "--tls-key", other.key], 65, "not the one of the certificate"),
        ]
        for (arguments, status, says) in cases {
            let run = try await NarrateBinary.run(["serve", "--port", "0", "--library", library] + arguments)
            #expect(run.status == status, "\(arguments): \(run.standardError)")
            #expect(run.standardError.contains(says), "\(arguments): \(run.standardError)")
            #expect(!run.standardOutput.contains("Open "), "\(arguments): \(run.standardOutput)")
            if status != 64 {
                #expect(run.standardError.split(separator: "\n").count == 1, "\(arguments): \(run.standardError)")
            }
        }
    }
}
