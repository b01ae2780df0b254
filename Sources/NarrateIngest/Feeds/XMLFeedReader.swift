import Foundation

/// RSS, RDF and Atom feeds from their XML trees.
struct XMLFeedReader {
    /// The feed's address, which relative links are resolved against.
    var base: String

    private typealias Namespace = FeedParser.Namespace

    /// RSS 0.9x and 2.0: `<rss><channel>` with `<item>`s.
    func rss(_ root: XMLTree.Element) -> Feed {
        let channel = root.child("channel") ?? root
        let site = link(channel.child("link")?.text, against: base)
        var feed = Feed(
            format: .rss, title: plain(channel.child("title")?.text), siteURL: site,
            feedURL: link(
                channel.children("link", in: Namespace.atom).first { $0.attribute("rel") == "self" }?.attribute("href"), against: base),
            language: plain(channel.child("language")?.text ?? channel.child("language", in: Namespace.dublinCore)?.text)
        )
        // RSS 0.91 puts items in the channel; a few feeds put them beside it.
        let items = channel.children("item") + (channel.node == root.node ? [] : root.children("item"))
        feed.items = items.map { rssItem($0, base: site ?? base) }
        return feed
    }

    private func rssItem(_ item: XMLTree.Element, base: String) -> FeedItem {
        let guidElement = item.child("guid")
        let guid = plain(guidElement?.text)
        var url = link(item.child("link")?.text, against: base)
        // A guid that is a permalink (the default) is the article's address when there is no link.
        if url == nil, let guid, guidElement?.attribute("isPermaLink")?.lowercased() != "false", guid.hasPrefix("http") {
            url = link(guid, against: base)
        }
        let encoded = item.child("encoded", in: Namespace.content)?.text
        return FeedItem(
            guid: guid, url: url, title: plain(item.child("title")?.text),
            author: plain(item.child("creator", in: Namespace.dublinCore)?.text ?? item.child("author")?.text),
            published: date(item.child("pubDate")?.text ?? item.child("date", in: Namespace.dublinCore)?.text),
            content: nonEmpty(encoded), contentIsHTML: true, summary: nonEmpty(item.child("description")?.text),
            tags: item.children("category").compactMap { plain($0.text) }
                + item.children("subject", in: Namespace.dublinCore).compactMap { plain($0.text) }
        )
    }

    /// RSS 1.0 (and 0.90): `<rdf:RDF>` with a `<channel>` and `<item>`s beside it.
    func rdf(_ root: XMLTree.Element) -> Feed {
        let space = root.child("channel", in: Namespace.rss1) != nil ? Namespace.rss1 : Namespace.rss090
        let channel = root.child("channel", in: space)
        let site = link(channel?.child("link", in: space)?.text, against: base)
        var feed = Feed(
            format: .rdf, title: plain(channel?.child("title", in: space)?.text), siteURL: site,
            language: plain(channel?.child("language", in: Namespace.dublinCore)?.text)
        )
        feed.items = root.children("item", in: space).map { item in
            FeedItem(
                guid: plain(item.attribute("about", in: Namespace.rdf)),
                url: link(item.child("link", in: space)?.text, against: site ?? base),
                title: plain(item.child("title", in: space)?.text),
                author: plain(item.child("creator", in: Namespace.dublinCore)?.text),
                published: date(item.child("date", in: Namespace.dublinCore)?.text),
                content: nonEmpty(item.child("encoded", in: Namespace.content)?.text), contentIsHTML: true,
                summary: nonEmpty(item.child("description", in: space)?.text),
                tags: item.children("subject", in: Namespace.dublinCore).compactMap { plain($0.text) }
            )
        }
        return feed
    }

