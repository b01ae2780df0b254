public import NarrateCore

/// Reads an article from a file or standard input into a `Document`.
public struct ArticleLoader: Sendable {
    /// How Markdown is read.
    public var markdownReader: MarkdownReader
    /// How plain text is read.
    public var textReader: TextReader

    /// Creates a loader.
    public init(markdownReader: MarkdownReader = MarkdownReader(), textReader: TextReader = TextReader()) {
        self.markdownReader = markdownReader
        self.textReader = textReader
    }

    /// The format a path's extension implies: `.md`/`.markdown` is Markdown, `.txt`/`.text`
    /// is text; `nil` for any other extension.
    public static func format(forPath path: String) -> SourceFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "md", "markdown", "mdown", "mkd", "mkdn": return .markdown
        case "txt", "text": return .text
        default: return nil
        }
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
    /// its sentences' source ranges point into.
    public func loadWithSource(
        path: String, format: SourceFormat? = nil, isCancelled: () -> Bool = { false }
    ) throws(NarrateError) -> (document: Document, source: String) {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path, isCancelled: isCancelled)
        } catch {
            if error.isInterrupted { throw .interrupted }
            throw .inputUnavailable(path: path == "-" ? "standard input" : path, reason: error.reason)
        }
        let displayName = path == "-" ? "standard input" : path
        let chosen = format ?? Self.format(forPath: path) ?? .text
        let text = try InputDecoder.decode(bytes, path: displayName)
        return (try read(text: text, format: chosen, name: displayName), text)
    }

    /// Reads raw bytes; `name` identifies them in error messages.
    public func read(_ bytes: [UInt8], format: SourceFormat, name: String) throws(NarrateError) -> Document {
        try read(text: InputDecoder.decode(bytes, path: name), format: format, name: name)
    }

    private func read(text: String, format: SourceFormat, name: String) throws(NarrateError) -> Document {
        switch format {
        case .text: return try textReader.read(text, path: name)
        case .markdown: return try markdownReader.read(text, path: name)
        case .html: throw .malformedInput(path: name, message: "HTML reading is not built yet")
        }
    }
}
