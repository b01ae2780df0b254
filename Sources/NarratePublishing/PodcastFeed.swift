import Foundation
import NarrateCore

/// A podcast feed: RSS 2.0 with Apple's `itunes` and the Podcasting 2.0 `podcast`
/// namespaces, as podcast apps read it. `xml()` writes it; the same feed always gives the
/// same bytes (no "now" in it), so an unchanged feed is recognised by its bytes.
public struct PodcastFeed: Sendable, Equatable {
    /// What the feed says of the podcast.
    public struct Channel: Sendable, Equatable {
        /// The title.
        public var title: String
        /// What it is.
        public var description: String
        /// ISO 639 code ("en", "pt-br").
        public var language: String
        /// A web page of the podcast (the library's page, or the published folder's index).
        public var link: String
        /// The feed's own address.
        public var feedURL: String
        /// Who it is by.
        public var author: String
        /// Apple Podcasts' category.
        public var category: String
        /// Whether it is explicit.
        public var explicit: Bool
        /// The cover image's address (1400 to 3000 pixels square, PNG).
        public var coverURL: String
        /// A private feed (its address holds a secret) asks directories not to list it.
        public var isPrivate: Bool
        /// The Podcasting 2.0 guid of a public feed (a UUID from its address).
        public var podcastGuid: String?
        /// When its content last changed (RFC 822): the newest episode's.
        public var lastBuildDate: String?
        /// The program that made it.
        public var generator: String
        /// Whether its episodes are heard in order, first to last (a book's chapters):
        /// `itunes:type` serial, and apps list them from the first.
        public var isSerial = false

        /// A channel.
        public init(
            title: String, description: String, language: String, link: String, feedURL: String, author: String,
            category: String, explicit: Bool, coverURL: String, isPrivate: Bool, podcastGuid: String? = nil,
            lastBuildDate: String? = nil, generator: String = "narrate"
        ) {
            self.title = title
            self.description = description
            self.language = language
            self.link = link
            self.feedURL = feedURL
            self.author = author
            self.category = category
            self.explicit = explicit
            self.coverURL = coverURL
            self.isPrivate = isPrivate
            self.podcastGuid = podcastGuid
            self.lastBuildDate = lastBuildDate
            self.generator = generator
        }
    }

    /// A transcript of an episode: its address and MIME type.
    public struct Transcript: Sendable, Equatable {
        /// The file's address.
        public var url: String
        /// `text/vtt` or `application/x-subrip`.
        public var type: String

        /// A transcript link.
        public init(url: String, type: String) {
            self.url = url
            self.type = type
        }
    }

    /// One episode: an article with its audio.
    public struct Episode: Sendable, Equatable {
        /// Never changes for the same article, whatever renders it gets.
        public var guid: String
        /// The article's title.
        public var title: String
        /// HTML: the excerpt, the byline and site, a link to the original.
        public var descriptionHTML: String
        /// The original's address, when known.
        public var link: String?
        /// When it was saved (RFC 822).
        public var pubDate: String
        /// Who wrote it, when known.
        public var author: String?
        /// The audio's address.
        public var audioURL: String
        /// The audio file's exact size in bytes.
        public var audioLength: Int64
        /// The audio's MIME type.
        public var audioType: String
        /// The audio's length in whole seconds.
        public var durationSeconds: Int
        /// The Podcasting 2.0 JSON chapters' address.
        public var chaptersURL: String?
        /// Its place in a serial podcast (`itunes:episode`): a book's chapter number.
        public var number: Int?
        /// The transcripts (WebVTT, SRT).
        public var transcripts: [Transcript]
        /// The article's language when it differs from the feed's.
        public var language: String?

        /// An episode.
        public init(
            guid: String, title: String, descriptionHTML: String, link: String?, pubDate: String, author: String?,
            audioURL: String, audioLength: Int64, audioType: String, durationSeconds: Int, chaptersURL: String?,
            transcripts: [Transcript], language: String?, number: Int? = nil
        ) {
            self.number = number
            self.guid = guid
            self.title = title
            self.descriptionHTML = descriptionHTML
            self.link = link
            self.pubDate = pubDate
            self.author = author
            self.audioURL = audioURL
            self.audioLength = audioLength
            self.audioType = audioType
            self.durationSeconds = durationSeconds
            self.chaptersURL = chaptersURL
            self.transcripts = transcripts
            self.language = language
        }
    }

    /// The podcast.
    public var channel: Channel
    /// The episodes, newest first.
    public var episodes: [Episode]

    /// A feed.
    public init(channel: Channel, episodes: [Episode]) {
        self.channel = channel
        self.episodes = episodes
    }

    /// `iso8601` (as the library keeps times) in RSS's RFC 822 form, in UTC.
    public static func rfc822(iso8601: String) -> String? {
        FeedDate.rfc822(iso8601: iso8601)
    }

    /// The MIME type a feed is served with.
    public static let mimeType = "application/rss+xml; charset=utf-8"

