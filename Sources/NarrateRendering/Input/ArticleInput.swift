public import NarrateCore
public import NarrateFetch
public import NarrateIngest

/// Reading the article a command was given: refusing formats narrate cannot read yet, and
/// loading the rest into a document.
public enum ArticleInput {
    /// Extensions of formats narrate does not read yet; refused unless a format is forced.
    public static let unsupportedExtensions: Set<String> = [
        "docx", "doc", "odt", "rtf", "wav", "mp3", "flac", "ogg",
    ]

    /// Refuses a file of a format narrate cannot read yet, unless a format is forced.
    public static func refuseUnsupported(_ input: String, format: SourceFormat?) throws(NarrateError) {
        guard !PageFetcher.isURL(input) else { return }
        let fileExtension = ArticleLoader.fileExtension(of: input)
        if unsupportedExtensions.contains(fileExtension), format == nil {
            throw .malformedInput(
                path: input,
                message:
                    "is a .\(fileExtension) file; narrate reads plain text, Markdown, web pages, EPUB books and PDFs (.txt, .md, .html, .epub, .pdf)"
            )
        }
    }

    /// An article read from a file, standard input or a URL.
    public struct Loaded: Sendable {
        /// The document.
        public var document: Document
        /// The decoded source its source maps point into.
        public var source: String
        /// The bytes as read or fetched.
        public var bytes: [UInt8]
        /// The address after redirects, for a fetched page.
        public var url: String?
        /// A book's cover image (JPEG or PNG), when it has one.
        public var cover: [UInt8]?

        /// An article read as `document`, from `source` decoded from `bytes` (fetched from `url`).
        package init(document: Document, source: String, bytes: [UInt8], url: String? = nil) {
            self.document = document
            self.source = source
            self.bytes = bytes
            self.url = url
        }
    }

    /// Reads `page`, fetched from `input` (its format `format` when forced, else its content
    /// type, else its address's extension, else HTML).
    public static func load(
        _ page: FetchedPage, requested input: String, format: SourceFormat?, loader: ArticleLoader = ArticleLoader()
    ) throws(NarrateError) -> Loaded {
        let chosen = Self.format(of: page, forced: format)
        let (document, source) = try loader.readWithSource(
            page.body, format: chosen, name: input, contentType: page.contentType, url: page.finalURL)
        // A book is kept as its chapters' markup (or a PDF's text), as one read from a file is.
        let isBook = chosen == .epub || chosen == .pdf
        var loaded = Loaded(document: document, source: source, bytes: isBook ? Array(source.utf8) : page.body, url: page.finalURL)
        if chosen == .epub { loaded.cover = EPUBReader.cover(of: page.body, name: input) }
        return loaded
    }

    /// The format `page` is read in: `format` when forced, else its content type's, else its
    /// address's extension's, else HTML.
    public static func format(of page: FetchedPage, forced format: SourceFormat?) -> SourceFormat {
        format
            ?? page.contentType.flatMap(ArticleLoader.format(forContentType:))
            ?? ArticleLoader.format(forPath: page.finalURL.split(separator: "?").first.map(String.init) ?? "")
            ?? .html
    }

    /// Loads `input`: a path, "-" for standard input, or an http(s) URL, which is fetched
    /// (its format `format` when forced, else its content type). `isCancelled` is asked when
    /// a signal interrupts a read of standard input.
    public static func load(
        _ input: String, format: SourceFormat?, loader: ArticleLoader = ArticleLoader(), fetcher: PageFetcher = PageFetcher(),
        isCancelled: () -> Bool = { false }
    ) throws(NarrateError) -> Loaded {
        try refuseUnsupported(input, format: format)
        if PageFetcher.isURL(input) {
            return try load(try fetcher.fetch(input), requested: input, format: format, loader: loader)
        }
        let (document, source, bytes, cover) = try loader.loadWithSource(path: input, format: format, isCancelled: isCancelled)
        var loaded = Loaded(document: document, source: source, bytes: bytes, url: nil)
        loaded.cover = cover
        return loaded
    }
}
