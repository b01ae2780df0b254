import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateLibrary
import NarratePublishing
import NarrateServer
import NarrateTestSupport
import Synchronization
import Testing

@Suite("Podcast feeds over HTTP: validators, episode files, private addresses")
struct FeedRouteTests {
    /// The first `<enclosure url=…>` of a feed, as a path on the server.
    static func enclosurePath(_ feed: String) -> String? {
        guard let start = feed.range(of: "<enclosure url=\"") else { return nil }
        let rest = feed[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        let url = rest[..<end]
        return url.range(of: "/", options: [], range: url.index(url.startIndex, offsetBy: 8)..<url.endIndex)
            .map { String(url[$0.lowerBound...]) }
    }

    @Test func aFeedIsMadeOnceRenderedAheadAndAnsweredFromItsValidators() async throws {
        let fixture = try ServerFixture()
        try fixture.add(ServerFixture.sampleText, title: "The weather station", tags: ["weather"])
        try await fixture.test { client in
            // Fetched once: followed, its episodes queued and made (here at once, in process).
            let first = try await client.execute(uri: "/feed.xml", method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "application/rss+xml; charset=utf-8")
            #expect(fixture.workers.asked.load(ordering: .relaxed) >= 1, "a worker was asked for")
            let feed = try await client.execute(uri: "/feed.xml", method: .get)
            let text = String(buffer: feed.body)
            #expect(text.contains("<title>The weather station</title>"))
            let etag = try #require(feed.headers[.eTag])
            let unchanged = try await client.execute(uri: "/feed.xml", method: .get, headers: [.ifNoneMatch: etag])
            #expect(unchanged.status == .notModified && unchanged.body.readableBytes == 0)
            let since = try await client.execute(
                uri: "/feed.xml", method: .get, headers: [.ifModifiedSince: try #require(feed.headers[.lastModified])])
            #expect(since.status == .notModified)
            // A date with a combining mark is no date (Foundation's formatter on Linux once
            // stopped the server on it): the feed is answered whole.
            let marked = try await client.execute(
                uri: "/feed.xml", method: .get, headers: [.ifModifiedSince: "Thu, 2\u{0730}6 Nov 2026 05:48:19 GMT"])
            #expect(marked.status == .ok && marked.body.readableBytes == feed.body.readableBytes)
            let head = try await client.execute(uri: "/feed.xml", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0 && head.headers[.contentLength] == String(feed.body.readableBytes))

            // The episode's files.
            let audio = try #require(Self.enclosurePath(text))
            let mp3 = try await client.execute(uri: audio, method: .get)
            #expect(mp3.status == .ok && mp3.headers[.contentType] == "audio/mpeg")
            #expect(text.contains("length=\"\(mp3.body.readableBytes)\""))
            for (suffix, type) in [
                (".chapters.json", "application/json+chapters; charset=utf-8"), (".vtt", "text/vtt; charset=utf-8"),
                (".srt", "application/x-subrip; charset=utf-8"),
            ] {
                let file = try await client.execute(uri: audio.replacingOccurrences(of: ".mp3", with: suffix), method: .get)
                #expect(file.status == .ok && file.headers[.contentType] == type, "\(suffix)")
            }
            let cover = try await client.execute(uri: "/feed.png", method: .get)
            #expect(cover.status == .ok && cover.headers[.contentType] == "image/png")
            #expect(Array(cover.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            #expect(try await client.execute(uri: "/feeds/tag/weather.png", method: .get).status == .ok)
            // Another format of the same render, another article's render, names that are none.
            #expect(try await client.execute(uri: audio.replacingOccurrences(of: ".mp3", with: ".opus"), method: .get).status == .notFound)
            #expect(try await client.execute(uri: audio.replacingOccurrences(of: ".mp3", with: ".exe"), method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/episodes/1/abc.mp3", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/episodes/999/1.mp3", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/episodes/1/999.vtt", method: .get).status == .notFound)
            for bad in ["/feed.xml?format=wav", "/feed.xml?limit=0", "/feed.xml?limit=x", "/feeds/tag/%FF.xml", "/feeds/tag/news.json"] {
                let answer = try await client.execute(uri: bad, method: .get)
                #expect([.badRequest, .notFound].contains(answer.status), "\(bad): \(answer.status)")
            }
            // A tag's feed.
            let tagged = try await client.execute(uri: "/feeds/tag/weather.xml", method: .get)
            #expect(String(buffer: tagged.body).contains("<title>narrate: weather</title>"))
            // The library page offers every feed, on this machine at the plain addresses.
            let page = String(buffer: try await client.execute(uri: "/", method: .get).body)
            #expect(page.contains("/feed.xml") && page.contains("/feeds/tag/weather.xml") && !page.contains("/podcast/"))
        }
        // A new cover: a new address in the feed (apps keep artwork by address), new bytes.
        let before = try await fixture.test { client in String(buffer: try await client.execute(uri: "/feed.xml", method: .get).body) }
        let image = try fixture.scratch.write("cover.png", PodcastCover.drawn(title: "Mine", subtitle: "cover"))
        var settings = try PodcastSettings.load(from: fixture.library)
        try settings.setCover(from: image, library: fixture.library)
        try settings.save(to: fixture.library)
        let coverPath = try #require(settings.coverPath)
        try await fixture.test { client in
            let after = String(buffer: try await client.execute(uri: "/feed.xml", method: .get).body)
            let href = { (xml: String) in
                xml.components(separatedBy: "<itunes:image href=\"").dropFirst().first?.components(separatedBy: "\"").first
            }
            #expect(href(after) != nil && href(after) != href(before))
            let cover = try await client.execute(uri: "/feed.png", method: .get)
            #expect(Array(cover.body.readableBytesView) == (try Array(Data(contentsOf: URL(fileURLWithPath: coverPath)))))
        }
        // Every feed fetched is followed.
        let followed = try FeedSubscriptions(library: fixture.library).followed()
        #expect(Set(followed.map(\.key)) == ["mp3||library", "mp3||tag:weather"])
    }

    @Test func aPrivateFeedNeedsItsSecretNotTheToken() async throws {
        let fixture = try ServerFixture()
        try fixture.add(ServerFixture.sampleText)
        let secret = "s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-x"
        try await fixture.test(token: "the-token", feedSecret: secret) { client in
            #expect(try await client.execute(uri: "/feed.xml", method: .get).status == .unauthorized)
            _ = try await client.execute(uri: "/podcast/\(secret)/feed.xml", method: .get)
            let feed = try await client.execute(uri: "/podcast/\(secret)/feed.xml", method: .get)
            #expect(feed.status == .ok)
            let text = String(buffer: feed.body)
            #expect(text.contains("<itunes:block>Yes</itunes:block>"))
            let audio = try #require(Self.enclosurePath(text))
            #expect(audio.hasPrefix("/podcast/\(secret)/episodes/"))
            #expect(try await client.execute(uri: audio, method: .get).status == .ok)
            #expect(try await client.execute(uri: "/podcast/\(secret)/feed.png", method: .get).status == .ok)
            let wrong = try await client.execute(uri: "/podcast/not-the-secret/feed.xml", method: .get)
            #expect(wrong.status == .notFound && !String(buffer: wrong.body).contains(secret))
            #expect(try await client.execute(uri: audio.replacingOccurrences(of: secret, with: "x"), method: .get).status == .notFound)
            // With the token, the plain address works too.
            #expect(try await client.execute(uri: "/feed.xml", method: .get, headers: [.authorization: "Bearer the-token"]).status == .ok)
            // The library page offers the feeds at their private addresses.
            let page = String(buffer: try await client.execute(uri: "/", method: .get, headers: [.authorization: "Bearer the-token"]).body)
            #expect(page.contains("Listen in a podcast app"))
            #expect(page.contains("/podcast/\(secret)/feed.xml") && page.contains("/podcast/\(secret)/feeds/unfinished.xml"))
        }
    }

    @Test func aBooksPageOffersItsOwnFeedAndAnArticlesDoesNot() async throws {
        let fixture = try ServerFixture()
        _ = try fixture.add(ServerFixture.sampleText)
        _ = try fixture.add(
            "# A book\n\n## One\n\nThe first chapter.\n\n## Two\n\nThe second.\n\n## Three\n\nThe third.\n", title: "A book")
        try await fixture.test { client in
            let book = String(buffer: try await client.execute(uri: "/articles/2", method: .get).body)
            #expect(book.contains("Listen to this book in a podcast app"))
            #expect(book.contains("/feeds/book/2.xml") && !book.contains("?format=opus"))
            let article = String(buffer: try await client.execute(uri: "/articles/1", method: .get).body)
            #expect(!article.contains("podcast app"))
            // The feed it offers is there, empty until the book has audio.
            let feed = try await client.execute(uri: "/feeds/book/2.xml", method: .get)
            #expect(feed.status == .ok && String(buffer: feed.body).contains("<title>A book</title>"))
            #expect(try await client.execute(uri: "/feeds/book/2.xml?format=ogg", method: .get).status == .badRequest)
        }
    }
}
