public import NarrateCore

/// An article to add to the library: what was read, and what is known about it.
public struct NewArticle: Sendable {
    /// The title (at most `MetadataText.titleLimit` characters, cut at a word).
    public var title: String { didSet { title = MetadataText.cut(title, to: MetadataText.titleLimit) } }
    /// The author, when known (at most `MetadataText.nameLimit` characters).
    public var byline: String? { didSet { byline = MetadataText.cut(byline, to: MetadataText.nameLimit) } }
    /// The site it came from, when known (at most `MetadataText.nameLimit` characters).
    public var site: String? { didSet { site = MetadataText.cut(site, to: MetadataText.nameLimit) } }
    /// The address it was fetched from, when it was.
    public var sourceURL: String?
    /// The file it was read from, when it was.
    public var sourcePath: String?
    /// ISO 639-1 code, declared or detected.
    public var language: String?
    /// When it was published, as ISO 8601 text, when known.
    public var publishedAt: String?
    /// The voice to speak it with, instead of the one its language picks.
    public var voice: String?
    /// The bytes as saved.
    public var original: [UInt8]
    /// The extracted document.
    public var document: Document
    /// Where its sentences stand, segmented once (their texts are the blocks').
    public var sentences: [SentencePlace]
    /// A long article (a book) to read a chapter at a time as it is stored: then `document`
    /// is its head (its title and the rest, no blocks), and `original` and `sentences` are
    /// empty; the chapters give them.
    public var chapters: (any ArticleChapters)?
    /// Tags to give it.
    public var tags: [String]
    /// When it was saved (ISO 8601), for one imported from a read-later service; nil: now.
    public var savedAt: String?
    /// A book's cover image (JPEG or PNG), kept for its feed; one larger than
    /// `largestCoverBytes` is not kept.
    public var cover: [UInt8]?
    /// The largest cover image kept.
    public static let largestCoverBytes = 10 << 20

    /// Creates an article to add.
    public init(
        title: String, byline: String? = nil, site: String? = nil, sourceURL: String? = nil, sourcePath: String? = nil,
        language: String? = nil, publishedAt: String? = nil, voice: String? = nil, original: [UInt8], document: Document,
        sentences: [some SentencePlaced], tags: [String] = [], cover: [UInt8]? = nil
    ) {
        self.cover = cover.flatMap { $0.isEmpty || $0.count > Self.largestCoverBytes ? nil : $0 }
        self.title = MetadataText.cut(title, to: MetadataText.titleLimit)
        self.byline = MetadataText.cut(byline, to: MetadataText.nameLimit)
        self.site = MetadataText.cut(site, to: MetadataText.nameLimit)
        self.sourceURL = sourceURL
        self.sourcePath = sourcePath
        self.language = language
        self.publishedAt = publishedAt
        self.voice = voice
        self.original = original
        self.document = document
        self.sentences = sentences.map(\.place)
        self.tags = tags
    }

    /// The document's text, blocks separated by blank lines: what is searched and hashed
    /// (the library does both a block at a time, and never makes this whole text).
    public var text: String {
        document.blocks.map(\.text).joined(separator: "\n\n")
    }

    /// Words in the text (runs of letters or digits) but in the page's apparatus (code as
    /// written, a table of contents, navigation), which is never read.
    public var wordCount: Int {
        document.blocks.reduce(0) { $1.part == .apparatus ? $0 : $0 + Self.wordCount(of: $1.text) }
    }

    /// Words in `text` (runs of letters or digits).
    static func wordCount(of text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isWordScalar =
                value < 0x80
                ? (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A || (value >= 0x30 && value <= 0x39)
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isWordScalar, !inWord { count += 1 }
            inWord = isWordScalar
        }
        return count
    }
}
