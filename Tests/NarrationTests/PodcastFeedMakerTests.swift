import Foundation
import NarrateAudio
import NarrateBatch
import NarrateCore
import NarrateImport
import NarrateLibrary
import NarratePublishing
import NarrateRendering
import NarrateTestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
import NarrateQueue
#endif

/// A library with articles whose episodes are rendered in process by the fake engine.
final class PodcastFixture {
    let scratch: ScratchDirectory
    let library: ArticleLibrary

    init() throws {
        scratch = try ScratchDirectory()
        library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(scratch.path)/library.sqlite"))
    }

    /// Adds an article (Markdown) and returns its id.
    @discardableResult
    func add(_ text: String, title: String? = nil, language: String = "en", tags: [String] = []) throws -> Int64 {
        let importer = ArticleImport(format: .markdown, title: title, language: language, tags: tags)
        return try library.articles.add(importer.article(pasted: text, detector: nil)).articleId
    }

    /// Renders the episodes `selection` lacks, as the batch workers would.
    func renderEpisodes(_ selection: FeedSelection) async throws {
        _ = try EpisodeQueue(library: library).queueAll(selection)
        let worker = BatchWorker(
            library: library, engine: FakeEngine(), presets: VoicePresetLibrary(directories: []), name: "test", leaseSeconds: 30)
        try await worker.run(claimsNoMore: { false }, stopsNow: { false })
    }

    static let article = """
        # The weather station

        The wind rose before dawn. Rain followed at seven, and the gauge filled by noon.

        ## Readings

        Pressure fell all morning. It rose again at four.
        """
}

@Suite("Podcast feeds of the library, in process")
struct PodcastFeedMakerTests {
    let fixture: PodcastFixture
    let addresses = PublishedFeedAddresses(base: "https://example.org/podcast")

    init() throws {
        fixture = try PodcastFixture()
    }

    @Test func anEpisodeAppearsOnceItsAudioExistsWithItsFields() async throws {
        let first = try fixture.add(PodcastFixture.article, tags: ["news"])
        let selection = FeedSelection()
        let maker = PodcastFeedMaker(library: fixture.library)
        #expect(try maker.feed(selection, addresses: addresses, isPrivate: false).episodes.isEmpty)
        try await fixture.renderEpisodes(selection)
        let feed = try maker.feed(selection, addresses: addresses, isPrivate: false)
        let episode = try #require(feed.episodes.first)
        let stored = try fixture.library.articles.article(id: first)
        let render = try #require(try fixture.library.renders.renders(ofArticle: first).first)
        #expect(render.format == "mp3" && render.ownedByLibrary)
        #expect(episode.guid == "narrate-article-" + stored.contentHash.prefix(32))
        #expect(episode.title == "The weather station")
        #expect(episode.audioLength == Int64(try FileManager.default.attributesOfItem(atPath: render.path)[.size] as? Int ?? -1))
        #expect(episode.audioType == "audio/mpeg")
        #expect(episode.durationSeconds == Int(render.duration.rounded()))
        #expect(episode.audioURL == "https://example.org/podcast/episodes/\(first)-the-weather-station-r\(render.id).mp3")
        #expect(episode.chaptersURL?.hasSuffix("-r\(render.id).chapters.json") == true)
        #expect(episode.transcripts.map(\.type) == ["text/vtt", "application/x-subrip"])
        #expect(episode.descriptionHTML == "<p>The wind rose before dawn. Rain followed at seven, and the gauge filled by noon.</p>")
        #expect(episode.pubDate == FeedDateProbe.rfc822(stored.summary.savedAt))
        #expect(feed.channel.language == "en")
        #expect(feed.channel.feedURL == "https://example.org/podcast/feed.xml")
        #expect(feed.channel.podcastGuid == nil, "given by the publisher, which keeps it")
        #expect(!feed.channel.isPrivate)
        // The Podcasting 2.0 guid: what Python's uuid.uuid5 gives in the specification's namespace.
        #expect(PodcastFeedMaker.podcastGuid(feedURL: "https://example.org/podcast/feed.xml/") == "080cbc85-2163-502d-8b52-3171206ba87e")
        let guided = try maker.feed(selection, addresses: addresses, isPrivate: false, podcastGuid: "080cbc85-2163-502d-8b52-3171206ba87e")
        #expect(guided.xml().contains("<podcast:guid>080cbc85-2163-502d-8b52-3171206ba87e</podcast:guid>"))

        // A new render replaces the enclosure; the guid stays.
        let renderer = ArticleRenderer(library: fixture.library, engine: FakeEngine())
        var settings = try ArticleVoice.settings(
            for: stored, request: VoiceRequest(rate: 220), presets: VoicePresetLibrary(directories: []), engine: FakeEngine())
        settings.encoding = AudioEncoding(format: .mp3)
        let newer = try renderer.render(articleId: first, settings: settings, output: nil, overwrite: false).render
        let again = try #require(try maker.feed(selection, addresses: addresses, isPrivate: false).episodes.first)
        #expect(again.guid == episode.guid)
        #expect(again.audioURL.hasSuffix("-r\(newer.id).mp3"))
        // An episode whose file is gone is left out, and made again: its render is forgotten.
        try FileManager.default.removeItem(atPath: newer.path)
        #expect(try maker.feed(selection, addresses: addresses, isPrivate: false).episodes.isEmpty)
        #expect(try maker.feed(selection, addresses: addresses, isPrivate: false).episodes.first?.audioURL == episode.audioURL)
        try FileManager.default.removeItem(atPath: render.path)
        #expect(try maker.feed(selection, addresses: addresses, isPrivate: false).episodes.isEmpty)
        #expect(try selection.articlesWithoutAudio(in: fixture.library) == [first])
    }

