import Foundation
public import NarrateCore
public import NarrateFetch
public import NarrateIngest
public import NarrateLibrary
import NarrateRendering
import NarrateText

/// Reading inputs into articles for the library, shared by `add` and `batch`: folders
/// expanded to the files narrate reads, each file, URL or standard input read, its language
/// declared or detected, and its sentences segmented once.
public struct ArticleImport: Sendable {
    /// The reader to use (nil: from each input's extension or content type).
    public var format: SourceFormat?
    /// The title to give (nil: the document's).
    public var title: String?
    /// The language to record (nil: declared, else detected).
    public var language: String?
    /// The voice to keep for the article (nil: its language picks one).
    public var voice: String?
    /// Tags to give.
    public var tags: [String]

    /// An import with these choices for every input.
    public init(format: SourceFormat? = nil, title: String? = nil, language: String? = nil, voice: String? = nil, tags: [String] = []) {
        self.format = format
        self.title = title
        self.language = language
        self.voice = voice
        self.tags = tags
    }

    /// What became of one input.
    public enum Outcome: Sendable {
        /// Saved as a new article.
        case added(id: Int64, title: String)
        /// The library had it already (the same content).
        case exists(id: Int64, title: String)
        /// It could not be read; the other inputs go ahead.
        case failed(NarrateError)
    }

    /// Adds `paths` (files, folders of them, "-", URLs) to the library `openLibrary` opens
    /// once the choices are checked, telling `each` what
    /// became of every input in order. The choices are checked first: a language that is
    /// not a code, a voice `engine` does not have, a title for more than one input.
    /// `engine` is started only when needed: to check a voice, and after the library opens
    /// to limit detection to the languages it speaks.
    public func add(
        _ paths: [String], to openLibrary: () throws(NarrateError) -> ArticleLibrary, engine: () throws(NarrateError) -> any SpeechEngine,
        environment: [String: String],
        isCancelled: () -> Bool = { false }, each: (String, Outcome) -> Void
    ) throws(NarrateError) {
        if let language { try SpeechLanguage.validate(language) }
        var importer = self
        if let voice {
            // An unknown voice is refused now (with the closest names), not when narrating;
            // a Piper voice is kept by its full name, as its renders know it.
            importer.voice = try engine().voiceName(voice)
        }
        let library = try openLibrary()
        let inputs = try Self.expand(paths)
        if title != nil, inputs.count != 1 {
            throw .invalidOption(name: "title", message: "title names one article; \(inputs.count) were given")
        }
        // Detection chooses among the languages the engine speaks (all, without one).
        let detector = SpeechLanguage.detector(engine: try? engine(), environment: environment)
        for input in inputs {
            if isCancelled() { throw .interrupted }
            do throws(NarrateError) {
                switch try library.articles.add(importer.article(from: input, detector: detector, isCancelled: isCancelled)) {
                case .added(let id, let title): each(input, .added(id: id, title: title))
                case .exists(let id, let title): each(input, .exists(id: id, title: title))
                }
            } catch {
                if case .interrupted = error { throw error }
                each(input, .failed(error))
            }
        }
    }

    /// One article as a front end that reads no local files gives it (the web server).
    public enum Source: Sendable {
        /// A web address to fetch (http or https).
        case url(String)
        /// The article's text, pasted.
        case pasted(String)
    }

    /// Adds the article of `source` to `library`, its language declared or detected among
    /// every language narrate knows: what became of it, and its summary as `list` gives it.
    /// Only web addresses are fetched, never a path: the front end is not on the user's files.
    public func add(
        _ source: Source, to library: ArticleLibrary, environment: [String: String]
    ) throws(NarrateError) -> (outcome: AddOutcome, summary: ArticleSummary) {
        if let language { try SpeechLanguage.validate(language) }
        let detector = SpeechLanguage.detector(engine: nil, environment: environment)
        let article: NewArticle
        switch source {
        case .url(let url):
            guard PageFetcher.isURL(url) else {
                throw .invalidOption(name: "url", message: "url must be an http or https address: got '\(url.prefix(80))'")
            }
            article = try self.article(from: url, detector: detector)
        case .pasted(let text):
            article = try self.article(pasted: text, detector: detector)
        }
        let added = try library.articles.add(article)
        return (added, try library.articles.summary(id: added.articleId))
    }