    /// Atom 1.0: `<feed>` with `<entry>`s.
    func atom(_ root: XMLTree.Element) -> Feed {
        let feedBase = resolvedBase(of: root, against: base)
        let links = root.children("link", in: Namespace.atom)
        var feed = Feed(
            format: .atom, title: atomText(root.child("title", in: Namespace.atom)),
            siteURL: alternate(links, base: feedBase),
            feedURL: links.first { $0.attribute("rel") == "self" }?.attribute("href").flatMap { link($0, against: feedBase) },
            language: plain(root.attribute("lang", in: Namespace.xml))
        )
        let feedAuthor = plain(root.child("author", in: Namespace.atom)?.child("name", in: Namespace.atom)?.text)
        feed.items = root.children("entry", in: Namespace.atom).map { entry in
            let entryBase = resolvedBase(of: entry, against: feedBase)
            let content = entry.child("content", in: Namespace.atom)
            // Content with a `src` is elsewhere; text content is plain.
            var body: String?
            var isHTML = true
            if let content, content.attribute("src") == nil {
                switch content.attribute("type")?.lowercased() ?? "text" {
                case "xhtml":
                    body = nonEmpty(content.child("div", in: "http://www.w3.org/1999/xhtml")?.innerMarkup ?? content.innerMarkup)
                case "html", "text/html":
                    body = nonEmpty(content.text)
                case "text", "text/plain":
                    body = nonEmpty(content.text)
                    isHTML = false
                default:
                    body = nil
                }
            }
            let summary = entry.child("summary", in: Namespace.atom)
            return FeedItem(
                guid: plain(entry.child("id", in: Namespace.atom)?.text),
                url: alternate(entry.children("link", in: Namespace.atom), base: entryBase),
                title: atomText(entry.child("title", in: Namespace.atom)),
                author: plain(entry.child("author", in: Namespace.atom)?.child("name", in: Namespace.atom)?.text) ?? feedAuthor,
                published: date(entry.child("published", in: Namespace.atom)?.text ?? entry.child("updated", in: Namespace.atom)?.text),
                content: body, contentIsHTML: isHTML,
                summary: summary.flatMap { $0.attribute("type") == "xhtml" ? nonEmpty($0.innerMarkup) : nonEmpty($0.text) },
                tags: entry.children("category", in: Namespace.atom).compactMap { plain($0.attribute("label") ?? $0.attribute("term")) }
            )
        }
        return feed
    }

    /// The `alternate` link (a link without `rel` is one), HTML first.
    private func alternate(_ links: [XMLTree.Element], base: String) -> String? {
        let alternates = links.filter { ($0.attribute("rel") ?? "alternate") == "alternate" }
        let chosen = alternates.first { ($0.attribute("type") ?? "text/html").contains("html") } ?? alternates.first
        return chosen?.attribute("href").flatMap { link($0, against: base) }
    }

    /// An Atom text construct as plain text (HTML and XHTML without their markup).
    private func atomText(_ element: XMLTree.Element?) -> String? {
        guard let element else { return nil }
        switch element.attribute("type")?.lowercased() {
        case "html":
            return htmlText(element.text)
        default:
            return plain(element.text)
        }
    }

    /// The text of an HTML fragment (entities decoded, tags gone).
    private func htmlText(_ html: String) -> String? {
        guard let node = try? HTMLParser().parse(html, name: base) else { return plain(html) }
        return plain(ArticleText.innerText(node))
    }

    /// `xml:base` of `element`, resolved against `base`.
    private func resolvedBase(of element: XMLTree.Element, against base: String) -> String {
        guard let declared = element.attribute("base", in: Namespace.xml) else { return base }
        return link(declared, against: base) ?? base
    }

    /// `text` trimmed and with runs of white space made one space; nil when empty.
    func plain(_ text: String?) -> String? {
        Self.plain(text)
    }

    /// `text` trimmed and with runs of white space made one space; nil when empty.
    static func plain(_ text: String?) -> String? {
        guard let text else { return nil }
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return collapsed.isEmpty ? nil : collapsed
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }

    private func date(_ text: String?) -> String? {
        guard let text = plain(text) else { return nil }
        return FeedTimestamp.iso8601(text) ?? text
    }

    /// `reference` made absolute against `base`; nil when it is empty or no link.
    func link(_ reference: String?, against base: String) -> String? {
        FeedLink.absolute(reference, against: base)
    }
}
