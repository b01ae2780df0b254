import NarrateCore
import NarrateImport
import NarrateLibrary
import NarrateListening

/// The HTML of the two pages, made on the server so they read without JavaScript: the
/// library's list, and an article's text. Their scripts (Public/) make them a player.
enum PageWriter {
    /// The library page listing `articles`, with the podcast `feeds` to subscribe to.
    static func library(_ articles: [ArticleSummary], feeds: [(title: String, url: String)] = []) -> String {
        var items = ""
        for article in articles {
            var meta = [article.site, article.language].compactMap { $0 }
            meta.append(article.finished ? "finished" : "\(DurationText.minutes(article.secondsLeft)) left")
            items += """
                <li class="article" data-article-id="\(article.id)"><a href="/articles/\(article.id)"\(langAttribute(article.language))>\(escape(article.title))</a> \
                <span class="meta">\(escape(meta.joined(separator: " · ")))</span></li>

                """
        }
        return page(
            title: "narrate: library", script: "library.js", bodyClass: "library-page",
            body: """
                <header class="top"><h1>Library</h1></header>
                <main id="library">
                <section id="library-tools" hidden></section>
                <ul id="articles" class="articles">
                \(items)</ul>
                <p id="empty"\(articles.isEmpty ? "" : " hidden")>No articles yet.</p>
                \(podcastSection(feeds))</main>
                """
        )
    }

    /// Where a podcast app subscribes: each feed's address, to copy into it, under `summary`;
    /// `note` says what to do with them.
    static func podcastSection(
        _ feeds: [(title: String, url: String)], summary: String = "Listen in a podcast app",
        note: String =
            "Copy an address into your podcast app (“Add by URL”). Episodes appear as their audio is made; add <code>?format=opus</code> for Opus."
    ) -> String {
        guard !feeds.isEmpty else { return "" }
        var items = ""
        for feed in feeds {
            items +=
                "<li><span class=\"feed-title\">\(escape(feed.title))</span> <a class=\"feed-url\" href=\"\(escape(feed.url))\">\(escape(feed.url))</a></li>\n"
        }
        return """
            <details id="podcast" class="podcast">
            <summary>\(summary)</summary>
            <p>\(note)</p>
            <ul class="feeds">
            \(items)</ul>
            </details>

            """
    }

    /// Whether `article` is a book, offered as a podcast of its own: an EPUB or a PDF, or an
    /// article of two chapters or more.
    static func isBook(_ article: StoredArticle) -> Bool {
        if article.document.format == .epub || article.document.format == .pdf { return true }
        return article.document.blocks.count(where: \.startsChapter) >= 3
    }

    /// The page of `article`; `bookFeed`, the address of its own podcast feed (a book's).
    static func article(_ article: StoredArticle, bookFeed: String? = nil) -> String {
        var text = ""
        var openList = false
        var blocks = ArticleTranscript.blocks(of: article.document)
        // A first heading that is the title (a Markdown article's `# Title`) is the page's
        // h1, spoken and highlighted like any block; else the title stands above the text.
        var title = "<h1 class=\"title\">\(escape(article.summary.title))</h1>\n"
        if let first = blocks.first, first.kind == "heading", first.text == article.summary.title {
            title = "<h1 class=\"title\" data-block=\"\(first.index)\">\(escape(first.text))</h1>\n"
            blocks.removeFirst()
        }
        for block in blocks {
            let isItem = block.kind == "listItem"
            if isItem, !openList { text += "<ul>\n" }
            if !isItem, openList { text += "</ul>\n" }
            openList = isItem
            let content = escape(block.text)
            // The article's title is the page's h1: its headings start at h2.
            let level = min(max((block.level ?? 1) + 1, 2), 6)
            // A part the reading choices may skip (references, a table row) says which it is.
            let attributes = "data-block=\"\(block.index)\"" + (block.part.map { " data-part=\"\($0)\"" } ?? "")
            let element: String =
                switch block.kind {
                case "heading": "<h\(level) \(attributes)>\(content)</h\(level)>"
                case "listItem": "<li \(attributes)>\(content)</li>"
                case "quote": "<blockquote \(attributes)>\(content)</blockquote>"
                case "notice": "<p class=\"notice\" \(attributes)>\(content)</p>"
                // Shown as written, never read.
                case "code": "<pre class=\"code\" \(attributes)>\(content)</pre>"
                default: "<p \(attributes)>\(content)</p>"
                }
            text += element + "\n"
        }
        if openList { text += "</ul>\n" }
        let byline = article.byline.map { "<p class=\"byline\">\(escape($0))</p>\n" } ?? ""
        // The page is in the article's language, so that screen readers, hyphenation and
        // the browser's translation read its text as what it is; the page's own words (the
        // way back, the player) stay marked as English.
        let language = Self.language(of: article.summary.language)
        let chrome = language == Self.pageLanguage ? "" : " lang=\"\(Self.pageLanguage)\""
        return page(
            title: article.summary.title, script: "article.js", bodyClass: "article-page", language: language,
            body: """
                <header class="top"\(chrome)><a href="/" class="back">Library</a></header>
                <main id="article" data-article-id="\(article.summary.id)">
                \(bookFeed.map { bookSection($0) } ?? "")<div id="text">
                \(title)\(byline)\(text)</div>
                </main>
                <div id="player"\(chrome) hidden></div>
                <audio id="audio" preload="auto"></audio>
                """
        )
    }