    /// The inputs: files as given, folders as the .txt, .md and .html files inside them (sorted,
    /// hidden ones skipped).
    public static func expand(_ paths: [String]) throws(NarrateError) -> [String] {
        var inputs: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard path != "-", !PageFetcher.isURL(path), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else {
                inputs.append(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                throw .inputUnavailable(path: path, reason: "cannot read the folder")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                if name.hasPrefix(".") {
                    enumerator.skipDescendants()
                    continue
                }
                let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
                if ArticleLoader.format(forPath: full) != nil { found.append(full) }
            }
            if found.isEmpty { throw .inputUnavailable(path: path, reason: "no .txt, .md or .html files in this folder") }
            inputs += found.sorted()
        }
        return inputs
    }

    /// The article read from `input` (a path, "-" or a URL), its language declared or
    /// detected by `detector`, its sentences segmented.
    public func article(
        from input: String, detector: LanguageDetector?, fetcher: PageFetcher = PageFetcher(), isCancelled: () -> Bool = { false }
    ) throws(NarrateError) -> NewArticle {
        if PageFetcher.isURL(input) {
            return try article(fetched: try fetcher.fetch(input), requested: input, detector: detector)
        }
        let chosen = format ?? ArticleLoader.format(forPath: input)
        if let chosen, chosen == .epub || chosen == .pdf {
            guard input == "-" else {
                let content = try Self.book(chosen, path: input, bytes: [], name: input)
                return try book(content, sourcePath: absolute(input), sourceURL: nil, detector: detector)
            }
            // A book from standard input: its bytes are held (it cannot be read twice), its
            // document, original and sentences still made a chapter at a time.
            let bytes = try ArticleLoader.readArticle(input, isBook: true, isCancelled: isCancelled)
            return try book(
                Self.book(chosen, path: nil, bytes: bytes, name: "standard input"), sourcePath: nil, sourceURL: nil, detector: detector)
        }
        let loaded = try ArticleInput.load(input, format: format, fetcher: fetcher, isCancelled: isCancelled)
        let isFile = input != "-" && loaded.url == nil
        return newArticle(loaded, sourcePath: isFile ? absolute(input) : nil, detector: detector)
    }

    /// A book in `format` (an EPUB or a PDF) opened from the file at `path`, which is read as
    /// it is needed, or else from `bytes`; `name` names it in errors.
    private static func book(_ format: SourceFormat, path: String?, bytes: [UInt8], name: String) throws(NarrateError)
        -> ChapteredBook.Content
    {
        let loader = ArticleLoader()
        switch (format, path) {
        case (.pdf, let path?): return .pdf(try PDFBook(path: path, name: name))
        case (.pdf, nil): return .pdf(try PDFBook(bytes: bytes, name: name))
        case (_, let path?): return .epub(try EPUBBook(path: path, name: name, htmlReader: loader.htmlReader))
        case (_, nil): return .epub(try EPUBBook(bytes: bytes, name: name, htmlReader: loader.htmlReader))
        }
    }

    /// The book in `content` (an EPUB or a PDF, from `sourcePath` or `sourceURL`), to be
    /// stored a chapter at a time (so a long book costs the library no more memory than a
    /// short one): its language declared or detected by `detector` from its first words.
    private func book(
        _ content: ChapteredBook.Content, sourcePath: String?, sourceURL: String?, detector: LanguageDetector?
    ) throws(NarrateError) -> NewArticle {
        let book = try ChapteredBook(content, language: language, detector: detector)
        let head = book.head
        var cover: [UInt8]?
        if case .epub(let epub) = content { cover = epub.cover() }
        var article = NewArticle(
            title: title ?? head.title, byline: head.byline, site: head.site, sourceURL: sourceURL ?? head.sourceURL,
            sourcePath: sourcePath,
            language: book.language, publishedAt: head.publishedAt, voice: voice, original: [], document: head,
            sentences: [SentencePlace](), tags: tags, cover: cover
        )
        article.chapters = book
        return article
    }

