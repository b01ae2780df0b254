import NarrateCore

/// The page of a published podcast (`index.html`): its cover, title and description, the
/// feed's address to subscribe to, and every episode with a player, its transcript and
/// chapters, and a link to the original. Plain HTML and CSS, light and dark, no script.
struct PublishedIndex {
    let feed: PodcastFeed
    let addresses: PublishedFeedAddresses

    func html() -> String {
        let channel = feed.channel
        var page = """
            <!DOCTYPE html>
            <html lang="\(Self.escape(channel.language))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(channel.title))</title>
            <link rel="alternate" type="application/rss+xml" title="\(Self.escape(channel.title))" href="\(PodcastPublisher.feedName)">
            <style>
            :root { color-scheme: light dark; --muted: #666; --line: #ddd; }
            @media (prefers-color-scheme: dark) { :root { --muted: #aaa; --line: #444; } }
            body { font: 17px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 0 auto; padding: 1rem; }
            header { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
            header img { width: 9rem; height: 9rem; border-radius: .5rem; }
            h1 { margin: 0 0 .3rem; font-size: 1.6rem; }
            .subscribe code { word-break: break-all; }
            article { border-top: 1px solid var(--line); padding: 1rem 0; }
            article h2 { font-size: 1.15rem; margin: 0 0 .2rem; }
            .meta, .files { color: var(--muted); font-size: .9rem; }
            audio { width: 100%; margin: .5rem 0; }
            </style>
            </head>
            <body>
            <header>
            <img src="\(Self.escape(addresses.coverName))" alt="">
            <div>
            <h1>\(Self.escape(channel.title))</h1>
            <p>\(Self.escape(channel.description))</p>
            <p class="subscribe">Subscribe in a podcast app: <a href="\(PodcastPublisher.feedName)"><code>\(Self.escape(channel.feedURL))</code></a></p>
            </div>
            </header>
            <main>

            """
        if feed.episodes.isEmpty { page += "<p>No episodes yet.</p>\n" }
        for episode in feed.episodes {
            let local = Self.relative(episode.audioURL, to: addresses.base)
            // A book's chapter has neither file of its own.
            var links: [String] = []
            if let transcript = episode.transcripts.first {
                links.append("<a href=\"\(Self.escape(Self.relative(transcript.url, to: addresses.base)))\">Transcript</a>")
            }
            if let chapters = episode.chaptersURL {
                links.append("<a href=\"\(Self.escape(Self.relative(chapters, to: addresses.base)))\">Chapters</a>")
            }
            let files = links.isEmpty ? "" : "<p class=\"files\">" + links.joined(separator: " · ") + "</p>"
            page += """
                <article\(Self.lang(episode.language, within: channel.language))>
                <h2>\(Self.escape(episode.title))</h2>
                <p class="meta">\(Self.escape(String(episode.pubDate.prefix(16)))) · \(Self.duration(episode.durationSeconds))</p>
                <audio controls preload="metadata" src="\(Self.escape(local))"></audio>
                \(episode.descriptionHTML)
                \(files)
                </article>

                """
        }
        page += "</main>\n</body>\n</html>\n"
        return page
    }

    /// `url` as a path relative to the page when it is under `base`, so the page works
    /// wherever the folder is served.
    static func relative(_ url: String, to base: String) -> String {
        url.hasPrefix(base) ? String(url.dropFirst(base.count)) : url
    }

    /// A length as a listener reads one ("45 s", "4 min", "1 h 5 min"), not as a time of
    /// day beside the episode's date.
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(max(seconds, 0)) s" }
        let minutes = (seconds + 30) / 60
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// ` lang="…"` for an episode whose article is in another language than the page.
    static func lang(_ language: String?, within pageLanguage: String) -> String {
        guard let language, !language.isEmpty, language != pageLanguage else { return "" }
        return " lang=\"\(escape(language))\""
    }

    /// `text` escaped for HTML, without the control characters a page cannot show.
    static func escape(_ text: String) -> String {
        let shown = text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" }
        return MarkupEscaping.escaped(String(String.UnicodeScalarView(shown)), in: .html)
    }
}
