import Foundation
public import NarrateCore
public import NarrateLibrary

/// Makes a podcast feed of the library: each article of the selection that has audio in the
/// feed's format is an episode, with its chapters and transcripts, under the podcast's
/// settings. A front end says where the files are reached (`FeedAddressing`).
public struct PodcastFeedMaker: Sendable {
    /// The library.
    public let library: ArticleLibrary

    /// A maker over `library`.
    public init(library: ArticleLibrary) {
        self.library = library
    }

    /// The feed of `selection`, its files at `addresses`; `isPrivate` for a feed whose
    /// address holds a secret (directories are asked not to list it); `podcastGuid` for a
    /// public feed that has one (`podcastGuid(feedURL:)`, made once and kept). An episode
    /// whose audio file is gone is left out, and its render forgotten (the episode is made
    /// again).
    public func feed(
        _ selection: FeedSelection, addresses: any FeedAddressing, isPrivate: Bool, podcastGuid: String? = nil,
        settings: PodcastSettings? = nil
    ) throws(NarrateError) -> PodcastFeed {
        try feedWithRecords(selection, addresses: addresses, isPrivate: isPrivate, podcastGuid: podcastGuid, settings: settings).feed
    }

    /// The feed, and the library's records of its episodes in the same order (one read:
    /// what a publisher writes is exactly what the feed names).
    public func feedWithRecords(
        _ selection: FeedSelection, addresses: any FeedAddressing, isPrivate: Bool, podcastGuid: String? = nil,
        settings: PodcastSettings? = nil
    ) throws(NarrateError) -> (feed: PodcastFeed, records: [EpisodeRecord]) {
        let settings = if let settings { settings } else { try PodcastSettings.load(from: library) }
        if case .book(let id) = selection.articles {
            return try bookFeed(
                id, selection: selection, addresses: addresses, isPrivate: isPrivate, podcastGuid: podcastGuid, settings: settings)
        }
        let records = try selection.episodes(in: library)
        let language = settings.language ?? Self.mostCommonLanguage(records) ?? "en"
        var episodes: [PodcastFeed.Episode] = []
        var kept: [EpisodeRecord] = []
        episodes.reserveCapacity(records.count)
        kept.reserveCapacity(records.count)
        var newest = ""
        var gone: [Int64] = []
        for record in records {
            let size: Int64
            switch Self.fileSize(record.render.path) {
            case .size(let bytes): size = bytes
            case .missing:
                gone.append(record.render.id)
                continue
            case .unreadable:
                continue
            }
            newest = max(newest, record.savedAt, record.render.createdAt)
            let episodeLanguage = record.language.flatMap { $0 == language ? nil : $0 }
            kept.append(record)
            episodes.append(
                PodcastFeed.Episode(
                    guid: Self.guid(of: record), title: record.title, descriptionHTML: Self.descriptionHTML(of: record),
                    link: record.sourceURL, pubDate: FeedDate.rfc822(iso8601: record.savedAt) ?? "", author: record.byline,
                    audioURL: addresses.audioURL(of: record, format: selection.format), audioLength: size,
                    audioType: selection.format.mimeType, durationSeconds: Int(record.render.duration.rounded()),
                    chaptersURL: addresses.fileURL(of: record, .chapters),
                    transcripts: [EpisodeFile.webVTT, .srt].map { .init(url: addresses.fileURL(of: record, $0), type: $0.mimeType) },
                    language: episodeLanguage
                ))
        }
        // A render whose file is gone (not one that cannot be read now) is forgotten, so the
        // episode is made again.
        for id in gone { try library.renders.forgetRender(id: id) }
        let channel = PodcastFeed.Channel(
            title: settings.title + selection.titleSuffix, description: settings.description, language: language,
            link: addresses.homeURL, feedURL: addresses.feedURL, author: settings.author, category: settings.category,
            explicit: settings.explicit, coverURL: addresses.coverURL, isPrivate: isPrivate,
            podcastGuid: isPrivate ? nil : podcastGuid,
            lastBuildDate: newest.isEmpty ? nil : FeedDate.rfc822(iso8601: newest)
        )
        return (PodcastFeed(channel: channel, episodes: episodes), kept)
    }