    /// Where a podcast app subscribes to the book alone, a chapter an episode.
    static func bookSection(_ feed: String) -> String {
        podcastSection(
            [("This book, a chapter an episode", feed)], summary: "Listen to this book in a podcast app",
            note:
                "Copy the address into your podcast app (“Add by URL”): each chapter is an episode, in order, once the book’s audio is made."
        )
    }

    /// The page that adds what another app shared: its address or text, and "Add to library",
    /// pressed by itself when `automatic` (the browser says no other site sent the listener).
    static func share(_ item: SharedItem, automatic: Bool) -> String {
        var shown = ""
        var data = ""
        switch item {
        case .link(let url, let title):
            data = " data-kind=\"link\" data-url=\"\(escape(url))\"" + (title.map { " data-title=\"\(escape($0))\"" } ?? "")
            if let title { shown += "<p class=\"shared-title\">\(escape(title))</p>\n" }
            shown += "<p class=\"shared-url\"><a href=\"\(escape(url))\" rel=\"noreferrer noopener\">\(escape(url))</a></p>\n"
        case .text(let text, let title):
            data = " data-kind=\"text\"" + (title.map { " data-title=\"\(escape($0))\"" } ?? "")
            if let title { shown += "<p class=\"shared-title\">\(escape(title))</p>\n" }
            shown += "<blockquote id=\"shared-text\" class=\"shared-text\">\(escape(text))</blockquote>\n"
        case .nothing:
            return page(
                title: "narrate: nothing to add", script: "share.js", bodyClass: "share-page",
                body: """
                    <header class="top"><a href="/" class="back">Library</a></header>
                    <main id="share-nothing"><h1>Nothing to add</h1>
                    <p role="alert">What was shared has no web address and no text: share a page, or its address.</p></main>
                    """
            )
        }
        return page(
            title: "narrate: add to the library", script: "share.js", bodyClass: "share-page",
            body: """
                <header class="top"><a href="/" class="back">Library</a></header>
                <main id="share"\(data) data-automatic="\(automatic)">
                <h1>Add to the library</h1>
                \(shown)<p class="actions"><button type="button" id="share-add" class="primary">Add to library</button></p>
                <p id="share-status" class="status" role="status"></p>
                </main>
                """
        )
    }

    /// The language of the pages' own words.
    static let pageLanguage = "en"

    /// A language tag fit for a `lang` attribute: the article's as the library keeps it
    /// ("uk", "en-gb", "de"), else the pages' own when it has none or none that HTML reads.
    static func language(of code: String?) -> String {
        guard let code, !code.isEmpty, code.count <= 35,
            code.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
        else { return pageLanguage }
        return code
    }

    /// ` lang="…"` for an element holding text in `code`, or nothing when the article's
    /// language is not known.
    static func langAttribute(_ code: String?) -> String {
        guard let code, language(of: code) == code else { return "" }
        return " lang=\"\(code)\""
    }

    private static func page(title: String, script: String, bodyClass: String, language: String = pageLanguage, body: String) -> String {
        """
        <!doctype html>
        <html lang="\(language)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#1a5fb4">
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#16171a">
        <link rel="manifest" href="/manifest.webmanifest">
        <link rel="icon" href="/icons/192.png" type="image/png">
        <link rel="apple-touch-icon" href="/icons/192.png">
        <title>\(escape(title))</title>
        <link rel="stylesheet" href="/static/style.css">
        <script src="/static/common.js" defer></script>
        <script src="/static/offline.js" defer></script>
        <script src="/static/\(script)" defer></script>
        </head>
        <body class="\(bodyClass)">
        \(body)
        </body>
        </html>

        """
    }

    /// `text` safe inside HTML text and attribute values.
    static func escape(_ text: String) -> String {
        MarkupEscaping.escaped(text, in: .html)
    }
}
