import Foundation
import Testing

@testable import NarratePublishing

/// The page of a published podcast as a listener reads it (issue 36, items 4 and 7).
@Suite("The published podcast's index page")
struct PublishedIndexTests {
    static func episode(_ title: String, seconds: Int, language: String?) -> PodcastFeed.Episode {
        PodcastFeed.Episode(
            guid: title, title: title, descriptionHTML: "<p>\(title)</p>", link: nil, pubDate: "Thu, 03 Dec 2026 08:00:00 +0000",
            author: nil, audioURL: "https://example.org/pod/episodes/\(title).mp3", audioLength: 1_000, audioType: "audio/mpeg",
            durationSeconds: seconds, chaptersURL: "https://example.org/pod/episodes/\(title).chapters.json",
            transcripts: [PodcastFeed.Transcript(url: "https://example.org/pod/episodes/\(title).vtt", type: "text/vtt")],
            language: language
        )
    }

    static let channel = PodcastFeed.Channel(
        title: "Reading list", description: "Articles read aloud", language: "en", link: "https://example.org/pod/",
        feedURL: "https://example.org/pod/feed.xml", author: "narrate", category: "News", explicit: false,
        coverURL: "https://example.org/pod/cover.png", isPrivate: false
    )

    static func page(_ episodes: [PodcastFeed.Episode]) -> String {
        PublishedIndex(
            feed: PodcastFeed(channel: channel, episodes: episodes), addresses: PublishedFeedAddresses(base: "https://example.org/pod/")
        ).html()
    }

    /// "33:02" beside a date read as a time of day; a length reads as one.
    @Test(arguments: [(45, "45 s"), (241, "4 min"), (1_982, "33 min"), (3_600, "1 h 0 min"), (3_930, "1 h 6 min")])
    func lengthsReadAsLengths(_ seconds: Int, _ shown: String) {
        #expect(PublishedIndex.duration(seconds) == shown)
        #expect(Self.page([Self.episode("one", seconds: seconds, language: nil)]).contains("Thu, 03 Dec 2026 · \(shown)</p>"))
    }

    /// Players that load their audio's length show it before they are started (not 0:00).
    @Test func playersKnowTheirLengthBeforeTheyStart() {
        let page = Self.page([Self.episode("one", seconds: 60, language: nil), Self.episode("two", seconds: 90, language: nil)])
        #expect(page.components(separatedBy: "<audio controls preload=\"metadata\" src=\"episodes/").count == 3)
        #expect(!page.contains("preload=\"none\""))
    }

    /// The page is in the feed's language; an episode in another carries its own.
    @Test func eachEpisodeIsInItsLanguage() {
        let page = Self.page([Self.episode("english", seconds: 60, language: nil), Self.episode("ukrainian", seconds: 60, language: "uk")])
        #expect(page.contains("<html lang=\"en\">"))
        #expect(page.contains("<article lang=\"uk\">\n<h2>ukrainian</h2>"))
        #expect(page.contains("<article>\n<h2>english</h2>"))
    }
}
