import Foundation
import NarrateTestSupport
import Testing

/// `narrate import` of a Pocket export whose links are served from 127.0.0.1 by the test's
/// own server: saved times, tags and read state kept; dead links and pages without an
/// article reported; the same import again fetches nothing.
@Suite("Import of read-later exports", .endToEnd)
struct ImportCommandTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory()
    }

    func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, environment: ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"])
    }

    @Test func aPocketExportIsImportedOnceWithItsTagsTimesAndReadState() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let export = """
            title,url,time_added,tags,status
            "The Last Keeper, saved",\(server.url("/article.html")),1709280000,sea|Ліхтар,archive
            Останній доглядач,\(server.url("/ukrainian.html")),1709366400,,unread
            Gone,\(server.url("/missing")),1709366400,,unread
            Menus,\(server.url("/menu-only.html")),1709366400,,unread
            Moved,\(server.url("/moved-article")),1709366400,,unread

            """
        let path = try scratch.write("pocket.csv", text: export)
        let run = try await narrate(["import", path, "--tag", "pocket", "--jobs", "4"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("\(path): Pocket (CSV), 5 links\n"), "\(run.standardError)")
        let output = run.standardOutput
        #expect(
            output.hasPrefix(
                "imported 5 links: 2 added (1 marked finished and archived), 1 already in the library, 1 dead, 1 without an article\n"),
            "\(output)")
        #expect(output.contains("  dead link: \(server.url("/missing")): HTTP 404 Not Found\n"))
        #expect(output.contains("  no article: \(server.url("/menu-only.html")): "))

        // Archived in Pocket: in narrate's archive, not the library's list.
        let list = try await narrate(["list", "--json"])
        #expect(!list.standardOutput.contains("The Last Keeper") && list.standardOutput.contains("Останній доглядач"))
        let archive = try await narrate(["list", "--archived", "--json"])
        let articles = try #require(try JSONSerialization.jsonObject(with: Data(archive.standardOutput.utf8)) as? [[String: Any]])
        let keeper = try #require(articles.first { ($0["title"] as? String) == "The Last Keeper" })
        #expect(Set(keeper["tags"] as? [String] ?? []) == ["sea", "ліхтар", "pocket"])
        #expect(keeper["savedAt"] as? String == "2024-03-01T08:00:00Z")
        let id = try #require(keeper["id"] as? Int)
        let position = try await narrate(["position", String(id), "--json"])
        let state = try #require(try JSONSerialization.jsonObject(with: Data(position.standardOutput.utf8)) as? [String: Any])
        #expect(state["finished"] as? Bool == true, "\(position.standardOutput)")

        // Again: nothing fetched, nothing added; the dead link is not tried again.
        let again = try await narrate(["import", path])
        #expect(again.status == 0)
        #expect(
            again.standardOutput == "imported 5 links: 0 added, 5 skipped (in the library, or dead before)\n", "\(again.standardOutput)")
    }

    @Test func ctrlCStopsAtOnceAndTheSameImportGoesOnWithoutFetchingAgain() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        // One at a time, in order: two articles, then two links whose server never answers.
        let list = try scratch.write(
            "urls.txt",
            text: [
                server.url("/article.html"), server.url("/ukrainian.html"), server.url("/never?import=1"), server.url("/never?import=2"),
            ].joined(separator: "\n") + "\n")
        let output = Pipe()
        let events = PipeReader(output.fileHandleForReading)
        let process = try await NarrateBinary.start(
            ["import", list, "--jobs", "1", "--timeout", "600", "--json"],
            environment: ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"], standardOutput: output
        )
        try output.fileHandleForWriting.close()
        await NarrateBinary.waitUntilCatching(SIGINT, process)
        // Ctrl-C once the silent link is in flight.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, try await server.requestCounts()["/never?import=1"] == nil {
            await pause(0.05)
        }
        let pressed = Date()
        kill(process.processIdentifier, SIGINT)
        await process.exited()
        // The server would hold the request for 60 s and the timeout is 600 s: the stop did
        // not wait for either.
        #expect(Date().timeIntervalSince(pressed) < 30)
        #expect(process.terminationStatus == 130)
        let lines = String(decoding: await events.value(), as: UTF8.self).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.filter { $0["event"] as? String == "added" }.count == 2)
        #expect(!lines.contains { $0["event"] as? String == "problem" }, "\(lines)")
        let summary = try #require(lines.last)
        #expect(summary["event"] as? String == "summary" && summary["stopped"] as? Bool == true && summary["added"] as? Int == 2)

        // Again: the two articles are skipped without a request; the silent links are tried
        // again (they were not recorded as failed) and time out this time.
        let again = try await narrate(["import", list, "--jobs", "1", "--timeout", "1"])
        #expect(again.status == 75, "\(again.standardError)")
        #expect(
            again.standardOutput.hasPrefix("imported 4 links: 0 added, 2 skipped (in the library, or dead before), 2 failed"),
            "\(again.standardOutput)")
        // The test server counts a request when its thread has read it, which a loaded
        // machine may do after narrate gave up on it.
        var counts = try await server.requestCounts()
        let counted = Date().addingTimeInterval(30)
        while counts["/never?import=2"] == nil, Date() < counted {
            await pause(0.05)
            counts = try await server.requestCounts()
        }
        #expect(counts["/article.html"] == 1 && counts["/ukrainian.html"] == 1, "\(counts)")
        #expect(counts["/never?import=1"] == 2 && counts["/never?import=2"] == 1, "\(counts)")
        let list2 = try await narrate(["list", "--json"])
        let articles = try JSONSerialization.jsonObject(with: Data(list2.standardOutput.utf8)) as? [[String: Any]]
        #expect(articles?.count == 2)
    }

    @Test func anOmnivoreZipBringsItsArticlesWithoutFetchingThem() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let folder = "\(scratch.path)/omnivore"
        try FileManager.default.createDirectory(atPath: "\(folder)/content", withIntermediateDirectories: true)
        let metadata: [[String: Any]] = [
            [
                "id": "1", "slug": "harbour-a1", "title": "Harbour", "url": server.url("/gone-harbour"), "state": "Archived",
                "labels": ["sea", "Ліхтар"], "savedAt": "2024-03-01T08:00:00.000Z",
            ],
            ["id": "2", "slug": "rivers-b2", "title": "Ріки", "url": server.url("/gone-rivers"), "state": "SUCCEEDED", "labels": []],
            ["id": "3", "slug": "keeper-c3", "title": "Keeper", "url": server.url("/article.html"), "state": "SUCCEEDED", "labels": []],
        ]
        try JSONSerialization.data(withJSONObject: metadata).write(to: URL(fileURLWithPath: "\(folder)/metadata_0_to_2.json"))
        try "# Harbour\n\nThe boats came in before the storm, one by one, and the harbour master counted them.\n"
            .write(toFile: "\(folder)/content/harbour-a1.md", atomically: true, encoding: .utf8)
        try "# Ріки\n\nУсі ріки течуть до моря, але море не переповнюється, і вода повертається знову.\n"
            .write(toFile: "\(folder)/content/rivers-b2.md", atomically: true, encoding: .utf8)
        let zip = "\(scratch.path)/Omnivore export.zip"
        let pack = Process()
        pack.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        pack.arguments = [
            "python3", "-c", "import shutil, sys; shutil.make_archive(sys.argv[1], 'zip', sys.argv[2])", String(zip.dropLast(4)), folder,
        ]
        try await DescriptorGate.launch(pack)
        await pack.exited()
        try #require(pack.terminationStatus == 0)

        let run = try await narrate(["import", zip])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("\(zip): Omnivore (zip), 3 links\n"), "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("imported 3 links: 3 added (1 marked finished and archived)"), "\(run.standardOutput)")
        // The two with their Markdown in the zip were not fetched (their addresses are 404s).
        let counts = try await server.requestCounts()
        #expect(counts["/gone-harbour"] == nil && counts["/gone-rivers"] == nil && counts["/article.html"] == 1, "\(counts)")
        var articles: [[String: Any]] = []
        for shelf in [[], ["--archived"]] {
            let list = try await narrate(["list", "--json"] + shelf)
            articles += try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        }
        #expect(articles.count == 3)
        let harbour = try #require(articles.first { ($0["title"] as? String) == "Harbour" })
        #expect(Set(harbour["tags"] as? [String] ?? []) == ["sea", "ліхтар"])
        #expect(
            articles.contains { ($0["title"] as? String) == "Ріки" && ($0["language"] as? String)?.hasPrefix("uk") == true }, "\(articles)")
    }

    @Test func jsonEventsAndBadFiles() async throws {
        let server = try await TestServer.start()
        defer { server.stop() }
        let list = try scratch.write("urls.txt", text: "\(server.url("/article.html"))\n")
        let run = try await narrate(["import", list, "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let events = run.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.first?["event"] as? String == "note")
        #expect(events.contains { $0["event"] as? String == "added" && $0["title"] as? String == "The Last Keeper" })
        #expect(events.last?["event"] as? String == "summary" && events.last?["added"] as? Int == 1)

        let unknown = try scratch.write("notes.txt", text: "not a list\nof links\n")
        let refused = try await narrate(["import", unknown])
        #expect(refused.status == 65)
        #expect(refused.standardError.split(separator: "\n").count == 1)
        #expect(refused.standardError.contains("narrate reads exports of Pocket (CSV or HTML), Instapaper (CSV)"))
        let missing = try await narrate(["import", "\(scratch.path)/nowhere.csv"])
        #expect(missing.status == 66)
    }

    /// Without the library that reads a format (libcsv, libarchive, libxml2: opened on first
    /// use), reading it is one line naming the library and the Debian package, exit 69, and
    /// nothing is added or subscribed.
    @Test(.enabled(if: DurabilityTests.compiler != nil, "needs a C compiler to build the preload library"))
    func aMissingReaderLibraryIsOneLineNamingItsPackage() async throws {
        let compiler = try #require(DurabilityTests.compiler)
        let source = try scratch.write(
            "nolibs.c",
            text: """
                #define _GNU_SOURCE
                #include <dlfcn.h>
                #include <string.h>
                void *dlopen(const char *name, int flags) {
                    if (name != NULL && (strstr(name, "libcsv") || strstr(name, "libarchive") || strstr(name, "libxml2"))) return NULL;
                    void *(*real)(const char *, int) = (void *(*)(const char *, int)) dlsym(RTLD_NEXT, "dlopen");
                    return real(name, flags);
                }
                """)
        let library = "\(scratch.path)/nolibs.so"
        let build = Process()
        build.executableURL = URL(fileURLWithPath: compiler)
        build.arguments = ["-shared", "-fPIC", "-o", library, source, "-ldl"]
        try await DescriptorGate.launch(build)
        await build.exited()
        try #require(build.terminationStatus == 0)
        let environment = ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite", "LD_PRELOAD": library]
        let pocket = try scratch.write("pocket.csv", text: "title,url,time_added,tags,status\nA,https://a.example/,1709280000,,unread\n")
        let zip = try scratch.write("export.zip", text: "PK\u{3}\u{4}")
        let opml = try scratch.write(
            "feeds.opml", text: "<opml version=\"2.0\"><body><outline xmlUrl=\"https://a.example/feed\"/></body></opml>")
        let expected = [
            (["import", pocket], "cannot read CSV exports: libcsv (libcsv.so.3) cannot be loaded; install Debian's libcsv3"),
            (["import", zip], "cannot read zip exports: libarchive (libarchive13) cannot be loaded; install Debian's libarchive13"),
            (["subscribe", "--opml", opml], "cannot read OPML: libxml2 (libxml2.so.2) cannot be loaded; install Debian's libxml2"),
        ]
        for (arguments, line) in expected {
            let run = try await NarrateBinary.run(arguments, environment: environment)
            #expect(run.status == 69, "\(arguments): \(run.standardError)")
            #expect(run.standardError == "narrate: \(line)\n", "\(arguments)")
        }
        for listing in [["list", "--json"], ["feeds", "--json"]] {
            let run = try await narrate(listing)
            let entries = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [Any]
            #expect(entries?.isEmpty == true, "\(listing): \(run.standardOutput)")
        }
    }
}