    /// The feed of book `id`: its chapters in order, each an episode (`BookChapters`), under
    /// the book's title, author and language; no episode until it has an MP3 render.
    private func bookFeed(
        _ id: Int64, selection: FeedSelection, addresses: any FeedAddressing, isPrivate: Bool, podcastGuid: String?,
        settings: PodcastSettings
    ) throws(NarrateError) -> (feed: PodcastFeed, records: [EpisodeRecord]) {
        guard selection.format == .mp3 else {
            throw .invalidOption(name: "format", message: "a book's feed is MP3 (its chapters are cut from its MP3 render)")
        }
        let article = try library.articles.article(id: id)
        let records = try selection.episodes(in: library)
        var episodes: [PodcastFeed.Episode] = []
        if let record = records.first {
            let chapters = try BookChapters(record: record, library: library)
            let date = FeedDate.rfc822(iso8601: record.savedAt) ?? ""
            for file in chapters.files {
                episodes.append(
                    PodcastFeed.Episode(
                        guid: Self.guid(of: record) + "-chapter-\(file.number)", title: file.title,
                        descriptionHTML: "<p>\(Self.html(file.title)) · \(Self.html(record.title))</p>", link: record.sourceURL,
                        pubDate: date, author: record.byline, audioURL: addresses.chapterURL(of: record, chapter: file.number),
                        audioLength: file.bytes, audioType: selection.format.mimeType, durationSeconds: Int(file.durationSeconds.rounded()),
                        chaptersURL: addresses.chapterFileURL(of: record, chapter: file.number, .chapters),
                        transcripts: [EpisodeFile.webVTT, .srt].map {
                            .init(url: addresses.chapterFileURL(of: record, chapter: file.number, $0), type: $0.mimeType)
                        },
                        language: nil, number: file.number
                    ))
            }
        }
        let excerpt = records.first?.excerpt ?? ""
        var channel = PodcastFeed.Channel(
            title: article.summary.title, description: excerpt.isEmpty ? "\(article.summary.title), read aloud by narrate" : excerpt,
            language: article.summary.language ?? settings.language ?? "en", link: addresses.homeURL, feedURL: addresses.feedURL,
            author: article.byline ?? settings.author, category: settings.category, explicit: settings.explicit,
            coverURL: addresses.coverURL, isPrivate: isPrivate, podcastGuid: isPrivate ? nil : podcastGuid,
            lastBuildDate: records.first.flatMap { FeedDate.rfc822(iso8601: max($0.savedAt, $0.render.createdAt)) }
        )
        channel.isSerial = true
        return (PodcastFeed(channel: channel, episodes: episodes), records)
    }

    /// An episode's guid: from the article's content hash, so the same article keeps it
    /// across renders, runs and feeds.
    public static func guid(of record: EpisodeRecord) -> String {
        "narrate-article-" + record.contentHash.prefix(32)
    }

    /// The episode's description: the excerpt, who wrote it where, and a link to the original.
    static func descriptionHTML(of record: EpisodeRecord) -> String {
        var parts: [String] = []
        if let excerpt = record.excerpt, !excerpt.isEmpty { parts.append("<p>\(Self.html(excerpt))</p>") }
        let credit = [record.byline.map { "By \($0)" }, record.site].compactMap { $0 }.filter { !$0.isEmpty }
        if !credit.isEmpty { parts.append("<p>\(Self.html(credit.joined(separator: " · ")))</p>") }
        if let url = record.sourceURL, url.hasPrefix("http://") || url.hasPrefix("https://") {
            parts.append("<p><a href=\"\(Self.html(url))\">Read the original</a></p>")
        }
        if parts.isEmpty { parts.append("<p>\(Self.html(record.title))</p>") }
        return parts.joined()
    }

    private static func html(_ text: String) -> String {
        MarkupEscaping.escaped(text, in: .html)
    }

    /// The Podcasting 2.0 guid of a public feed at `feedURL`: a version 5 UUID of the address
    /// without the scheme and trailing slashes, in the namespace the specification gives. A
    /// podcast keeps the guid it was first given, whatever its address later.
    public static func podcastGuid(feedURL: String) -> String {
        var address = Substring(feedURL)
        if let scheme = address.range(of: "://") { address = address[scheme.upperBound...] }
        while address.hasSuffix("/") { address = address.dropLast() }
        // ead4c236-bf58-58c6-a2c6-a6b28d128cb6
        let namespace: [UInt8] = [
            0xEA, 0xD4, 0xC2, 0x36, 0xBF, 0x58, 0x58, 0xC6, 0xA2, 0xC6, 0xA6, 0xB2, 0x8D, 0x12, 0x8C, 0xB6,
        ]
        var bytes = Array(MessageDigest.hash(.sha1, of: namespace + Array(address.utf8)).prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x50
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
        }
        return groups.joined(separator: "-")
    }

    private static func mostCommonLanguage(_ records: [EpisodeRecord]) -> String? {
        var counts: [String: Int] = [:]
        for record in records { if let language = record.language { counts[language, default: 0] += 1 } }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    /// What `stat` says of an episode's file.
    enum FileState {
        case size(Int64)
        /// There is nothing at the path (or not a file).
        case missing
        /// It cannot be looked at now (permissions, an I/O error, an unmounted disk).
        case unreadable
    }

    /// The size of the file at `path`, or why there is none.
    static func fileSize(_ path: String) -> FileState {
        var status = stat()
        guard stat(path, &status) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        return (status.st_mode & S_IFMT) == S_IFREG ? .size(Int64(status.st_size)) : .missing
    }
}
