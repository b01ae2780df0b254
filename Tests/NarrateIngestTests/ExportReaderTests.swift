import Foundation
import NarrateCore
import NarrateIngest
import Testing

/// Exports of read-later services and browsers, written for these tests in each one's shape
/// (odd characters in titles and tags, Cyrillic, quoted commas and line breaks), recognised
/// by content.
@Suite("Export reader")
struct ExportReaderTests {
    func read(_ text: String, path: String = "/tmp/export") throws -> (ExportReader.Format, [SavedLink]) {
        try ExportReader.read(Array(text.utf8), path: path)
    }

    @Test func pocketCSV() throws {
        let (format, links) = try read(
            #"""
            title,url,time_added,tags,status\#r
            "Keeper, the last one",https://coast.example/keeper,1709280000,sea|people,archive\#r
            "Він сказав ""так""",https://news.example/uk?id=1&x=2,1709366400,,unread\#r
            "A title
            over two lines",https://b.example/,1709366400,a|b|c,unread\#r
            no url here,,1709366400,,unread\#r

            """#)
        #expect(format == .pocketCSV)
        #expect(
            links == [
                SavedLink(
                    url: "https://coast.example/keeper", title: "Keeper, the last one", savedAt: "2024-03-01T08:00:00Z",
                    tags: ["sea", "people"], archived: true),
                SavedLink(url: "https://news.example/uk?id=1&x=2", title: "Він сказав \"так\"", savedAt: "2024-03-02T08:00:00Z"),
                SavedLink(
                    url: "https://b.example/", title: "A title\nover two lines", savedAt: "2024-03-02T08:00:00Z", tags: ["a", "b", "c"]),
            ])
    }

    /// A saved time that is no time (too large, infinite, not a number) is none, not a date
    /// in the year 506,713.
    @Test func timesBeyondTheCalendarAreNone() throws {
        let (_, links) = try read(
            """
            title,url,time_added,tags,status
            A,https://a.example/1,1e308,,unread
            B,https://a.example/2,inf,,unread
            C,https://a.example/3,nan,,unread
            D,https://a.example/4,253402300799,,unread

            """)
        #expect(links.map(\.savedAt) == [nil, nil, nil, "9999-12-31T23:59:59Z"])
    }

    @Test func pocketHTML() throws {
        let (format, links) = try read(
            """
            <!DOCTYPE html><html><head><title>Pocket Export</title></head><body>
            <h1>Unread</h1><ul>
            <li><a href="https://a.example/1" time_added="1709280000" tags="news,long read">First &amp; best</a></li>
            </ul>
            <h1>Read Archive</h1><ul>
            <li><a href="https://a.example/2" time_added="1709366400" tags="">Second</a></li>
            </ul></body></html>
            """)
        #expect(format == .pocketHTML)
        #expect(links.map(\.url) == ["https://a.example/1", "https://a.example/2"])
        #expect(links.map(\.archived) == [false, true])
        #expect(links[0].title == "First & best" && links[0].tags == ["news", "long read"])
    }

    @Test func instapaperCSV() throws {
        let (format, links) = try read(
            #"""
            URL,Title,Selection,Folder,Timestamp,Tags
            https://i.example/1,Щоденник,,Unread,1709280000,"[""history"",""uk""]"
            https://i.example/2,Read one,"a quote, with a comma",Archive,1709280001,[]
            https://i.example/3,Starred one,,Starred,1709280002,
            https://i.example/4,In a folder,,Essays,1709280003,
            """#)
        #expect(format == .instapaper)
        #expect(links.map(\.tags) == [["history", "uk"], [], ["starred"], ["Essays"]])
        #expect(links.map(\.archived) == [false, true, false, false])
        #expect(links[0].title == "Щоденник")
    }

    @Test func wallabagJSONCarriesTheContent() throws {
        let (format, links) = try read(
            """
            [{"is_archived": 1, "is_starred": 0, "tags": ["science", {"label": "long"}], "title": "Tides",
              "url": "https://w.example/tides", "content": "<p>The tide came in.</p>", "created_at": "2024-03-01T09:00:00+01:00",
              "language": "en", "reading_time": 3, "domain_name": "w.example"},
             {"is_archived": false, "tags": [], "title": "No content", "url": "https://w.example/2", "content": "", "reading_time": 0}]
            """)
        #expect(format == .wallabag)
        #expect(
            links[0]
                == SavedLink(
                    url: "https://w.example/tides", title: "Tides", savedAt: "2024-03-01T08:00:00Z", tags: ["science", "long"],
                    archived: true,
                    content: "<p>The tide came in.</p>", language: "en"
                ))
        #expect(links[1].content == nil && !links[1].archived)
    }

    @Test func omnivoreMetadataWithItsMarkdownBeside() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("omnivore-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: "\(folder)/content", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# Harbour\n\nBoats came in.\n".write(toFile: "\(folder)/content/harbour-1.md", atomically: true, encoding: .utf8)
        let metadata = """
            [{"id": "a1", "slug": "harbour-1", "title": "Harbour", "url": "https://o.example/harbour", "state": "Archived",
              "labels": ["sea", {"name": "boats"}], "savedAt": "2024-03-01T08:00:00.000Z"},
             {"id": "a2", "slug": "../escape", "title": "Elsewhere", "url": "https://o.example/2", "state": "SUCCEEDED", "labels": []}]
            """
        let (format, links) = try read(metadata, path: "\(folder)/metadata_0_to_2.json")
        #expect(format == .omnivore)
        #expect(try links[0].carriedContent() == "# Harbour\n\nBoats came in.")
        #expect(!links[0].contentIsHTML)
        #expect(links[0].archived && links[0].tags == ["sea", "boats"] && links[0].savedAt == "2024-03-01T08:00:00Z")
        #expect(!links[1].carriesContent && !links[1].archived)
    }

    @Test func browserBookmarksKeepTheirFoldersAsTags() throws {
        let (format, links) = try read(
            """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
            <TITLE>Bookmarks</TITLE><H1>Bookmarks</H1>
            <DL><p>
              <DT><H3 ADD_DATE="1709280000">Bookmarks bar</H3>
              <DL><p>
                <DT><A HREF="https://bm.example/1" ADD_DATE="1709280000" TAGS="later">One</A>
                <DT><H3>Читати</H3>
                <DL><p>
                  <DT><A HREF="https://bm.example/2" ADD_DATE="1709366400">Два</A>
                </DL><p>
              </DL><p>
              <DT><A HREF="javascript:void(0)">A bookmarklet</A>
              <DT><A HREF="https://bm.example/3">Three</A>
            </DL><p>
            """)
        #expect(format == .bookmarks)
        #expect(links.map(\.url) == ["https://bm.example/1", "https://bm.example/2", "https://bm.example/3"])
        #expect(links.map(\.tags) == [["later"], ["Читати"], []])
        #expect(links[1].savedAt == "2024-03-02T08:00:00Z")
    }

    @Test func aListOfURLs() throws {
        let (format, links) = try read("# saved\nhttps://u.example/1\n\nhttps://u.example/2\nhttps://u.example/1\n")
        #expect(format == .urlList)
        #expect(links.map(\.url) == ["https://u.example/1", "https://u.example/2"])
    }

    @Test(arguments: ["just some words\nand more", "{\"a\": 1}", "<html><body>hello</body></html>", "id;name\n1;x"])
    func anUnknownFormatNamesTheOnesNarrateReads(_ text: String) {
        do {
            _ = try read(text)
            Issue.record("read: \(text)")
        } catch {
            guard case .malformedInput(_, let message)? = error as? NarrateError else {
                Issue.record("\(error)")
                return
            }
            #expect(message.hasSuffix(ExportReader.knownFormats), "\(message)")
        }
    }
}
