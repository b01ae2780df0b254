/// An article read into narratable blocks, independent of the format it came from.
public struct Document: Sendable, Equatable, Codable {
    /// The article's title: its first heading, or its first line; at most
    /// `MetadataText.titleLimit` characters.
    public var title: String { didSet { title = MetadataText.cut(title, to: MetadataText.titleLimit) } }
    /// The blocks to speak, in reading order.
    public var blocks: [Block]
    /// The format the document was read from.
    public var format: SourceFormat
    /// The language the article declares (Markdown front matter `lang:`, HTML `lang`), if any.
    public var language: String?
    /// Who wrote it, when the source says (at most `MetadataText.nameLimit` characters).
    public var byline: String? { didSet { byline = MetadataText.cut(byline, to: MetadataText.nameLimit) } }
    /// The site or publication it comes from (at most `MetadataText.nameLimit` characters).
    public var site: String? { didSet { site = MetadataText.cut(site, to: MetadataText.nameLimit) } }
    /// When it was published, as the source gives it (ISO 8601 when it is).
    public var publishedAt: String?
    /// A one- or two-sentence summary the source gives.
    public var excerpt: String?
    /// The address it was fetched from (after redirects), or the page's canonical address.
    public var sourceURL: String?

    /// Creates a document.
    public init(
        title: String, blocks: [Block], format: SourceFormat, language: String? = nil, byline: String? = nil,
        site: String? = nil, publishedAt: String? = nil, excerpt: String? = nil, sourceURL: String? = nil
    ) {
        self.title = MetadataText.cut(title, to: MetadataText.titleLimit)
        self.blocks = blocks
        self.format = format
        self.language = language
        self.byline = MetadataText.cut(byline, to: MetadataText.nameLimit)
        self.site = MetadataText.cut(site, to: MetadataText.nameLimit)
        self.publishedAt = publishedAt
        self.excerpt = excerpt
        self.sourceURL = sourceURL
    }

    /// Whether any block has something to say (the page's apparatus, code as written among
    /// it, is never said).
    public var hasSpeakableText: Bool {
        blocks.contains { $0.part != .apparatus && $0.isSpeakable }
    }

    /// The text of its blocks but code as written, separated by blank lines: what its
    /// language is told from.
    public var proseText: String {
        blocks.lazy.filter { $0.kind != .code }.map(\.text).joined(separator: "\n\n")
    }
}

/// The formats narrate reads.
public enum SourceFormat: String, Sendable, Equatable, CaseIterable, Codable {
    /// Plain text: paragraphs separated by blank lines.
    case text
    /// CommonMark with GitHub extensions.
    case markdown
    /// A web page: the article is extracted, the rest (menus, ads, comments) dropped.
    case html
    /// An EPUB book (2 or 3): its chapters in reading order, each read whole, titled from its
    /// table of contents.
    case epub
    /// A PDF document: its text layer in reading order, paragraphs and headings found from
    /// the layout and the outline.
    case pdf
}

extension Document {
    /// Whether a summary excerpt may be made from `block` first: a paragraph of the
    /// article's own that says something.
    public static func isExcerptParagraph(_ block: Block) -> Bool {
        block.kind == .paragraph && block.part == nil && block.isSpeakable
    }

    /// Whether an excerpt may be made from `block` when no paragraph is: a block of the
    /// article's own that says something, not a notice, and not the title's words again.
    public static func isExcerptFallback(_ block: Block, titleWords: [Substring]) -> Bool {
        block.kind != .notice && block.part == nil && block.isSpeakable
            && block.text.split(whereSeparator: \.isWhitespace) != titleWords
    }

    /// What a listing or a podcast episode says of the article: the excerpt the source gives,
    /// else the first paragraph that says something, cut at a word boundary near `limit`
    /// characters (with "…"); nil when the article has neither.
    public func summaryExcerpt(limit: Int = 300) -> String? {
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace) }
        let given = excerpt.map(words) ?? []
        let titleWords = words(title)
        let source =
            !given.isEmpty
            ? given
            : blocks.first(where: Self.isExcerptParagraph).map { words($0.text) }
                ?? blocks.first { Self.isExcerptFallback($0, titleWords: titleWords) }.map { words($0.text) }
        guard let source, !source.isEmpty else { return nil }
        var result = ""
        for word in source {
            if !result.isEmpty, result.count + 1 + word.count > limit {
                while let last = result.last, last.isPunctuation || last.isWhitespace { result.removeLast() }
                return result + "…"
            }
            result += (result.isEmpty ? "" : " ") + word
        }
        return result
    }
}