    /// The article of `page`, fetched from `input`, its language declared or detected by
    /// `detector`, its sentences segmented.
    public func article(fetched page: FetchedPage, requested input: String, detector: LanguageDetector?) throws(NarrateError) -> NewArticle
    {
        let chosen = ArticleInput.format(of: page, forced: format)
        if chosen == .epub || chosen == .pdf {
            // A book fetched: its bytes are at hand, but its document, original and sentences
            // are still made a chapter at a time.
            let content = try Self.book(chosen, path: nil, bytes: page.body, name: input)
            return try book(content, sourcePath: nil, sourceURL: page.finalURL, detector: detector)
        }
        return newArticle(try ArticleInput.load(page, requested: input, format: format), sourcePath: nil, detector: detector)
    }

    /// The article a feed carries whole: `html` (or plain text) from the feed, at `url`,
    /// its language declared or detected by `detector`.
    public func article(feedContent content: String, isHTML: Bool, url: String?, detector: LanguageDetector?) throws(NarrateError)
        -> NewArticle
    {
        try article(carried: content, format: isHTML ? .html : .text, url: url, detector: detector)
    }

    /// The article an export or a feed carries in `format` (HTML, Markdown or text), from `url`.
    public func article(carried content: String, format: SourceFormat, url: String?, detector: LanguageDetector?) throws(NarrateError)
        -> NewArticle
    {
        let name = url ?? "the feed's item"
        guard content.utf8.count <= InputLimits.articleBytes else {
            throw .inputTooLarge(path: name, limit: InputLimits.articleBytes, kind: "an article")
        }
        let bytes = Array(content.utf8)
        let (document, source) = try ArticleLoader().readWithSource(
            bytes, format: format, name: name, contentType: format == .html ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
            url: url
        )
        return newArticle(
            ArticleInput.Loaded(document: document, source: source, bytes: bytes, url: url), sourcePath: nil, detector: detector)
    }

    /// The article in `text` that a listener pasted (plain text unless `format` says
    /// otherwise), its language declared or detected by `detector`, its sentences segmented.
    public func article(pasted text: String, detector: LanguageDetector?) throws(NarrateError) -> NewArticle {
        let name = "the pasted text"
        guard text.utf8.count <= InputLimits.articleBytes else {
            throw .inputTooLarge(path: name, limit: InputLimits.articleBytes, kind: "an article")
        }
        let bytes = Array(text.utf8)
        let (document, source) = try ArticleLoader().readWithSource(bytes, format: format ?? .text, name: name)
        return newArticle(
            ArticleInput.Loaded(document: document, source: source, bytes: bytes, url: nil), sourcePath: nil, detector: detector)
    }

    private func newArticle(_ loaded: ArticleInput.Loaded, sourcePath: String?, detector: LanguageDetector?) -> NewArticle {
        let document = loaded.document
        let code = (language ?? document.language ?? detector?.language(of: document.proseText)).map { LanguageRules.primaryCode(of: $0) }
        // Their places alone: a book's sentences' texts would be as large as its text.
        let sentences = SentenceSegmenter(language: code ?? "en").places(of: document)
        return NewArticle(
            title: title ?? document.title, byline: document.byline, site: document.site,
            sourceURL: loaded.url ?? document.sourceURL, sourcePath: sourcePath, language: code,
            publishedAt: document.publishedAt, voice: voice, original: loaded.bytes, document: document,
            sentences: sentences, tags: tags, cover: loaded.cover
        )
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
