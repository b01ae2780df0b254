import Foundation
import NarrateTestSupport
import Testing

/// `narrate import` of a Pocket export whose links are served from 127.0.0.1 by the test's
/// own server: saved times, tags and read state kept; dead links and pages without an
/// article reported; the same import again fetches nothing.
@Suite("Import of read-later exports")
struct ImportCommandTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory()
    }

    func narrate(_ arguments: [String]) throws -> NarrateBinary.Outcome {
        try NarrateBinary.run(arguments, environment: ["NARRATE_LIBRARY": "\(scratch.path)/lib/library.sqlite"])
    }

    @Test func aPocketExportIsImportedOnceWithItsTagsTimesAndReadState() throws {
        let server = try TestServer.start()
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
        let run = try narrate(["import", path, "--tag", "pocket", "--jobs", "4"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("\(path): Pocket (CSV), 5 links\n"), "\(run.standardError)")
        let output = run.standardOutput
        #expect(output.hasPrefix("imported 5 links: 2 added (1 marked finished), 1 already in the library, 1 dead, 1 without an article\n"), "\(output)")
        #expect(output.contains("  dead link: \(server.url("/missing")): HTTP 404 Not Found\n"))
        #expect(output.contains("  no article: \(server.url("/menu-only.html")): "))

        let list = try narrate(["list", "--json"])
        let articles = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        let keeper = try #require(articles.first { ($0["title"] as? String) == "The Last Keeper" })
        #expect(Set(keeper["tags"] as? [String] ?? []) == ["sea", "ліхтар", "pocket"])
        #expect(keeper["savedAt"] as? String == "2024-03-01T08:00:00Z")
        let id = try #require(keeper["id"] as? Int)
        let position = try narrate(["position", String(id), "--json"])
        let state = try #require(try JSONSerialization.jsonObject(with: Data(position.standardOutput.utf8)) as? [String: Any])
        #expect(state["finished"] as? Bool == true, "\(position.standardOutput)")

        // Again: nothing fetched, nothing added; the dead link is not tried again.
        let again = try narrate(["import", path])
        #expect(again.status == 0)
        #expect(again.standardOutput == "imported 5 links: 0 added, 5 skipped (in the library, or dead before)\n", "\(again.standardOutput)")
    }

    @Test func jsonEventsAndBadFiles() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let list = try scratch.write("urls.txt", text: "\(server.url("/article.html"))\n")
        let run = try narrate(["import", list, "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        let events = run.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(events.first?["event"] as? String == "note")
        #expect(events.contains { $0["event"] as? String == "added" && $0["title"] as? String == "The Last Keeper" })
        #expect(events.last?["event"] as? String == "summary" && events.last?["added"] as? Int == 1)

        let unknown = try scratch.write("notes.txt", text: "not a list\nof links\n")
        let refused = try narrate(["import", unknown])
        #expect(refused.status == 65)
        #expect(refused.standardError.split(separator: "\n").count == 1)
        #expect(refused.standardError.contains("narrate reads exports of Pocket (CSV or HTML), Instapaper (CSV)"))
        let missing = try narrate(["import", "\(scratch.path)/nowhere.csv"])
        #expect(missing.status == 66)
    }
}