    @Test func tagUnfinishedAndSearchFeedsHoldTheirArticlesNewestFirst() async throws {
        let rain = try fixture.add("# Rain\n\nIt rained in Lviv all week.", tags: ["weather"])
        let harvest = try fixture.add("# Harvest\n\nThe apples were sweet this year.", tags: ["farm"])
        let heard = try fixture.add("# Heard\n\nThis one was heard to the end.", language: "uk")
        try fixture.library.positions.savePosition(articleId: heard, sentence: 1, finished: true)
        try await fixture.renderEpisodes(FeedSelection())
        let maker = PodcastFeedMaker(library: fixture.library)
        func titles(_ articles: FeedSelection.Articles, limit: Int? = nil) throws -> [String] {
            try maker.feed(FeedSelection(articles: articles, limit: limit), addresses: addresses, isPrivate: false).episodes.map(\.title)
        }
        #expect(try titles(.library) == ["Heard", "Harvest", "Rain"])
        #expect(try titles(.library, limit: 2) == ["Heard", "Harvest"])
        #expect(try titles(.tag("weather")) == ["Rain"])
        #expect(try titles(.unfinished) == ["Harvest", "Rain"])
        #expect(try titles(.search("apples")) == ["Harvest"])
        #expect(try titles(.search("nothing-like-this")) == [])
        let tagged = try maker.feed(FeedSelection(articles: .tag("weather")), addresses: addresses, isPrivate: true)
        #expect(tagged.channel.title == "narrate: weather")
        #expect(tagged.channel.isPrivate && tagged.channel.podcastGuid == nil)
        #expect(tagged.xml().contains("<itunes:block>Yes</itunes:block>"))
        // The feed's language is the most common one; an episode in another says its own.
        let all = try maker.feed(FeedSelection(), addresses: addresses, isPrivate: false)
        #expect(all.channel.language == "en")
        #expect(all.episodes.first { $0.title == "Heard" }?.language == "uk")
        #expect(all.episodes.first { $0.title == "Rain" }?.language == nil)
        _ = (rain, harvest)
    }

