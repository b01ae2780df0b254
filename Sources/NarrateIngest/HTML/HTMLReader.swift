public import NarrateCore

/// Reads a web page into a document: the article only (as a browser's reader view finds it),
/// with its title, byline, site, language, publication time and excerpt.
public struct HTMLReader: Sendable {
    /// What narrate says in place of a code block (`pre`); empty skips code silently.
    public var codeBlockNotice: String

    /// Creates a reader.
    public init(codeBlockNotice: String = MarkdownReader.standardCodeBlockNotice) {
        self.codeBlockNotice = codeBlockNotice
    }

    /// Reads the bytes of a page. `contentType` is the HTTP header when the page was
    /// fetched (its charset wins over the page's own declaration); `name` identifies the page
    /// in errors; `url` is where it came from.
    ///
    /// Throws `.binaryInput` for data that is not text, `.noReadableArticle` for a page with no
    /// article text, `.malformedInput` for a page too deeply nested to parse.
    public func read(
        _ bytes: [UInt8], contentType: String? = nil, name: String, url: String? = nil
    ) throws(NarrateError) -> (document: Document, source: String) {
        try Self.refuseBinary(bytes, name: name)
        let decoded = HTMLCharset.decode(bytes, contentType: contentType)
        guard decoded.text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw .emptyInput(path: name)
        }
        return (try read(html: decoded.text, name: name, url: url), decoded.text)
    }

    /// Reads a page already decoded to text.
    public func read(html: String, name: String, url: String? = nil) throws(NarrateError) -> Document {
        let page = try HTMLParser().parse(html, name: name)
        let metadata = HTMLMetadata(page: page)
        Self.prepare(page)
        let titleOffset = page.elements("title").first?.sourceOffset ?? 0
        let canonicalURL = Self.canonicalURL(page)
        var extractor = ArticleExtractor(title: metadata.title)
        // The first attempt takes this page apart; a later one builds it again from the
        // blueprint (a compact copy) rather than parse it again or keep a second tree.
        let blueprint = PageBlueprint(page)
        var unread: HTMLNode? = consume page
        let found = extractor.extract {
            defer { unread = nil }
            return unread ?? blueprint.build()
        }
        guard let article = found, Self.isReadable(article) else {
            throw .noReadableArticle(path: name)
        }
        var builder = ArticleBlockBuilder(codeBlockNotice: codeBlockNotice, offsets: ScalarOffsets(html))
        var blocks = builder.blocks(of: article)
        guard blocks.contains(where: \.isArticleText) else {
            throw .noReadableArticle(path: name)
        }
        let title = metadata.title.isEmpty ? Self.shortTitle(blocks.first(where: \.isArticleText)?.text ?? "") : metadata.title
        // The title is read first, unless the article already starts with it.
        if !title.isEmpty, blocks.first?.text != title {
            // The builder's converter, not a second copy of the page's bytes.
            let source = builder.offsets.scalarOffset(ofByte: titleOffset)
            blocks.insert(
                Block(kind: .heading(level: 1), text: title, sourceMap: .identity(sourceOffset: source, length: 0)), at: 0
            )
        }
        return Document(
            title: title, blocks: blocks, format: .html, language: metadata.language,
            byline: metadata.byline ?? extractor.byline, site: metadata.site, publishedAt: metadata.publishedAt,
            excerpt: metadata.excerpt ?? Self.firstParagraph(blocks), sourceURL: url ?? canonicalURL
        )
    }

    /// Reads one chapter of a book (an EPUB's content document) whole: a book has no menus,
    /// adverts or comments, so nothing is extracted, only what is never read (scripts, styles,
    /// `nav`) is dropped. Source offsets count from the start of `html`; the title is the
    /// document's `<title>`, when it has one.
    func chapter(html: String, name: String) throws(NarrateError) -> (blocks: [Block], title: String?) {
        let page = try HTMLParser().parse(html, name: name)
        let title = page.elements("title").first.map { HTMLNode.collapsingWhitespace($0.textContent) }
        Self.prepare(page)
        let body = page.elements("body").first ?? page
        var builder = ArticleBlockBuilder(codeBlockNotice: codeBlockNotice, offsets: ScalarOffsets(html))
        return (builder.blocks(of: body), title?.isEmpty == false ? title : nil)
    }

    /// Whether what the extractor kept is an article rather than a menu: some words outside
    /// links (the extractor, having no better choice, returns a page of links too). Links to
    /// `javascript:` are not links to anywhere and count as text.
    static func isReadable(_ article: HTMLNode) -> Bool {
        var stack: [HTMLNode] = [article]
        while let node = stack.popLast() {
            ExtractionWork.record()
            if node.isText {
                if node.text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
                    return true
                }
                continue
            }
            if node.tag == "a", let href = node.attribute("href"), !href.lowercased().hasPrefix("javascript:") { continue }
            stack.append(contentsOf: node.children)
        }
        return false
    }

    /// Removes what is never read (scripts, styles, templates, `nav` menus) and turns `<br><br>` runs into
    /// paragraphs and `<font>` into spans, before the article is looked for.
    static func prepare(_ page: HTMLNode) {
        for node in page.elements(["script", "noscript", "style", "template", "nav"]) { node.detach() }
        for node in page.elements("font") { node.retag("span") }
        for lineBreak in page.elements("br") { joinLineBreakRun(lineBreak) }
    }

    /// After two or more `<br>`s, the inline content that follows becomes a paragraph.
    private static func joinLineBreakRun(_ lineBreak: HTMLNode) {
        guard lineBreak.parent != nil else { return }
        var replaced = false
        var next = ArticleExtractor.nextNonWhitespace(lineBreak.nextSibling)
        while let current = next, current.tag == "br" {
            replaced = true
            let after = current.nextSibling
            current.detach()
            next = ArticleExtractor.nextNonWhitespace(after)
        }
        guard replaced else { return }
        let paragraph = HTMLNode(tag: "p", sourceOffset: lineBreak.sourceOffset)
        lineBreak.replace(with: paragraph)
        var sibling = paragraph.nextSibling
        while let current = sibling {
            if current.tag == "br", let following = ArticleExtractor.nextNonWhitespace(current.nextSibling), following.tag == "br" {
                break
            }
            guard ArticleExtractor.isPhrasingContent(current) else { break }
            sibling = current.nextSibling
            paragraph.append(current)
        }
        ArticleExtractor.trimTrailingWhitespace(paragraph)
        if let parent = paragraph.parent, parent.tag == "p" { parent.retag("div") }
    }

    private static func refuseBinary(_ bytes: [UInt8], name: String) throws(NarrateError) {
        // UTF-16 pages have NULs; they start with a byte-order mark.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return }
        if let nul = bytes.prefix(8192).firstIndex(of: 0) { throw .binaryInput(path: name, byteOffset: nul) }
    }

    private static func canonicalURL(_ page: HTMLNode) -> String? {
        let link = page.elements("link").first { ($0.attribute("rel") ?? "").lowercased() == "canonical" }
        guard let href = link?.attribute("href"), href.hasPrefix("http://") || href.hasPrefix("https://") else { return nil }
        return href
    }

    /// A title made from the first text of a page without one: up to about 80 characters,
    /// cut at a word.
    static func shortTitle(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        guard line.count > 80 else { return line }
        var cut = String(line.prefix(80))
        if let space = cut.lastIndex(of: " ") { cut = String(cut[..<space]) }
        return cut + "…"
    }

    private static func firstParagraph(_ blocks: [Block]) -> String? {
        blocks.first { $0.kind == .paragraph && $0.isArticleText }?.text
    }
}
