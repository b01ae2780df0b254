import Foundation
import NarratePostgresCluster
import NarrateTestSupport
import Testing

/// What the browser and API tests need: Debian's chromium and chromium-driver, and the
/// Python packages scripts/install-dependencies --tests installs.
enum WebTools {
    static func python(_ code: String) async -> String? {
        guard let outcome = try? await NarrateBinary.run(["-c", code], executable: "/usr/bin/env", environment: [:]) else { return nil }
        return outcome.status == 0 ? outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    static let hasBrowser: Bool =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
        && (try? NarrateBinary.runSynchronously(["python3", "-c", "import selenium"], executable: "/usr/bin/env").status) == 0

    /// schemathesis's `st`, where pip put it.
    static let schemathesis: String? = {
        guard
            let outcome = try? NarrateBinary.runSynchronously(
                ["python3", "-c", "import schemathesis, sysconfig; print(sysconfig.get_path('scripts'))"], executable: "/usr/bin/env"
            ), outcome.status == 0
        else { return nil }
        let path = outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) + "/st"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Runs Tests/Browser/`script` (one that starts `narrate serve` itself) with this build's
    /// narrate, `library`, a free port and the screenshots folder, then `arguments`; expects
    /// it to pass, showing what it printed when it does not.
    static func runScript(_ script: String, library: String, arguments: [String]) async throws {
        let run = try await NarrateBinary.run(
            [
                "python3", "\(NarrateBinary.packageRoot)/Tests/Browser/\(script)", "--narrate", NarrateBinary.path, "--library", library,
                "--port", "\(try PostgresCluster.freePort())", "--screenshots", screenshots,
            ] + arguments,
            executable: "/usr/bin/env"
        )
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    }

    /// Where the browser test leaves its screenshots for a person to look at:
    /// `$NARRATE_SCREENSHOTS`, else `.build/screenshots`.
    static var screenshots: String {
        ProcessInfo.processInfo.environment["NARRATE_SCREENSHOTS"] ?? "\(NarrateBinary.packageRoot)/.build/screenshots"
    }
}

@Suite("The web player in a real browser (headless Chromium, Selenium)", .endToEnd, .serialized)
struct BrowserTests {
    @Test(.enabled(if: WebTools.hasBrowser, "needs chromium, chromium-driver and selenium: run scripts/install-dependencies --tests"))
    func highlightsStartsFromAClickedWordResumesAndFitsAPhone() async throws {
        let scratch = try ScratchDirectory()
        let library = "\(scratch.path)/library.sqlite"
        // Article 1 rendered before the page opens; article 2 (35 minutes) not: played while it
        // renders; article 3 in Ukrainian, for the pages' languages.
        let added = try await NarrateBinary.run(
            [
                "add", "--library", library, NarrateBinary.sample("en-field-notes.md"), NarrateBinary.sample("en-long.txt"),
                NarrateBinary.sample("uk-news.txt"),
            ]
        )
        #expect(added.status == 0)
        let server = try await RunningServer(["--library", library])
        // The library page keeps no article downloaded by itself: it would ask for article 2's
        // render, which this test plays while it is made (offline_test.py checks downloads).
        let keepNone = try await HTTPExchange.send(
            "PUT", "\(server.base)/api/offline", headers: ["Content-Type": "application/json"], body: #"{"keepDownloaded": 0}"#)
        #expect(keepNone.status == 200)
        // Rendered first (by the server's worker), so the page has audio at once: in Opus,
        // which Chromium asks for, and in MP3 and WAV to compare it with.
        for format in ["opus", "mp3", "wav"] { try await server.render(article: 1, formats: format) }
        try FileManager.default.createDirectory(atPath: WebTools.screenshots, withIntermediateDirectories: true)
        let run = try await NarrateBinary.run(
            [
                "python3", "\(NarrateBinary.packageRoot)/Tests/Browser/player_test.py", "--url", server.base, "--article", "1",
                "--unrendered-article", "2", "--other-language-article", "3", "--narrate", NarrateBinary.path, "--library", library,
                "--screenshots", WebTools.screenshots,
            ],
            executable: "/usr/bin/env"
        )
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        for file in ["library-1440.png", "library-360.png", "article-other-language-1440.png", "article-1440.png", "article-360.png"] {
            #expect(FileManager.default.fileExists(atPath: "\(WebTools.screenshots)/\(file)"), "no \(file)")
        }
        #expect(await server.stop() == 0)
    }
}

@Suite("A DNS-rebinding page in a real browser (headless Chromium, Selenium)", .endToEnd, .serialized)
struct RebindingBrowserTests {
    /// A page at another name that resolves to 127.0.0.1 cannot read or change the library;
    /// 127.0.0.1 and localhost still can.
    @Test(.enabled(if: WebTools.hasBrowser, "needs chromium, chromium-driver and selenium: run scripts/install-dependencies --tests"))
    func aPageAtAnotherNameCannotReachTheLibrary() async throws {
        let scratch = try ScratchDirectory()
        let library = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(["add", "--library", library, NarrateBinary.sample("en-field-notes.md")])
        #expect(added.status == 0)
        let server = try await RunningServer(["--library", library])
        try FileManager.default.createDirectory(atPath: WebTools.screenshots, withIntermediateDirectories: true)
        let run = try await NarrateBinary.run(
            [
                "python3", "\(NarrateBinary.packageRoot)/Tests/Browser/rebinding_test.py", "--url", server.base, "--article", "1",
                "--narrate", NarrateBinary.path, "--library", library, "--screenshots", WebTools.screenshots,
            ],
            executable: "/usr/bin/env"
        )
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("ok: the library is unchanged"))
        #expect(await server.stop() == 0)
    }
}

@Suite("The API against its OpenAPI document (schemathesis)", .endToEnd, .serialized)
struct OpenAPIConformanceTests {
    @Test(.enabled(if: WebTools.schemathesis != nil, "needs schemathesis: run scripts/install-dependencies --tests"))
    func everyResponseMatchesTheDocumentAndNoneIs5xx() async throws {
        let scratch = try ScratchDirectory()
        let library = "\(scratch.path)/library.sqlite"
        // Article 1 with render 1, the document's examples.
        #expect(try await NarrateBinary.run(["add", "--library", library, NarrateBinary.sample("en-news.txt")]).status == 0)
        let server = try await RunningServer(["--library", library])
        _ = try await HTTPExchange.send("POST", "\(server.base)/api/articles/1/render")
        let deadline = Date().addingTimeInterval(600)
        while Date() < deadline,
            try await HTTPExchange.send("GET", "\(server.base)/api/articles/1/render").json["state"] as? String != "done"
        {
            await pause(0.2)
        }
        // A bounded number of examples, a fixed seed: the same requests each run.
        let run = try await NarrateBinary.run(
            [
                "\(NarrateBinary.packageRoot)/Sources/NarrateServer/Public/openapi.json", "--url", server.base,
                "--checks",
                "not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance",
                "--max-examples", "25", "--seed", "20261125", "--generation-database", "none", "--workers", "1", "--request-timeout", "30",
                "--no-color",
            ].reduce(into: ["run"]) { $0.append($1) },
            executable: WebTools.schemathesis!, directory: scratch.path
        )
        #expect(run.status == 0, "\(run.standardOutput.suffix(6_000))\(run.standardError.suffix(2_000))")
        #expect(await server.stop() == 0)
    }
}

@Suite("Offline listening in a real browser (headless Chromium, Selenium)", .endToEnd, .serialized)
struct OfflineBrowserTests {
    /// Tests/Browser/offline_test.py: the service worker, downloads kept by hand and by the
    /// library, playing with the network cut off, and the offline position delivered after.
    @Test(.enabled(if: WebTools.hasBrowser, "needs chromium, chromium-driver and selenium: run scripts/install-dependencies --tests"))
    func downloadedArticlesPlayOfflineAndTheirPositionsComeBack() async throws {
        let scratch = try ScratchDirectory()
        let library = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(
            [
                "add", "--library", library, NarrateBinary.sample("en-field-notes.md"), NarrateBinary.sample("en-news.txt"),
                NarrateBinary.sample("uk-news.txt"),
            ]
        )
        #expect(added.status == 0, "\(added.standardError)")
        // The library's order of unfinished articles: the first two are rendered (in Opus, as
        // Chromium asks), the third is not.
        let server = try await RunningServer(["--library", library])
        let listed = try await HTTPExchange.send("GET", "\(server.base)/api/articles?progress=unfinished").json
        let ids = try #require((listed["articles"] as? [[String: Any]])?.compactMap { $0["id"] as? Int }, "\(listed)")
        try #require(ids.count == 3, "\(listed)")
        for id in ids.prefix(2) { try await server.render(article: id, formats: "opus,mp3") }
        #expect(await server.stop() == 0)
        try await WebTools.runScript(
            "offline_test.py", library: library, arguments: ["--first", "\(ids[0])", "--second", "\(ids[1])", "--third", "\(ids[2])"])
        for file in ["offline-library-360.png", "offline-article-1440.png"] {
            #expect(FileManager.default.fileExists(atPath: "\(WebTools.screenshots)/\(file)"), "no \(file)")
        }
    }
}

@Suite("Share to narrate in a real browser (headless Chromium, Selenium)", .endToEnd, .serialized)
struct ShareBrowserTests {
    /// Tests/Browser/share_test.py: the share target, a link from another site, the bookmarklet.
    @Test(.enabled(if: WebTools.hasBrowser, "needs chromium, chromium-driver and selenium: run scripts/install-dependencies --tests"))
    func theShareSheetALinkAndTheBookmarkletAddAPage() async throws {
        let scratch = try ScratchDirectory()
        try await WebTools.runScript(
            "share_test.py", library: "\(scratch.path)/library.sqlite", arguments: ["--site-port", "\(try PostgresCluster.freePort())"])
        #expect(FileManager.default.fileExists(atPath: "\(WebTools.screenshots)/share-from-another-site-1440.png"))
    }
}

@Suite("The up-next queue in a real browser (headless Chromium, Selenium)", .endToEnd, .serialized)
struct UpNextBrowserTests {
    /// Tests/Browser/queue_test.py: queued on the library page, two articles played one after
    /// the other without a click, the track buttons moving in the queue.
    @Test(.enabled(if: WebTools.hasBrowser, "needs chromium, chromium-driver and selenium: run scripts/install-dependencies --tests"))
    func theQueuePlaysTwoArticlesOneAfterTheOther() async throws {
        let scratch = try ScratchDirectory()
        let library = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(
            ["add", "--library", library, NarrateBinary.sample("en-news.txt"), NarrateBinary.sample("uk-news.txt")])
        #expect(added.status == 0, "\(added.standardError)")
        let server = try await RunningServer(["--library", library])
        for id in [1, 2] { try await server.render(article: id, formats: "opus,mp3") }
        #expect(await server.stop() == 0)
        try await WebTools.runScript("queue_test.py", library: library, arguments: ["--first", "1", "--second", "2"])
        #expect(FileManager.default.fileExists(atPath: "\(WebTools.screenshots)/up-next-library-1440.png"))
    }
}
