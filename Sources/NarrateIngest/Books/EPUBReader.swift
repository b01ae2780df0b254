import Foundation
public import NarrateCore

/// Reads an EPUB book (2 or 3) into one document: its chapters in the spine's reading order,
/// each read whole with the HTML reader (a book has nothing to extract), each starting with
/// a heading titled as the table of contents titles it (the navigation document, else the
/// NCX), so chapters, split files and podcast chapters follow the book's own. The title,
/// authors, language and date come from the package document.
///
/// Refused with one line, nothing read: a file that is not a zip container, a container
/// without its package document, a spine naming a file the book does not have, a book whose
/// content is encrypted (DRM), and a book whose text expands beyond `InputLimits.bookTextBytes`.
/// Pictures and fonts are passed over unread, so a large illustrated book costs its text.
public struct EPUBReader: Sendable {
    /// Reads each chapter.
    public var htmlReader: HTMLReader

    /// Creates a reader.
    public init(htmlReader: HTMLReader = HTMLReader()) {
        self.htmlReader = htmlReader
    }

    /// The files of a book read: its text files, by path; pictures, fonts and styles are not.
    private static let readExtensions: Set<String> = ["xhtml", "html", "htm", "xml", "opf", "ncx"]

    /// Reads the EPUB in `bytes`; `name` names it in errors. The source the document's maps
    /// point into is its chapters' markup, one after another, each ended by a line break.
    public func read(_ bytes: [UInt8], name: String) throws(NarrateError) -> (document: Document, source: String) {
        guard bytes.starts(with: [0x50, 0x4B, 3, 4]) else {
            throw .malformedInput(path: name, message: "not an EPUB (an EPUB is a zip archive; this is not one)")
        }
        let archive = try ExportArchive(bytes: bytes, name: name, limit: InputLimits.bookTextBytes) { entry in
            Self.readExtensions.contains(ArticleLoader.fileExtension(of: entry)) || entry == "mimetype" ? .keep : .skip
        }
        let files = archive.files
        guard let container = files["META-INF/container.xml"] else {
            throw .malformedInput(path: name, message: "not an EPUB: it has no META-INF/container.xml")
        }
        let root = try EPUBPackage.rootPath(container: container, name: name)
        guard let packageBytes = files[root] else {
            throw .malformedInput(path: name, message: "a broken EPUB: its container names \(root), which the book does not have")
        }
        let package = try EPUBPackage(bytes: packageBytes, path: root, name: name)
        guard !package.spine.isEmpty else {
            throw .malformedInput(path: name, message: "an EPUB with nothing in its spine (its reading order)")
        }
        for path in package.spine where files[path] == nil {
            throw .malformedInput(path: name, message: "a broken EPUB: its spine names \(path), which the book does not have")
        }
        if let encryption = files["META-INF/encryption.xml"] {
            try Self.refuseEncrypted(encryption, package: package, name: name)
        }
        let contents = try Self.contents(of: package, files: files, name: name)
        return try assemble(package: package, contents: contents, files: files, name: name)
    }

    /// The cover image (JPEG or PNG bytes) the EPUB in `bytes` names in its package
    /// document; nil when it names none, or the book cannot be read.
    public static func cover(of bytes: [UInt8], name: String) -> [UInt8]? {
        // Two passes: the package first, then its cover alone (a book's other pictures are
        // never held).
        guard bytes.starts(with: [0x50, 0x4B, 3, 4]),
            let package = try? ExportArchive(
                bytes: bytes, name: name, limit: InputLimits.bookTextBytes,
                use: { entry in ["xml", "opf"].contains(ArticleLoader.fileExtension(of: entry)) ? .keep : .skip }),
            let container = package.files["META-INF/container.xml"],
            let root = try? EPUBPackage.rootPath(container: container, name: name),
            let packageBytes = package.files[root],
            let cover = (try? EPUBPackage(bytes: packageBytes, path: root, name: name))?.cover,
            let image = try? ExportArchive(
                bytes: bytes, name: name, limit: InputLimits.bookTextBytes, use: { entry in entry == cover ? .keep : .skip })
        else { return nil }
        return image.files[cover]
    }

    /// The table of contents: the navigation document's, else the NCX's, else none.
    private static func contents(of package: EPUBPackage, files: [String: [UInt8]], name: String) throws(NarrateError) -> EPUBContents {
        if let path = package.navigation, let bytes = files[path] {
            let contents = try EPUBContents(navigation: bytes, path: path, name: name)
            if !contents.entries.isEmpty { return contents }
        }
        if let path = package.ncx, let bytes = files[path] {
            return try EPUBContents(ncx: bytes, path: path, name: name)
        }
        return EPUBContents()
    }

    /// Refuses a book whose reading content is encrypted: DRM. (Fonts obfuscated as the EPUB
    /// specification allows are not content, and are never read.)
    private static func refuseEncrypted(_ bytes: [UInt8], package: EPUBPackage, name: String) throws(NarrateError) {
        let tree = try EPUBPackage.tree(bytes, what: "its META-INF/encryption.xml", name: name)
        let encryption = "http://www.w3.org/2001/04/xmlenc#"
        let content = Set(package.spine).union(package.items.values.filter { $0.mediaType.contains("html") }.map(\.path))
        for data in tree.root?.children("EncryptedData", in: encryption) ?? [] {
            guard let uri = data.child("CipherData", in: encryption)?.child("CipherReference", in: encryption)?.attribute("URI") else {
                continue
            }
            let path = EPUBPackage.resolve(uri, from: "")
            if content.contains(path) || path == package.path {
                throw .malformedInput(
                    path: name,
                    message:
                        "is protected by DRM (its text, \(path), is encrypted); narrate reads DRM-free books: remove the protection with the tools of the shop that sold it, where the law allows"
                )
            }
        }
    }

