public import NarrateCore

/// Reads an article from a file or standard input into a `Document`.
public struct ArticleLoader: Sendable {
    /// How Markdown is read.
    public var markdownReader: MarkdownReader
    /// How plain text is read.
    public var textReader: TextReader
    /// How web pages are read.
    public var htmlReader: HTMLReader
    /// How books are read.
    public var epubReader: EPUBReader { EPUBReader(htmlReader: htmlReader) }
    /// How PDF documents are read.
    public var pdfReader: PDFReader { PDFReader() }

    /// Creates a loader.
    public init(
        markdownReader: MarkdownReader = MarkdownReader(), textReader: TextReader = TextReader(),
        htmlReader: HTMLReader? = nil
    ) {
        self.markdownReader = markdownReader
        self.textReader = textReader
        self.htmlReader = htmlReader ?? HTMLReader(codeBlockNotice: markdownReader.codeBlockNotice)
    }

    /// The format a path's extension implies: `.md`/`.markdown` is Markdown, `.txt`/`.text`
    /// is text, `.html`/`.htm`/`.xhtml` a web page, `.epub` a book, `.pdf` a PDF document; `nil` for
    /// any other extension.
    public static func format(forPath path: String) -> SourceFormat? {
        switch fileExtension(of: path) {
        case "md", "markdown", "mdown", "mkd", "mkdn": return .markdown
        case "txt", "text": return .text
        case "html", "htm", "xhtml", "shtml": return .html
        case "epub": return .epub
        case "pdf": return .pdf
        default: return nil
        }
    }

    /// The lower-cased extension of `path`'s file name, or "" (a name with no dot, or a
    /// hidden file's leading one).
    public static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Reads `path` ("-" is standard input) as `format`, or as its extension implies.
    ///
    /// `isCancelled` is asked when a signal interrupts a read (Ctrl-C while waiting for
    /// standard input); when it says so, loading stops with `NarrateError.interrupted`.
    public func load(
        path: String, format: SourceFormat? = nil, isCancelled: () -> Bool = { false }
    ) throws(NarrateError) -> Document {
        try loadWithSource(path: path, format: format, isCancelled: isCancelled).document
    }

    /// Like `load`, also returning the decoded source that the document's source maps and
    /// its sentences' source ranges point into, and the bytes as read: how narrate reads
    /// every article file. (For a book, the bytes are its chapters' markup, the source: not
    /// its pictures; for a PDF, the text read from it.) An EPUB's cover image comes too.
    public func loadWithSource(
        path: String, format: SourceFormat? = nil, isCancelled: () -> Bool = { false }
    ) throws(NarrateError) -> (document: Document, source: String, bytes: [UInt8], cover: [UInt8]?) {
        let format = format ?? Self.format(forPath: path) ?? .text
        let isBook = format == .epub || format == .pdf
        let bytes = try Self.readArticle(path, isBook: isBook, isCancelled: isCancelled)
        let displayName = path == "-" ? "standard input" : path
        let (document, source) = try readWithSource(bytes, format: format, name: displayName)
        let cover = format == .epub ? EPUBReader.cover(of: bytes, name: displayName) : nil
        return (document, source, isBook ? Array(source.utf8) : bytes, cover)
    }

    /// The bytes of the article at `path` ("-": standard input), at most
    /// `InputLimits.articleBytes` of them (`bookBytes` for a book): a larger file is refused
    /// by its size, before it is read (`.inputTooLarge`).
    public static func readArticle(_ path: String, isBook: Bool = false, isCancelled: () -> Bool = { false }) throws(NarrateError)
        -> [UInt8]
    {
        let name = path == "-" ? "standard input" : path
        let limit = isBook ? InputLimits.bookBytes : InputLimits.articleBytes
        do {
            return try FileContents.read(path, limit: limit, isCancelled: isCancelled)
        } catch {
            if error.isInterrupted { throw .interrupted }
            if error.isTooLarge { throw .inputTooLarge(path: name, limit: limit, kind: isBook ? "a book" : "an article") }
            throw .inputUnavailable(path: name, reason: error.reason)
        }
    }

    /// Reads raw bytes; `name` identifies them in error messages.
    public func read(_ bytes: [UInt8], format: SourceFormat, name: String) throws(NarrateError) -> Document {
        try readWithSource(bytes, format: format, name: name).document
    }

    /// Reads raw bytes, also returning the decoded source. For web pages, `contentType` is
    /// the HTTP header they came with (its charset counts) and `url` where they came from.
    public func readWithSource(
        _ bytes: [UInt8], format: SourceFormat, name: String, contentType: String? = nil, url: String? = nil
    ) throws(NarrateError) -> (document: Document, source: String) {
        switch format {
        case .text:
            let text = try InputDecoder.decode(bytes, path: name)
            return (try textReader.read(text, path: name), text)
        case .markdown:
            let text = try InputDecoder.decode(bytes, path: name)
            return (try markdownReader.read(text, path: name), text)
        case .html:
            return try htmlReader.read(bytes, contentType: contentType, name: name, url: url)
        case .epub:
            return try epubReader.read(bytes, name: name)
        case .pdf:
            return try pdfReader.read(bytes, name: name)
        }
    }

    /// The format a `Content-Type` header names: HTML for `text/html` and XHTML, Markdown for
    /// `text/markdown`, text for `text/plain`; `nil` for anything else.
    public static func format(forContentType contentType: String) -> SourceFormat? {
        let mediaType = contentType.split(separator: ";").first.map { $0.lowercased().filter { !$0.isWhitespace } } ?? ""
        switch mediaType {
        case "text/html", "application/xhtml+xml": return .html
        case "text/markdown", "text/x-markdown": return .markdown
        case "text/plain": return .text
        case "application/epub+zip": return .epub
        case "application/pdf": return .pdf
        default: return nil
        }
    }
}
