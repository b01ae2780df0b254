import Foundation
public import NarrateCore

/// An EPUB book opened to be read a chapter at a time: its package document and table of
/// contents are read when it is opened, its chapters each time they are walked, one
/// chapter's markup and blocks held at a time, so a long book costs no more memory than a
/// short one. A book opened from a file is read from it again each time (its zip is never
/// held); one that changes meanwhile is refused.
///
/// Each chapter is read whole with the HTML reader (a book has nothing to extract) and
/// starts with a heading titled as the table of contents titles it (the navigation document,
/// else the NCX), so chapters, split files and podcast chapters follow the book's own. The
/// book's title is heard first, unless its first words are a heading saying it.
///
/// Refused with one line: a file that is not a zip container, a container without its
/// package document, a spine naming a file the book does not have, a book whose content is
/// encrypted (DRM), a chapter that expands beyond `InputLimits.articleBytes` or chapters
/// beyond `InputLimits.bookTextBytes` (a zip bomb), and (when walked) a book that has nothing
/// to read. Files not in its reading order (pictures, fonts, styles) are never unpacked.
public struct EPUBBook: Sendable {
    /// The book as a document without blocks: its title, authors, language, date and
    /// description, from the package document.
    public let head: Document

    /// One chapter: a content document of the spine, read.
    public struct Chapter: Sendable {
        /// Its blocks, their source maps pointing into the book's source: the chapters'
        /// markup, one after another, each ended by a line break.
        public var blocks: [Block]
        /// Its markup as decoded, with the line break that ends it: its piece of the source.
        public var markup: String
    }

    private let container: ExportArchive.Container
    /// The file's stamp when it was opened, for a book opened from a file.
    private let stamp: FileContents.Stamp?
    private let name: String
    private let contents: EPUBContents
    private let htmlReader: HTMLReader
    /// The chapters' paths in reading order: the spine, but the navigation document.
    private let chapters: [String]
    /// The cover image's path, when the book names one.
    private let coverPath: String?

    /// The files of a book that are text (the others, pictures, fonts and styles, are never read).
    static let textExtensions: Set<String> = ["xhtml", "html", "htm", "xml", "opf", "ncx"]

    /// Opens the EPUB in `bytes`; `name` names it in errors.
    public init(bytes: [UInt8], name: String, htmlReader: HTMLReader = HTMLReader()) throws(NarrateError) {
        try self.init(.bytes(bytes), stamp: nil, magic: Array(bytes.prefix(4)), name: name, htmlReader: htmlReader)
    }

    /// Opens the EPUB file at `path`, refused as a book too large to read
    /// (`InputLimits.bookBytes`) before anything is read; `name` names it in errors.
    public init(path: String, name: String, htmlReader: HTMLReader = HTMLReader()) throws(NarrateError) {
        let (stamp, magic) = try BookFile.open(path, name: name, headCount: 4)
        try self.init(.file(path), stamp: stamp, magic: magic, name: name, htmlReader: htmlReader)
    }