    @Test func theXMLIsWellFormedWhateverTheTitlesHold() async throws {
        let title = "Tom & Jerry <b>bold</b> 🎧 Привіт \u{1}\u{7}\u{1B} \"quoted\" ]]> end \u{FFFE}"
        let id = try fixture.add("# Ignored\n\nShort text. It ends.", title: title)
        try await fixture.renderEpisodes(FeedSelection())
        var settings = PodcastSettings.standard
        settings.description = "Articles & <notes>"
        let feed = try PodcastFeedMaker(library: fixture.library).feed(
            FeedSelection(), addresses: addresses, isPrivate: false, settings: settings)
        let xml = feed.xml()
        let reader = FeedReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(reader.texts["title"]?.contains("Tom & Jerry <b>bold</b> 🎧 Привіт  \"quoted\" ]]> end ") == true)
        #expect(reader.texts["description"]?.first == "Articles & <notes>")
        #expect(!xml.contains("\u{1}") && !xml.contains("\u{1B}") && !xml.contains("\u{FFFE}"))
        // The same library gives the same bytes.
        #expect(
            try PodcastFeedMaker(library: fixture.library).feed(FeedSelection(), addresses: addresses, isPrivate: false, settings: settings)
                .xml() == xml)
        _ = id
    }

    @Test(arguments: [0, 951_782_400, 1_709_251_199, 1_795_000_000, -31_536_000, 4_102_444_800, 1_234_567_890.5] as [Double])
    func datesAreRFC822InUTC(_ seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let iso = ISO8601DateFormatter().string(from: date)
        #expect(FeedDateProbe.rfc822(iso) == formatter.string(from: date))
    }

    /// A stored time that is no ISO 8601 (a feed's date kept as it was written, here with a
    /// combining mark) gives no date.
    @Test func aTimeWithACombiningMarkIsNoDate() {
        #expect(PodcastFeed.rfc822(iso8601: "0506-03-\u{0730}1T08:00:00.00Z") == nil)
        #expect(PodcastFeed.rfc822(iso8601: "2026-1\u{0730}1-26T05:48:19Z") == nil)
        #expect(PodcastFeed.rfc822(iso8601: "2026-11-26T05:48:19.250Z") == "Thu, 26 Nov 2026 05:48:19 +0000")
    }

    @Test func theQueueKeepsAFewEpisodesWaitingAndDoesNotRetryAFailedOne() throws {
        for index in 1...6 { try fixture.add("# Note \(index)\n\nA short note, number \(index).") }
        let queue = EpisodeQueue(library: fixture.library, depth: 4)
        let queued = try queue.fill([FeedSelection()])
        #expect(queued.map(\.articleId) == [6, 5, 4, 3], "newest first")
        #expect(queued.allSatisfy { $0.priority == .background && $0.outputPath.hasPrefix("library:episode/") })
        #expect(try queue.fill([FeedSelection()]).isEmpty, "four are waiting already")
        // A failed episode is not asked for again; the others are.
        let job = try #require(try fixture.library.queue.claimJob(worker: "w", leaseSeconds: 30))
        for _ in 0..<3 {
            try fixture.library.queue.failJob(id: job.id, worker: "w", error: "broken")
            _ = try fixture.library.queue.claimJob(worker: "w", leaseSeconds: 30)
        }
        _ = try fixture.library.queue.cancelJobs()
        let next = try queue.fill([FeedSelection()])
        #expect(!next.map(\.articleId).contains(job.articleId))
        // A batch's workers leave the feeds' jobs to the server's.
        #expect(try fixture.library.queue.claimJob(worker: "batch", leaseSeconds: 30, minimumPriority: .batch) == nil)
    }

    @Test func followedFeedsAreNotedOnceAnHourAndForgottenAfterSixtyDays() throws {
        let subscriptions = FeedSubscriptions(library: fixture.library)
        let now = Date()
        let tag = FeedSelection(articles: .tag("news"), format: .opus, limit: 20)
        #expect(try subscriptions.noteFetch(of: tag, at: now))
        #expect(try !subscriptions.noteFetch(of: tag, at: now.addingTimeInterval(60)))
        #expect(try subscriptions.noteFetch(of: FeedSelection(), at: now.addingTimeInterval(120)))
        #expect(try subscriptions.followed(at: now.addingTimeInterval(180)) == [FeedSelection(), tag])
        #expect(try subscriptions.followed(at: now.addingTimeInterval(61 * 86_400)).isEmpty)
        for selection in [tag, FeedSelection(articles: .search("a|b c")), FeedSelection(articles: .unfinished, format: .ogg)] {
            #expect(FeedSelection(key: selection.key) == selection)
        }
        #expect(FeedSelection(key: "wav||library") == nil)
    }

    @Test func settingsAreCheckedAndKept() throws {
        #expect(try PodcastSettings.load(from: fixture.library) == .standard)
        var settings = PodcastSettings.standard
        settings.title = "Read to me"
        settings.category = "Technology"
        settings.explicit = true
        try settings.save(to: fixture.library)
        #expect(try PodcastSettings.load(from: fixture.library) == settings)
        for (change, message) in [
            ({ (s: inout PodcastSettings) in s.title = "  " }, "title is empty"),
            ({ (s: inout PodcastSettings) in s.category = "Cats" }, "is not one of Apple Podcasts'"),
            ({ (s: inout PodcastSettings) in s.author = String(repeating: "a", count: 300) }, "at most 255"),
            ({ (s: inout PodcastSettings) in s.language = "english!" }, "not a language code"),
        ] {
            var bad = settings
            change(&bad)
            #expect { try bad.save(to: fixture.library) } throws: { error in
                guard case .invalidOption = error as? NarrateError else { return false }
                return "\(error)".contains(message)
            }
        }
        #expect(try PodcastSettings.load(from: fixture.library) == settings)
    }
}

/// The feed's dates, as `PodcastFeed` writes them.
enum FeedDateProbe {
    static func rfc822(_ iso: String) -> String {
        PodcastFeed.rfc822(iso8601: iso) ?? ""
    }
}

/// The text of each element of a feed, by name.
final class FeedReader: NSObject, XMLParserDelegate {
    var texts: [String: [String]] = [:]
    private var current = ""

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        current = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        texts[name, default: []].append(current)
        current = ""
    }
}
