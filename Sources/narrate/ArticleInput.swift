import ArgumentParser
import NarrateCore
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
        let fileExtension = fileExtension(of: input)
        if unsupportedExtensions.contains(fileExtension), format == nil {
            throw .malformedInput(
                path: input, message: "is a .\(fileExtension) file; narrate reads plain text, Markdown and web pages (.txt, .md, .html)"
            )
        }
    }

    /// Loads `input` ("-" is standard input) with its decoded source text.
    static func load(
        _ input: String, format: InputFormat?, loader: ArticleLoader = ArticleLoader()
    ) throws(NarrateError) -> (document: Document, source: String) {
        try refuseUnsupported(input, format: format)
        return try loader.loadWithSource(
            path: input, format: format?.sourceFormat, isCancelled: { Interruption.isRequested }
        )
    }
}