    private init(
        _ container: ExportArchive.Container, stamp: FileContents.Stamp?, magic: [UInt8], name: String, htmlReader: HTMLReader
    ) throws(NarrateError) {
        guard magic == [0x50, 0x4B, 3, 4] else {
            throw .malformedInput(path: name, message: "not an EPUB (an EPUB is a zip archive; this is not one)")
        }
        self.container = container
        self.stamp = stamp
        self.name = name
        self.htmlReader = htmlReader
        // The names of its text files and its container first, then the package document the
        // container names, then the table of contents the package names: each a pass over the
        // archive's entries that unpacks only what it keeps.
        var textFiles = Set<String>()
        var files = try Self.entries(of: container, name: name) { entry in
            if Self.textExtensions.contains(ArticleLoader.fileExtension(of: entry)) { textFiles.insert(entry) }
            return entry == "META-INF/container.xml" || entry == "META-INF/encryption.xml"
        }
        guard let containerFile = files["META-INF/container.xml"] else {
            throw .malformedInput(path: name, message: "not an EPUB: it has no META-INF/container.xml")
        }
        let root = try EPUBPackage.rootPath(container: containerFile, name: name)
        guard textFiles.contains(root), let packageBytes = try Self.entries(of: container, name: name, { $0 == root })[root] else {
            throw .malformedInput(path: name, message: "a broken EPUB: its container names \(root), which the book does not have")
        }
        let package = try EPUBPackage(bytes: packageBytes, path: root, name: name)
        guard !package.spine.isEmpty else {
            throw .malformedInput(path: name, message: "an EPUB with nothing in its spine (its reading order)")
        }
        for path in package.spine where !textFiles.contains(path) {
            throw .malformedInput(path: name, message: "a broken EPUB: its spine names \(path), which the book does not have")
        }
        if let encryption = files["META-INF/encryption.xml"] {
            try Self.refuseEncrypted(encryption, package: package, name: name)
        }
        // Every chapter unpacked once and counted, nothing kept: a chapter or a book that
        // expands beyond what narrate reads (a zip bomb) is refused before any is read.
        let spine = Set(package.spine)
        try ExportArchive.forEach(
            container, name: name, limit: InputLimits.bookTextBytes, use: { spine.contains($0) ? .measure : .skip }, body: { _, _ in })
        let tables = [package.navigation, package.ncx].compactMap { $0 }.filter(textFiles.contains)
        files = tables.isEmpty ? [:] : try Self.entries(of: container, name: name) { tables.contains($0) }
        let contents = try Self.contents(of: package, files: files, name: name)
        let chapters = package.spine.filter { $0 != package.navigation }
        self.contents = contents
        self.chapters = chapters
        coverPath = package.cover
        let fileName = (name as NSString).lastPathComponent
        // The title: the package's, else the first chapter's, else the file's name.
        var title = package.title
        if title == nil {
            title = try Self.firstChapterTitle(of: chapters, contents: contents, container: container, name: name, htmlReader: htmlReader)
        }
        head = Document(
            title: title ?? (fileName as NSString).deletingPathExtension, blocks: [], format: .epub, language: package.language,
            byline: Self.names(package.authors),
            site: package.publisher, publishedAt: package.date, excerpt: package.description.flatMap { Self.plainText($0, name: name) }
        )
    }

