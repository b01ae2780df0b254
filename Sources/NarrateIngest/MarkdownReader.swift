internal import CNarrateCMark
public import NarrateCore

/// Reads Markdown (CommonMark with GitHub's extensions) through cmark-gfm.
///
/// Headings, paragraphs, list items, block quotes and table rows are read; code blocks are
/// replaced by a short spoken notice; links read as their text; images as their description
/// and footnotes at the end, each marked as a part the listener's `ReadingChoices` read or
/// skip (as are tables and code notices); raw HTML, rules and YAML front matter are not read.
public struct MarkdownReader: Sendable {
    /// What narrate says in place of a code block; empty skips code blocks silently.
    public var codeBlockNotice: String

    /// The notice said in place of a code block by default.
    public static let standardCodeBlockNotice = "Code sample skipped."

    /// Creates a reader.
    public init(codeBlockNotice: String = MarkdownReader.standardCodeBlockNotice) {
        self.codeBlockNotice = codeBlockNotice
    }

    /// cmark-gfm registers its extensions in a process global: done once, by the first
    /// reader, as a static's lazy initializer (swift_once, which ThreadSanitizer sees as
    /// `pthread_once`; a `Mutex` around a flag is a futex it cannot see, and two readers
    /// starting at once were reported as a race).
    private static let extensionsRegistered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// Reads decoded `text`; `path` names the input in error messages.
    public func read(_ text: String, path: String) throws(NarrateError) -> Document {
        let source = Array(text.utf8)
        let frontMatter = FrontMatter(source)
        let body = Array(source[frontMatter.bodyStart...])

        Self.extensionsRegistered
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES) else {
            throw .malformedInput(path: path, message: "cannot start the Markdown parser (out of memory)")
        }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let extensionHandle = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionHandle)
            }
        }
        body.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let root = cmark_parser_finish(parser) else {
            throw .malformedInput(path: path, message: "the Markdown parser returned no document")
        }
        defer { cmark_node_free(root) }

        var builder = MarkdownDocumentBuilder(
            source: source, bodyStart: frontMatter.bodyStart, reader: self
        )
        builder.walkBlocks(root, context: .paragraph)
        var blocks = builder.blocks
        ReadingPartRules.markSections(&blocks)
        guard !blocks.isEmpty else {
            throw blocks.isEmpty && text.unicodeScalars.contains(where: { !$0.properties.isWhitespace })
                ? .noSpeakableText(path: path) : .emptyInput(path: path)
        }
        let heading = blocks.first { if case .heading = $0.kind { true } else { false } }
        // A file of code blocks alone has no line to name it: its file name does, else the
        // first block (standard input has no name).
        let title = frontMatter.title ?? heading?.text ?? builder.firstLine ?? Self.title(fromPath: path) ?? blocks[0].text
        let document = Document(title: title, blocks: blocks, format: .markdown, language: frontMatter.language)
        guard document.hasSpeakableText else { throw .noSpeakableText(path: path) }
        return document
    }

    /// "field-notes" for "notes/field-notes.md"; nil for standard input or a bare extension.
    static func title(fromPath path: String) -> String? {
        guard path != "-", path != "standard input" else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return stem.allSatisfy(\.isWhitespace) ? nil : stem
    }
}
