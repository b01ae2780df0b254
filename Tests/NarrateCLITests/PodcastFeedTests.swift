import Foundation
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateRendering
import NarrateTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the podcast feed tests need: feedparser, webvtt-py and srt (scripts/install-dependencies --tests).
enum FeedTools {
    static let available: Bool =
        (try? NarrateBinary.runSynchronously(["python3", "-c", "import feedparser, webvtt, srt"], executable: "/usr/bin/env").status) == 0

    /// `Tests/Feeds/feed_check.py` on the feed at `url`: its report (the channel's and items'
    /// values, and the problems found).
    static func check(_ url: String, apple: Bool = true, staticServer: Bool = false) async throws -> (report: [String: Any], output: String)
    {
        let run = try await NarrateBinary.run(
            ["python3", "\(NarrateBinary.packageRoot)/Tests/Feeds/feed_check.py", "--feed", url] + (apple ? ["--apple"] : [])
                + (staticServer ? ["--static"] : []),
            executable: "/usr/bin/env"
        )
        let report = (try? JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))) as? [String: Any] ?? [:]
        return (report, run.standardOutput + run.standardError)
    }
}

/// A library with articles and `narrate serve` over it, rendering ahead quickly.
final class FeedServer {
    let scratch: ScratchDirectory
    let libraryPath: String
    var server: RunningServer?

    init() throws {
        scratch = try ScratchDirectory()
        libraryPath = "\(scratch.path)/library.sqlite"
    }

    /// `narrate ARGUMENTS --library PATH`.
    @discardableResult
    func narrate(_ arguments: [String], input: String? = nil) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments + ["--library", libraryPath], input: input.map { Data($0.utf8) })
    }

    func start(_ arguments: [String] = []) async throws -> RunningServer {
        let server = try await RunningServer(["--library", libraryPath] + arguments, environment: ["NARRATE_FEED_REFRESH": "0.5"])
        self.server = server
        return server
    }

    /// The feed at `path`, fetched until it holds `count` episodes (its episodes are rendered
    /// ahead once it is fetched); its body.
    func waitForEpisodes(_ path: String, count: Int, headers: [String: String] = [:]) async throws -> String {
        let deadline = Date().addingTimeInterval(600)
        var body = ""
        while Date() < deadline {
            let answer = try await HTTPExchange.send("GET", "\(try #require(server).base)\(path)", headers: headers)
            body = String(decoding: answer.body, as: UTF8.self)
            if body.components(separatedBy: "<item>").count - 1 >= count { return body }
            await pause(0.3)
        }
        Issue.record("the feed \(path) never had \(count) episodes: \(body.prefix(2_000))")
        return body
    }

    /// The library's article `id` as `narrate show --json` gives it.
    func article(_ id: Int) async throws -> [String: Any] {
        let shown = try await narrate(["show", String(id), "--json"])
        return (try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8))) as? [String: Any] ?? [:]
    }
}

@Suite("Podcast feeds as podcast apps read them", .endToEnd, .serialized)
struct PodcastFeedTests {
    static let hostileTitle = "Tom & Jerry <b>bold</b> 🎧 Привіт \u{1}\u{7} \"quoted\" ]]> end"