    /// The entries `keep` asks for, by path, each unpacked (at most a chapter's size).
    private static func entries(
        of container: ExportArchive.Container, name: String, _ keep: (String) -> Bool
    ) throws(NarrateError) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        try ExportArchive.forEach(container, name: name, limit: InputLimits.bookTextBytes, use: { keep($0) ? .keep : .skip }) {
            files[$0] = $1
        }
        return files
    }

    /// The title of the first of `chapters` that has one: its table of contents entry's, else
    /// its document's `<title>` (read only when the table of contents has no entry before it).
    private static func firstChapterTitle(
        of chapters: [String], contents: EPUBContents, container: ExportArchive.Container, name: String, htmlReader: HTMLReader
    ) throws(NarrateError) -> String? {
        for path in chapters {
            if let entry = contents.entries.first(where: { $0.path == path }) { return entry.title }
            let markup = try entries(of: container, name: name, { $0 == path })[path].map { HTMLCharset.decode($0, contentType: nil).text }
            if let markup, let title = try htmlReader.chapter(html: markup, name: "\(name): \(path)").title { return title }
        }
        return nil
    }

    /// Calls `body` with each chapter in reading order, each read as it comes. The chapters
    /// are read in the order the zip stores them; one stored before its turn (a book zipped
    /// out of reading order) is held until then. Chapters with nothing to say before the
    /// book's first words are held until those words tell whether the title must be said
    /// first. Throws when the book has nothing to read, after the last chapter.
    public func forEachChapter(_ body: (Chapter) throws(NarrateError) -> Void) throws(NarrateError) {
        try forEachChapter(until: { _ in false }, body)
    }

    /// Calls `body` with each chapter in reading order until `isEnough` says so of one (the
    /// rest of the zip is passed over unread); then a book with nothing to read is not refused.
    public func forEachChapter(
        until isEnough: (Chapter) -> Bool, _ body: (Chapter) throws(NarrateError) -> Void
    ) throws(NarrateError) {
        var enough = false
        var due: [String: Int] = [:]
        for path in chapters { due[path, default: 0] += 1 }
        var early: [String: [UInt8]] = [:]
        var next = 0
        var sourceLength = 0
        // Chapters before the first speakable block, until the title heading is decided.
        var held: [Chapter]? = []
        var readable = false
        func read(_ bytes: [UInt8], path: String) throws(NarrateError) {
            guard !enough else { return }
            var chapter = try self.chapter(bytes, path: path, at: sourceLength)
            sourceLength += chapter.markup.unicodeScalars.count
            if !readable { readable = chapter.blocks.contains(where: \.isArticleText) }
            enough = isEnough(chapter)
            guard var waiting = held else { return try body(chapter) }
            if let first = chapter.blocks.first(where: { $0.isSpeakable }) {
                if !Self.isHeading(first, titled: head.title) {
                    let heading = Self.heading(head.title, depth: 1, at: 0)
                    if waiting.isEmpty { chapter.blocks.insert(heading, at: 0) } else { waiting[0].blocks.insert(heading, at: 0) }
                }
                held = nil
                for chapter in waiting { try body(chapter) }
                try body(chapter)
            } else {
                waiting.append(chapter)
                held = waiting
            }
        }
        func readDue() throws(NarrateError) {
            while next < chapters.count, let bytes = early[chapters[next]] {
                let path = chapters[next]
                next += 1
                due[path, default: 1] -= 1
                if due[path] == 0 { early[path] = nil }
                try read(bytes, path: path)
            }
        }
        try ExportArchive.forEach(
            container, name: name, limit: InputLimits.bookTextBytes, use: { !enough && due[$0] != nil ? .keep : .skip }
        ) {
            entry, bytes throws(NarrateError) in
            early[entry] = bytes
            try readDue()
        }
        try checkUnchanged()
        if enough {
            // Held chapters (nothing speakable in them yet) go as they are.
            for chapter in held ?? [] { try body(chapter) }
            return
        }
        guard next == chapters.count else {
            throw .malformedInput(path: name, message: "a broken EPUB: its spine names \(chapters[next]), which the book does not have")
        }
        if var waiting = held, !waiting.isEmpty {
            // Nothing speakable anywhere: the title alone, which the check below refuses.
            waiting[0].blocks.insert(Self.heading(head.title, depth: 1, at: 0), at: 0)
            for chapter in waiting { try body(chapter) }
        }
        guard readable else { throw .noReadableArticle(path: name) }
    }

    /// The book's cover image (JPEG or PNG bytes), when its package document names one it has.
    public func cover() -> [UInt8]? {
        guard let coverPath else { return nil }
        return (try? Self.entries(of: container, name: name, { $0 == coverPath }))?[coverPath]
    }

    /// Refuses a book whose file changed since it was opened: what was read of it before
    /// may not be what was read now.
    private func checkUnchanged() throws(NarrateError) {
        guard let stamp, case .file(let path) = container else { return }
        try BookFile.checkUnchanged(path, stamp: stamp, name: name)
    }

    /// The chapter at `path` (its `bytes`), its source offsets moved on by `sourceOffset`.
    private func chapter(_ bytes: [UInt8], path: String, at sourceOffset: Int) throws(NarrateError) -> Chapter {
        let decoded = HTMLCharset.decode(bytes, contentType: nil)
        let (chapterBlocks, documentTitle) = try htmlReader.chapter(html: decoded.text, name: "\(name): \(path)")
        var blocks = chapterBlocks.map { Self.shifted($0, by: sourceOffset) }
        let entries = contents.entries.filter { $0.path == path }
        if let start = entries.first(where: { $0.fragment == nil }) ?? entries.first {
            Self.mark(chapter: start, in: &blocks, at: sourceOffset)
        } else if contents.entries.isEmpty, let documentTitle, !blocks.isEmpty,
            !blocks.contains(where: { if case .heading = $0.kind { true } else { false } })
        {
            // No table of contents: a document with a title but no heading is a chapter.
            blocks.insert(Self.heading(documentTitle, depth: 1, at: sourceOffset), at: 0)
        }
        for entry in entries where entry.fragment != nil && entry != entries.first {
            // A section inside the document: its heading, when one says its title.
            if let index = blocks.firstIndex(where: { Self.isHeading($0, titled: entry.title) }) {
                blocks[index].kind = .heading(level: entry.depth)
            }
        }
        return Chapter(blocks: blocks, markup: decoded.text + "\n")
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

    /// Makes the chapter `entry` starts: its first heading when that says the entry's title
    /// (at the entry's depth), else a heading of the title before the chapter's text.
    private static func mark(chapter entry: EPUBContents.Entry, in blocks: inout [Block], at sourceOffset: Int) {
        if let first = blocks.firstIndex(where: { $0.isSpeakable }), isHeading(blocks[first], titled: entry.title) {
            blocks[first].kind = .heading(level: entry.depth)
        } else {
            blocks.insert(heading(entry.title, depth: entry.depth, at: sourceOffset), at: 0)
        }
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