    /// The document of the book's chapters.
    private func assemble(
        package: EPUBPackage, contents: EPUBContents, files: [String: [UInt8]], name: String
    ) throws(NarrateError) -> (document: Document, source: String) {
        var blocks: [Block] = []
        var source = ""
        var sourceLength = 0
        var firstChapterTitle: String?
        for path in package.spine where path != package.navigation {
            guard let bytes = files[path] else { continue }
            let decoded = HTMLCharset.decode(bytes, contentType: nil)
            let (chapterBlocks, documentTitle) = try htmlReader.chapter(html: decoded.text, name: "\(name): \(path)")
            var chapter = chapterBlocks.map { Self.shifted($0, by: sourceLength) }
            let entries = contents.entries.filter { $0.path == path }
            if let start = entries.first(where: { $0.fragment == nil }) ?? entries.first {
                Self.mark(chapter: start, in: &chapter, at: sourceLength)
            } else if contents.entries.isEmpty, let documentTitle, !chapter.isEmpty,
                !chapter.contains(where: { if case .heading = $0.kind { true } else { false } })
            {
                // No table of contents: a document with a title but no heading is a chapter.
                chapter.insert(Self.heading(documentTitle, depth: 1, at: sourceLength), at: 0)
            }
            for entry in entries where entry.fragment != nil && entry != entries.first {
                // A section inside the document: its heading, when one says its title.
                if let index = chapter.firstIndex(where: { Self.isHeading($0, titled: entry.title) }) {
                    chapter[index].kind = .heading(level: entry.depth)
                }
            }
            if firstChapterTitle == nil { firstChapterTitle = entries.first?.title ?? documentTitle }
            blocks += chapter
            source += decoded.text + "\n"
            sourceLength += decoded.text.unicodeScalars.count + 1
        }
        guard blocks.contains(where: \.isArticleText) else {
            throw .noReadableArticle(path: name)
        }
        let fileName = (name as NSString).lastPathComponent
        let title = package.title ?? firstChapterTitle ?? (fileName as NSString).deletingPathExtension
        // The book's title is heard first, unless its first chapter starts with it.
        if !Self.startsWithHeading(blocks, titled: title) {
            blocks.insert(Self.heading(title, depth: 1, at: 0), at: 0)
        }
        let document = Document(
            title: title, blocks: blocks, format: .epub, language: package.language, byline: Self.names(package.authors),
            site: package.publisher, publishedAt: package.date,
            excerpt: package.description.flatMap { Self.plainText($0, name: name) }
        )
        return (document, source)
    }

    /// Makes the chapter `entry` starts: its first heading when that says the entry's title
    /// (at the entry's depth), else a heading of the title before the chapter's text.
    private static func mark(chapter entry: EPUBContents.Entry, in blocks: inout [Block], at sourceOffset: Int) {
        if let first = blocks.firstIndex(where: { $0.isSpeakable }), isHeading(blocks[first], titled: entry.title) {
            blocks[first].kind = .heading(level: entry.depth)
        } else {
            blocks.insert(heading(entry.title, depth: entry.depth, at: sourceOffset), at: 0)
        }
    }

    private static func startsWithHeading(_ blocks: [Block], titled title: String) -> Bool {
        guard let first = blocks.first(where: { $0.isSpeakable }) else { return false }
        return isHeading(first, titled: title)
    }

    /// Whether `block` is a heading that says `title` (letters and digits compared, case aside).
    private static func isHeading(_ block: Block, titled title: String) -> Bool {
        guard case .heading = block.kind else { return false }
        return comparable(block.textWithoutApparatus) == comparable(title)
    }

    private static func comparable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
    }

    /// A heading of `title` at `depth`, standing at `sourceOffset` (it is not in the text).
    private static func heading(_ title: String, depth: Int, at sourceOffset: Int) -> Block {
        Block(kind: .heading(level: max(1, min(depth, 6))), text: title, sourceMap: .identity(sourceOffset: sourceOffset, length: 0))
    }

    /// `block` with its source offsets moved on by `offset` (its document's place in the source).
    private static func shifted(_ block: Block, by offset: Int) -> Block {
        var block = block
        block.sourceMap.runs = block.sourceMap.runs.map { run in
            var run = run
            run.sourceOffset += offset
            return run
        }
        return block
    }

    /// "A", "A and B", "A, B and C"; nil for none.
    private static func names(_ names: [String]) -> String? {
        guard let last = names.last else { return nil }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A description's text without its markup (EPUB descriptions are often HTML); nil when
    /// it says nothing.
    private static func plainText(_ text: String, name: String) -> String? {
        let plain = text.contains("<") ? ((try? HTMLParser().parse(text, name: name))?.textContent ?? text) : text
        let collapsed = HTMLNode.collapsingWhitespace(plain)
        return collapsed.isEmpty ? nil : collapsed
    }
}