    /// The feed as XML. Text is escaped, and characters XML 1.0 cannot carry (control
    /// characters other than tab and line breaks, U+FFFE, U+FFFF) are left out.
    public func xml() -> String {
        String(decoding: xmlBytes(), as: UTF8.self)
    }

    /// The feed as XML, in UTF-8 bytes (what is served and written).
    public func xmlBytes() -> [UInt8] {
        var out = XMLWriter()
        out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.raw("<rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"")
        out.raw(" xmlns:podcast=\"https://podcastindex.org/namespace/1.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\"")
        out.raw(" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\n<channel>\n")
        let channel = channel
        out.element("title", channel.title)
        out.element("link", channel.link)
        out.raw("<atom:link href=\"")
        out.attribute(channel.feedURL)
        out.raw("\" rel=\"self\" type=\"application/rss+xml\"/>\n")
        out.element("description", channel.description)
        out.element("language", channel.language)
        out.element("generator", channel.generator)
        if let date = channel.lastBuildDate { out.element("lastBuildDate", date) }
        out.raw("<image>\n")
        out.element("url", channel.coverURL)
        out.element("title", channel.title)
        out.element("link", channel.link)
        out.raw("</image>\n")
        out.raw("<itunes:image href=\"")
        out.attribute(channel.coverURL)
        out.raw("\"/>\n")
        out.element("itunes:author", channel.author)
        out.element("itunes:summary", channel.description)
        out.raw("<itunes:category text=\"")
        out.attribute(channel.category)
        out.raw("\"/>\n")
        out.element("itunes:explicit", channel.explicit ? "true" : "false")
        out.element("itunes:type", channel.isSerial ? "serial" : "episodic")
        if channel.isPrivate {
            // A private feed: directories that find its address must not list it.
            out.element("itunes:block", "Yes")
        }
        if let guid = channel.podcastGuid { out.element("podcast:guid", guid) }
        for episode in episodes {
            out.raw("<item>\n")
            out.element("title", episode.title)
            out.element("itunes:title", episode.title)
            out.element("description", episode.descriptionHTML)
            out.element("content:encoded", episode.descriptionHTML)
            if let link = episode.link { out.element("link", link) }
            out.raw("<guid isPermaLink=\"false\">")
            out.text(episode.guid)
            out.raw("</guid>\n")
            out.element("pubDate", episode.pubDate)
            if let author = episode.author { out.element("itunes:author", author) }
            out.raw("<enclosure url=\"")
            out.attribute(episode.audioURL)
            out.raw("\" length=\"\(episode.audioLength)\" type=\"")
            out.attribute(episode.audioType)
            out.raw("\"/>\n")
            out.element("itunes:duration", String(episode.durationSeconds))
            if let number = episode.number { out.element("itunes:episode", String(number)) }
            out.element("itunes:episodeType", "full")
            out.element("itunes:explicit", channel.explicit ? "true" : "false")
            if let chapters = episode.chaptersURL {
                out.raw("<podcast:chapters url=\"")
                out.attribute(chapters)
                out.raw("\" type=\"application/json+chapters\"/>\n")
            }
            for transcript in episode.transcripts {
                out.raw("<podcast:transcript url=\"")
                out.attribute(transcript.url)
                out.raw("\" type=\"")
                out.attribute(transcript.type)
                if let language = episode.language {
                    out.raw("\" language=\"")
                    out.attribute(language)
                }
                out.raw("\" rel=\"captions\"/>\n")
            }
            out.raw("</item>\n")
        }
        out.raw("</channel>\n</rss>\n")
        return out.bytes
    }
}

/// Builds XML as UTF-8 bytes: elements, and text and attribute values escaped by
/// `MarkupEscaping` (the characters XML 1.0 forbids left out), written straight into the
/// bytes: a feed of 10,000 episodes is 17 MB of text.
struct XMLWriter {
    private(set) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(1 << 16)
    }

    /// The text written.
    var result: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ text: String) {
        bytes += text.utf8
    }

    /// `<name>text</name>` and a line break.
    mutating func element(_ name: String, _ text: String) {
        bytes.append(UInt8(ascii: "<"))
        bytes += name.utf8
        bytes.append(UInt8(ascii: ">"))
        self.text(text)
        bytes += [UInt8(ascii: "<"), UInt8(ascii: "/")]
        bytes += name.utf8
        bytes += [UInt8(ascii: ">"), UInt8(ascii: "\n")]
    }

    /// `text` escaped for an element's content.
    mutating func text(_ text: String) {
        append(text, quotes: false)
    }

    /// `text` escaped for an attribute value in double quotes.
    mutating func attribute(_ text: String) {
        append(text, quotes: true)
    }

    private mutating func append(_ text: String, quotes: Bool) {
        MarkupEscaping.append(text, in: quotes ? .xmlAttribute : .xmlContent, to: &bytes)
    }

    /// `text` escaped for XML content, with forbidden characters left out.
    static func escaped(_ text: String) -> String {
        var writer = XMLWriter()
        writer.text(text)
        return writer.result
    }
}