    @Test(.enabled(if: FeedTools.available, "needs feedparser, webvtt-py and srt: run scripts/install-dependencies --tests"))
    func everyFieldMatchesTheLibraryAndAppleRequirements() async throws {
        let fixture = try FeedServer()
        #expect(
            try await fixture.narrate(["add", NarrateBinary.sample("en-news.txt"), NarrateBinary.sample("uk-news.txt"), "--tag", "news"])
                .status
                == 0)
        #expect(
            try await fixture.narrate(
                ["add", "-", "--title", Self.hostileTitle],
                input: "# Heading one\n\nA short story about cats. It rained.\n\n## Two\n\nThe end came soon.\n"
            ).status == 0)
        let server = try await fixture.start()
        // Fetched once: followed, so its episodes are rendered ahead; it shows them once made.
        let first = try await HTTPExchange.send("GET", "\(server.base)/feed.xml")
        #expect(first.status == 200)
        #expect(first.headers["content-type"] == "application/rss+xml; charset=utf-8")
        // An episode appears once its audio exists: none yet.
        #expect(!String(decoding: first.body, as: UTF8.self).contains("<item>"))
        _ = try await fixture.waitForEpisodes("/feed.xml", count: 3)

        let (report, output) = try await FeedTools.check("\(server.base)/feed.xml")
        #expect((report["problems"] as? [String]) == [], "\(output.prefix(3_000))")
        let items = try #require(report["items"] as? [[String: Any]])
        #expect(items.count == 3)
        let channel = try #require(report["channel"] as? [String: Any])
        #expect(channel["title"] as? String == "narrate")
        #expect(channel["language"] as? String == "en")

        let library = try ArticleLibrary(location: LibraryLocation(databasePath: fixture.libraryPath))
        var guids: [String: String] = [:]
        for id in 1...3 {
            let article = try await fixture.article(id)
            let hash = try #require(article["contentHash"] as? String)
            let item = try #require(
                items.first { ($0["guid"] as? String) == "narrate-article-" + hash.prefix(32) }, "no item for article \(id)")
            guids[hash] = item["guid"] as? String
            let title = try #require(article["title"] as? String)
            // Control characters cannot stand in XML: left out, the rest as it was.
            #expect(item["title"] as? String == title.filter { !$0.unicodeScalars.allSatisfy { $0.value < 0x20 } })
            let savedText = article["savedAt"] as? String ?? ""
            let savedAt = try #require(ISO8601DateFormatter().date(from: savedText))
            #expect(item["published"] as? Double == savedAt.timeIntervalSince1970)

            // The enclosure: its exact length, and audio as long as the feed says.
            let enclosure = try #require(item["enclosure"] as? [String: String])
            #expect(enclosure["type"] == "audio/mpeg")
            let audio = try await HTTPExchange.send("GET", try #require(enclosure["url"]))
            #expect(String(audio.body.count) == enclosure["length"])
            let file = "\(fixture.scratch.path)/episode-\(id).mp3"
            try audio.body.write(to: URL(fileURLWithPath: file))
            let decoded = try Self.decodedSeconds(file)
            let durationText = item["duration"] as? String ?? ""
            let duration = try #require(Double(durationText))
            #expect(abs(decoded - duration) <= 0.5, "article \(id): decoded \(decoded) s, the feed says \(duration)")

            // Chapters and transcripts are the render's timings.
            let render = try #require(try library.renders.renders(ofArticle: Int64(id)).first { $0.format == "mp3" })
            #expect(abs(decoded - render.duration) <= 0.5)
            let stored = try library.articles.article(id: Int64(id))
            let sentences = stored.sentences(try library.articles.sentences(ofArticle: Int64(id)))
            let samples = try library.renders.sentenceSamples(ofRender: render.id)
            let syncMap = SyncMap(sentences: sentences, samples: samples, sampleRate: render.sampleRate)
            let transcripts = try #require(item["transcripts"] as? [[String: Any]])
            let srt = try #require(transcripts.first { $0["type"] as? String == "application/x-subrip" }?["cues"] as? [[Any]])
            #expect(srt.count == syncMap.fragments.count)
            for (cue, fragment) in zip(srt, syncMap.fragments) {
                #expect(abs((cue[0] as? Double ?? -1) - fragment.begin) < 0.001)
                #expect(abs((cue[1] as? Double ?? -1) - fragment.end) < 0.001)
                #expect(cue[2] as? String == fragment.text)
            }
            let chapters = ChapterList(document: stored.document, sentences: sentences, samples: samples, sampleRate: render.sampleRate)
            let served = try #require((item["chapters"] as? [String: Any])?["chapters"] as? [[String: Any]])
            #expect(served.map { $0["title"] as? String } == chapters.chapters.map(\.title))
            #expect(served.count >= (id == 3 ? 2 : 1))
        }
        #expect(Set(guids.values).count == 3)

        // The same guids after a restart, and after a new render replaces an enclosure.
        #expect(await server.stop() == 0)
        let again = try await fixture.start()
        #expect(try await fixture.narrate(["render", "1", "--format", "mp3", "--rate", "220"]).status == 0)
        let (rerendered, _) = try await FeedTools.check("\(again.base)/feed.xml")
        let newItems = try #require(rerendered["items"] as? [[String: Any]])
        #expect(Set(newItems.compactMap { $0["guid"] as? String }) == Set(guids.values))
        let firstHash = try await #require(try fixture.article(1)["contentHash"] as? String)
        let replaced = try #require(newItems.first { $0["guid"] as? String == guids[firstHash] })
        let oldURL = try #require(items.first { $0["guid"] as? String == guids[firstHash] }?["enclosure"] as? [String: String])["url"]
        #expect((replaced["enclosure"] as? [String: String])?["url"] != oldURL, "the new render is the enclosure")
        await #expect(again.stop() == 0)
    }

    @Test(.enabled(if: FeedTools.available, "needs feedparser, webvtt-py and srt: run scripts/install-dependencies --tests"))
    func tagUnfinishedSearchAndOpusFeedsHoldTheirArticles() async throws {
        let fixture = try FeedServer()
        #expect(
            try await fixture.narrate(
                ["add", "-", "--title", "Rain in Lviv", "--tag", "weather"], input: "It rained in Lviv all week. The river rose.\n"
            ).status == 0)
        #expect(
            try await fixture.narrate(
                ["add", "-", "--title", "Harvest", "--tag", "farm"], input: "The harvest came early this year. Apples were sweet.\n"
            ).status == 0)
        #expect(
            try await fixture.narrate(["add", "-", "--title", "Old news"], input: "This one was heard to the end. Nothing else.\n").status
                == 0)
        #expect(try await fixture.narrate(["position", "3", "--finished"]).status == 0)
        let server = try await fixture.start()
        let tag = try await fixture.waitForEpisodes("/feeds/tag/weather.xml", count: 1)
        #expect(tag.contains("<title>narrate: weather</title>") && tag.contains("Rain in Lviv") && !tag.contains("Harvest"))
        let unfinished = try await fixture.waitForEpisodes("/feeds/unfinished.xml", count: 2)
        #expect(unfinished.contains("Rain in Lviv") && unfinished.contains("Harvest") && !unfinished.contains("Old news"))
        let search = try await fixture.waitForEpisodes("/feeds/search/apples%20sweet.xml", count: 1)
        #expect(search.contains("Harvest") && !search.contains("Rain in Lviv"))
        let opus = try await fixture.waitForEpisodes("/feed.xml?format=opus", count: 3)
        #expect(opus.contains("type=\"audio/ogg; codecs=opus\"") && opus.contains(".opus\""))
        let (report, output) = try await FeedTools.check("\(server.base)/feed.xml?format=opus", apple: false)
        #expect((report["problems"] as? [String]) == [], "\(output.prefix(3_000))")
        // Heard to the end now: it leaves the unfinished feed at once.
        #expect(try await fixture.narrate(["position", "2", "--finished"]).status == 0)
        let after = String(decoding: try await HTTPExchange.send("GET", "\(server.base)/feeds/unfinished.xml").body, as: UTF8.self)
        #expect(after.contains("Rain in Lviv") && !after.contains("Harvest"))
        // A tag given while the server runs: its episodes join the tag's feed.
        #expect(try await fixture.narrate(["tag", "2", "+weather"]).status == 0)
        let retagged = try await fixture.waitForEpisodes("/feeds/tag/weather.xml", count: 2)
        #expect(retagged.contains("Harvest"))
        for bad in ["/feed.xml?format=wav", "/feed.xml?limit=0", "/feeds/tag/.xml", "/feeds/tag/news.txt"] {
            let answer = try await HTTPExchange.send("GET", server.base + bad)
            #expect([400, 404].contains(answer.status), "\(bad): \(answer.status)")
        }
        #expect(await server.stop() == 0)
    }

    /// A podcast app's way of fetching: HEAD, ranges, conditional GETs, a slow client and
    /// clients that leave mid-download.
    @Test func aPodcastClientsWayOfFetching() async throws {
        let fixture = try FeedServer()
        #expect(try await fixture.narrate(["add", NarrateBinary.sample("en-news.txt")]).status == 0)
        let server = try await fixture.start()
        let feed = try await fixture.waitForEpisodes("/feed.xml", count: 1)
        let url = try #require(Self.attribute("url", of: "enclosure", in: feed))
        let lengthText = Self.attribute("length", of: "enclosure", in: feed) ?? ""
        let length = try #require(Int(lengthText))

        let head = try await HTTPExchange.send("HEAD", url)
        #expect(head.status == 200 && head.headers["content-length"] == String(length) && head.headers["accept-ranges"] == "bytes")
        #expect(head.headers["content-type"] == "audio/mpeg")
        // A HEAD with a range is answered as a HEAD (RFC 9110 14.2): the whole length.
        #expect(try await HTTPExchange.send("HEAD", url, headers: ["Range": "bytes=0-99"]).headers["content-length"] == String(length))
        let whole = try await HTTPExchange.send("GET", url).body
        #expect(whole.count == length)
        for (lower, upper) in [(0, 1), (1_000, 65_535), (length - 100, length - 1)] {
            let part = try await HTTPExchange.send("GET", url, headers: ["Range": "bytes=\(lower)-\(upper)"])
            #expect(part.status == 206 && part.body == whole[lower...upper])
            #expect(part.headers["content-range"] == "bytes \(lower)-\(upper)/\(length)")
        }
        #expect(try await HTTPExchange.send("GET", url, headers: ["Range": "bytes=-500"]).body == whole.suffix(500))
        #expect(try await HTTPExchange.send("GET", url, headers: ["Range": "bytes=\(length)-"]).status == 416)

        // Conditional GETs: the feed, the audio, the chapters and transcripts.
        let answer = try await HTTPExchange.send("GET", "\(server.base)/feed.xml")
        let etag = try #require(answer.headers["etag"])
        let modified = try #require(answer.headers["last-modified"])
        #expect(try await HTTPExchange.send("GET", "\(server.base)/feed.xml", headers: ["If-None-Match": etag]).status == 304)
        #expect(try await HTTPExchange.send("GET", "\(server.base)/feed.xml", headers: ["If-Modified-Since": modified]).status == 304)
        #expect(try await HTTPExchange.send("HEAD", "\(server.base)/feed.xml", headers: ["If-None-Match": etag]).status == 304)
        #expect(try await HTTPExchange.send("GET", "\(server.base)/feed.xml", headers: ["If-None-Match": "\"other\""]).status == 200)
        let audioTag = try #require(head.headers["etag"])
        #expect(try await HTTPExchange.send("GET", url, headers: ["If-None-Match": audioTag]).status == 304)
        for file in ["chapters.json", "vtt", "srt"] {
            let address = url.replacingOccurrences(of: ".mp3", with: ".\(file)")
            let first = try await HTTPExchange.send("GET", address)
            // No other site may read the library from a server on this machine.
            #expect(first.status == 200 && first.headers["access-control-allow-origin"] == nil)
            #expect(
                try await HTTPExchange.send("GET", address, headers: ["If-None-Match": try #require(first.headers["etag"])]).status == 304)
        }
        // A change in the library changes the feed: a new ETag, a full answer.
        #expect(try await fixture.narrate(["podcast", "--title", "My reading"]).status == 0)
        let changed = try await HTTPExchange.send("GET", "\(server.base)/feed.xml", headers: ["If-None-Match": etag])
        #expect(changed.status == 200 && changed.headers["etag"] != etag)
        #expect(String(decoding: changed.body, as: UTF8.self).contains("<title>My reading</title>"))

        // A slow client reading the audio a little at a time, while others are answered.
        let port = try #require(Int(server.base.split(separator: ":").last ?? ""))
        let path = String(url.dropFirst(server.base.count))
        // Its socket blocks: each call on a thread of its own.
        let slow = try await onOwnThread { try RawConnection(port: port) }
        #expect(slow.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"))
        var received = 0
        let started = Date()
        while Date().timeIntervalSince(started) < 60 {
            let chunk = try await onOwnThread { slow.read(upTo: 4_096) }
            if chunk == 0 { break }
            received += chunk
            if received < 120_000 { await pause(0.02) }
            if received > 40_000, received < 44_096 {
                // Others are answered meanwhile.
                #expect(
                    try await HTTPExchange.send("GET", "\(server.base)/feed.xml", headers: ["If-None-Match": changed.headers["etag"] ?? ""])
                        .status == 304)
            }
        }
        #expect(received > length, "the slow client got \(received) of \(length) bytes")
        slow.close()

        // Clients that leave mid-download cost nothing: the server's open files come back.
        let before = Self.openFiles(server.process.processIdentifier)
        for _ in 0..<20 {
            let sent = try await onOwnThread {
                let leaving = try RawConnection(port: port)
                defer { leaving.close() }
                let sent = leaving.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                _ = leaving.read(upTo: 2_000)
                return sent
            }
            #expect(sent)
        }
        // A sanitizer's build closes them slowly on a loaded machine (scripts/sanitize sets the slowdown).
        let slowdown = Double(ProcessInfo.processInfo.environment["NARRATE_TEST_SLOWDOWN"] ?? "") ?? 1
        let deadline = Date().addingTimeInterval(10 * max(1, slowdown))
        var after = Self.openFiles(server.process.processIdentifier)
        while Date() < deadline, after.count > before.count {
            await pause(0.1)
            after = Self.openFiles(server.process.processIdentifier)
        }
        #expect(after.count <= before.count, "open after the clients left: \(after.sorted()); before: \(before.sorted())")
        #expect(try await HTTPExchange.send("GET", url).body == whole)
        #expect(await server.stop() == 0)
    }

    /// Beyond this machine a feed is private: its address holds a secret (podcast apps send
    /// no token), shown once, replaced on request, never logged.
    @Test func aPrivateFeedIsReachedByItsSecretAddressOnly() async throws {
        let fixture = try FeedServer()
        #expect(
            try await fixture.narrate(["add", "-", "--title", "Rain"], input: "It rained in Lviv all week. The river rose.\n").status == 0)
        let errors = "\(fixture.scratch.path)/serve.err"
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))
        let server = try await RunningServer(
            ["--library", fixture.libraryPath, "--host", "0.0.0.0"], environment: ["NARRATE_FEED_REFRESH": "0.5"],
            standardError: FileHandle(forWritingAtPath: errors)
        )
        fixture.server = server
        let line = try #require(server.banner.split(separator: "\n").first { $0.contains("/podcast/") }, "\(server.banner)")
        let secret = try #require(line.split(separator: "/podcast/").last?.split(separator: "/").first.map(String.init))
        #expect(secret.count == 43)
        #expect(try await HTTPExchange.send("GET", "\(server.base)/feed.xml").status == 401)
        let feed = try await fixture.waitForEpisodes("/podcast/\(secret)/feed.xml", count: 1)
        let enclosure = try #require(Self.attribute("url", of: "enclosure", in: feed))
        #expect(enclosure.contains("/podcast/\(secret)/episodes/"))
        #expect(try await HTTPExchange.send("GET", enclosure).status == 200)
        #expect(try await HTTPExchange.send("GET", "\(server.base)/podcast/\(secret)/feed.png").status == 200)
        // At the private address web podcast players may read the transcripts (CORS).
        let transcript = try await HTTPExchange.send("GET", enclosure.replacingOccurrences(of: ".mp3", with: ".vtt"))
        #expect(transcript.status == 200 && transcript.headers["access-control-allow-origin"] == "*")
        let wrong = String(secret.reversed())
        #expect(try await HTTPExchange.send("GET", "\(server.base)/podcast/\(wrong)/feed.xml").status == 404)
        #expect(try await HTTPExchange.send("GET", "\(server.base)/podcast/\(wrong)/episodes/1/1.mp3").status == 404)
        #expect(feed.contains("<itunes:block>Yes</itunes:block>"))
        #expect(await server.stop() == 0)
        let logged = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        #expect(!logged.contains(secret) && !logged.contains(wrong))

        // Started again: the secret is not printed again; a new one ends the old address.
        let again = try await RunningServer(["--library", fixture.libraryPath, "--host", "0.0.0.0"])
        #expect(!again.banner.contains(secret))
        #expect(try await HTTPExchange.send("GET", "\(again.base)/podcast/\(secret)/feed.xml").status == 200)
        await #expect(again.stop() == 0)
        let renewed = try await RunningServer(["--library", fixture.libraryPath, "--host", "0.0.0.0", "--new-feed-secret"])
        #expect(renewed.banner.contains("/podcast/") && !renewed.banner.contains(secret))
        #expect(try await HTTPExchange.send("GET", "\(renewed.base)/podcast/\(secret)/feed.xml").status == 404)
        await #expect(renewed.stop() == 0)
    }

    /// A book's own feed: an EPUB's chapters, each an episode in order, its cover the book's.
    @Test(.enabled(if: FeedTools.available, "needs feedparser, webvtt-py and srt: run scripts/install-dependencies --tests"))
    func aBookHasItsOwnFeedOfItsChaptersUnderItsCover() async throws {
        let fixture = try FeedServer()
        var book = TestBook(
            chapters: (1...3).map { number in
                TestBook.Chapter(
                    title: "Chapter \(number)",
                    paragraphs: (0..<4).map { "Ship \($0) passed the light in chapter \(number), and the keeper wrote it down." })
            })
        // A portrait cover, red: all of it is kept, on a dark square.
        book.cover = (width: 600, height: 900, colour: [200, 40, 30])
        #expect(try await fixture.narrate(["add", try await book.write(in: fixture.scratch)]).status == 0)
        let server = try await fixture.start()
        // Fetched once: followed, so the book is rendered ahead; its chapters then appear.
        let feed = try await fixture.waitForEpisodes("/feeds/book/1.xml", count: 3)
        let (report, output) = try await FeedTools.check("\(server.base)/feeds/book/1.xml")
        #expect((report["problems"] as? [String]) == [], "\(output.prefix(3_000))")
        let channel = try #require(report["channel"] as? [String: Any])
        #expect(channel["title"] as? String == "The Lighthouse Keepers")
        #expect(feed.contains("<itunes:type>serial</itunes:type>"))
        let items = try #require(report["items"] as? [[String: Any]])
        #expect(items.map { $0["title"] as? String } == ["Chapter 1", "Chapter 2", "Chapter 3"])

        // A chapter's audio answers ranges as the whole render's does.
        let url = try #require((items[1]["enclosure"] as? [String: String])?["url"])
        #expect(url.hasSuffix(".chapter-2.mp3"))
        let whole = try await HTTPExchange.send("GET", url)
        #expect(whole.status == 200 && whole.headers["content-type"] == "audio/mpeg")
        let part = try await HTTPExchange.send("GET", url, headers: ["Range": "bytes=100-199"])
        #expect(part.status == 206 && part.body == whole.body.subdata(in: 100..<200))

        // The cover: the EPUB's, scaled into a square with its red in the middle.
        let coverURL = try #require(Self.attribute("href", of: "itunes:image", in: feed))
        let cover = try await HTTPExchange.send("GET", coverURL)
        #expect(cover.status == 200 && cover.headers["content-type"] == "image/png")
        let png = "\(fixture.scratch.path)/cover.png"
        try cover.body.write(to: URL(fileURLWithPath: png))
        let pixels = try await NarrateBinary.run(
            [
                "python3", "-c",
                "import cairo,sys; s=cairo.ImageSurface.create_from_png(sys.argv[1]); d=s.get_data(); w=s.get_width(); h=s.get_height(); st=s.get_stride(); p=lambda x,y: tuple(d[y*st+x*4+i] for i in (2,1,0)); print(w, h, p(w//2,h//2), p(5,h//2))",
                png,
            ], executable: "/usr/bin/env")
        // Square, the cover's red in the middle, the dark square at the sides.
        #expect(pixels.standardOutput.hasPrefix("1400 1400 (200, 40, 30) (30, 30, 35)"), "\(pixels.standardOutput) \(pixels.standardError)")

        // Bad addresses: one JSON line each.
        #expect(try await HTTPExchange.send("GET", "\(server.base)/feeds/book/99.xml").status == 404)
        #expect(try await HTTPExchange.send("GET", "\(server.base)/feeds/book/abc.xml").status == 400)
        #expect(try await HTTPExchange.send("GET", "\(server.base)/feeds/book/1.xml?format=opus").status == 400)
        #expect(try await HTTPExchange.send("GET", url.replacingOccurrences(of: "chapter-2", with: "chapter-9")).status == 404)
        #expect(await server.stop() == 0)
    }

    // MARK: Helpers

    /// Seconds of audio in the file at `path`, decoded to the end.
    static func decodedSeconds(_ path: String) throws -> Double {
        let reader = try AudioFileReader(path: path)
        var buffer: [Int16] = []
        var frames = 0
        while true {
            reader.read(65_536, into: &buffer)
            if buffer.isEmpty { break }
            frames += buffer.count
        }
        return Double(frames) / Double(reader.sampleRate)
    }

    /// The value of `name` on the first `element` in `xml`.
    static func attribute(_ name: String, of element: String, in xml: String) -> String? {
        guard let start = xml.range(of: "<\(element) ") else { return nil }
        let tail = xml[start.upperBound...]
        guard let value = tail.range(of: "\(name)=\"") else { return nil }
        let rest = tail[value.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]).replacingOccurrences(of: "&amp;", with: "&") }
    }

    /// What the process has open but its library's database (the pool opens a reader
    /// connection when requests first come at once, and keeps it): sockets, pipes, files.
    static func openFiles(_ pid: Int32) -> [String] {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.compactMap { descriptor in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)")) ?? "?"
            return [".sqlite", ".sqlite-wal", ".sqlite-shm"].contains { target.hasSuffix($0) } ? nil : target
        }
    }
}
