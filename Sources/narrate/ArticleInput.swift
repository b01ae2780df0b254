import ArgumentParser
import NarrateCore
import NarrateFetch
import NarrateIngest

/// The input formats a user can force with `--format`.
enum InputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, markdown, html

    var sourceFormat: SourceFormat {
        switch self {
        case .text: .text
        case .markdown: .markdown
        case .html: .html
        }
    }
}

/// Reading the article a command was given: refusing formats narrate cannot read yet, and
/// loading the rest into a document.
enum ArticleInput {
    /// Extensions of formats narrate does not read yet; refused unless `--format` is given.
    static let unsupportedExtensions: Set<String> = [
        "pdf", "epub", "docx", "doc", "odt", "rtf", "wav", "mp3", "flac", "ogg",
    ]

    /// The lower-cased extension of `path`'s file name, or "".
    static func fileExtension(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Refuses a file of a format narrate cannot read yet, unless `--format` says how.
    static func refuseUnsupported(_ input: String, format: InputFormat?) throws(NarrateError) {
        guard !PageFetcher.isURL(input) else { return }
        let fileExtension = fileExtension(of: input)
        if unsupportedExtensions.contains(fileExtension), format == nil {
            throw .malformedInput(
                path: input, message: "is a .\(fileExtension) file; narrate reads plain text, Markdown and web pages (.txt, .md, .html)"
            )
        }
    }

    /// An article read from a file, standard input or a URL.
    struct Loaded {
        /// The document.
        var document: Document
        /// The decoded source its source maps point into.
        var source: String
        /// The bytes as read or fetched.
        var bytes: [UInt8]
        /// The address after redirects, for a fetched page.
        var url: String?
    }

    /// Loads `input`: a path, "-" for standard input, or an http(s) URL, which is fetched
    /// (its format from `--format`, else its content type).
    static func load(
        _ input: String, format: InputFormat?, loader: ArticleLoader = ArticleLoader()
    ) throws(NarrateError) -> Loaded {
        try refuseUnsupported(input, format: format)
        if PageFetcher.isURL(input) {
            let page = try PageFetcher().fetch(input)
            let chosen = format?.sourceFormat
                ?? page.contentType.flatMap(ArticleLoader.format(forContentType:))
                ?? ArticleLoader.format(forPath: page.finalURL.split(separator: "?").first.map(String.init) ?? "")
                ?? .html
            let (document, source) = try loader.readWithSource(
                page.body, format: chosen, name: input, contentType: page.contentType, url: page.finalURL
            )
            return Loaded(document: document, source: source, bytes: page.body, url: page.finalURL)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(input, isCancelled: { Interruption.isRequested })
        } catch {
            if error.isInterrupted { throw .interrupted }
            throw .inputUnavailable(path: input == "-" ? "standard input" : input, reason: error.reason)
        }
        let name = input == "-" ? "standard input" : input
        let chosen = format?.sourceFormat ?? ArticleLoader.format(forPath: input) ?? .text
        let (document, source) = try loader.readWithSource(bytes, format: chosen, name: name)
        return Loaded(document: document, source: source, bytes: bytes, url: nil)
    }
}
