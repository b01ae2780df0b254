import Foundation

/// An EPUB book the tests write (with Python's zipfile, Tests/Support/make_epub.py): its
/// chapters (title, paragraphs, and whether the chapter's own document starts with a heading
/// of its title), the package's metadata, EPUB 3 (a
/// navigation document) or EPUB 2 (an NCX only).
public struct TestBook: Sendable {
    public struct Chapter: Sendable {
        public var title: String
        public var paragraphs: [String]
        public var hasHeading: Bool
        /// Sections inside the chapter, each a heading with an id the contents point at.
        public var sections: [(title: String, paragraphs: [String])]

        /// A chapter of `paragraphs`, its document starting with a heading of `title` unless
        /// `hasHeading` is false.
        public init(title: String, paragraphs: [String], hasHeading: Bool = true, sections: [(title: String, paragraphs: [String])] = []) {
            self.title = title
            self.paragraphs = paragraphs
            self.hasHeading = hasHeading
            self.sections = sections
        }
    }

    public var title: String
    public var authors: [String]
    public var language: String
    public var direction: String?
    public var chapters: [Chapter]
    public var epub3: Bool
    /// Extra files, and files to leave out of the container.
    public var extraFiles: [(String, String)] = []
    public var leaveOut: Set<String> = []
    /// Files of that many zero bytes (a zip bomb's).
    public var zeros: [(String, Int)] = []
    /// Whether the files of zeros are in the reading order (after the chapters).
    public var zerosInSpine = false
    /// Whether the zip stores its files in the reverse of the usual order (chapters last
    /// to first, the container last), as no writer should but a book may.
    public var storedInReverse = false
    /// A cover image: a PNG of this size in one colour (red, green, blue), named in the package.
    public var cover: (width: Int, height: Int, colour: [Int])?

    /// A book of `chapters`.
    public init(
        title: String = "The Lighthouse Keepers", authors: [String] = ["Ada Keeper", "Ben Harbour"], language: String = "en",
        direction: String? = nil, chapters: [Chapter], epub3: Bool = true
    ) {
        self.title = title
        self.authors = authors
        self.language = language
        self.direction = direction
        self.chapters = chapters
        self.epub3 = epub3
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("make_epub.py").path

    func chapterPath(_ index: Int) -> String { "OEBPS/text/chapter-\(index + 1).xhtml" }

    /// The text a listener should hear: every paragraph and title, in order.
    public var words: [String] {
        var text = [title]
        for chapter in chapters {
            text.append(chapter.title)
            text += chapter.paragraphs
            for section in chapter.sections { text += [section.title] + section.paragraphs }
        }
        return text.joined(separator: " ").split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    var files: [(String, String)] {
        var files: [(String, String)] = [
            (
                "META-INF/container.xml",
                """
                <?xml version="1.0"?>
                <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
                </container>
                """
            )
        ]
        let dir = direction.map { " dir=\"\($0)\"" } ?? ""
        var manifest = ""
        var spine = ""
        for (index, chapter) in chapters.enumerated() {
            manifest += "<item id=\"c\(index + 1)\" href=\"text/chapter-\(index + 1).xhtml\" media-type=\"application/xhtml+xml\"/>\n"
            spine += "<itemref idref=\"c\(index + 1)\"/>\n"
            var body = chapter.hasHeading ? "<h1>\(chapter.title)</h1>\n" : ""
            body += chapter.paragraphs.map { "<p>\($0)</p>\n" }.joined()
            for (number, section) in chapter.sections.enumerated() {
                body += "<h2 id=\"s\(number + 1)\">\(section.title)</h2>\n" + section.paragraphs.map { "<p>\($0)</p>\n" }.joined()
            }
            files.append(
                (
                    chapterPath(index),
                    """
                    <?xml version="1.0" encoding="utf-8"?>
                    <html xmlns="http://www.w3.org/1999/xhtml" lang="\(language)"\(dir)>
                    <head><title>\(chapter.title)</title><style>p { margin: 0 }</style></head>
                    <body>
                    \(body)</body>
                    </html>
                    """
                ))
        }
        var navItems = ""
        var navPoints = ""
        for (index, chapter) in chapters.enumerated() {
            let href = "chapter-\(index + 1).xhtml"
            var nested = ""
            var nestedPoints = ""
            for (number, section) in chapter.sections.enumerated() {
                nested += "<li><a href=\"\(href)#s\(number + 1)\">\(section.title)</a></li>"
                nestedPoints +=
                    "<navPoint id=\"p\(index)-\(number)\"><navLabel><text>\(section.title)</text></navLabel><content src=\"text/\(href)#s\(number + 1)\"/></navPoint>"
            }
            navItems += "<li><a href=\"\(href)\">\(chapter.title)</a>\(nested.isEmpty ? "" : "<ol>\(nested)</ol>")</li>\n"
            navPoints +=
                "<navPoint id=\"p\(index)\"><navLabel><text>\(chapter.title)</text></navLabel><content src=\"text/\(href)\"/>\(nestedPoints)</navPoint>\n"
        }
        if epub3 {
            manifest += "<item id=\"nav\" href=\"text/nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n"
            // The navigation document in the reading order too, as some books have it: not read.
            spine = "<itemref idref=\"nav\"/>\n" + spine
            files.append(
                (
                    "OEBPS/text/nav.xhtml",
                    """
                    <?xml version="1.0" encoding="utf-8"?>
                    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
                    <head><title>Contents</title></head>
                    <body><nav epub:type="toc"><h1>Contents</h1><ol>
                    \(navItems)</ol></nav>
                    <nav epub:type="landmarks"><ol><li><a epub:type="bodymatter" href="chapter-1.xhtml">Start</a></li></ol></nav></body>
                    </html>
                    """
                ))
        } else {
            manifest += "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>\n"
            files.append(
                (
                    "OEBPS/toc.ncx",
                    """
                    <?xml version="1.0" encoding="utf-8"?>
                    <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
                    <head/><docTitle><text>\(title)</text></docTitle>
                    <navMap>
                    \(navPoints)</navMap>
                    </ncx>
                    """
                ))
        }
        if zerosInSpine {
            for (number, (path, _)) in zeros.enumerated() {
                manifest +=
                    "<item id=\"z\(number)\" href=\"\(path.dropFirst("OEBPS/".count))\" media-type=\"application/xhtml+xml\"/>\n"
                spine += "<itemref idref=\"z\(number)\"/>\n"
            }
        }
        if cover != nil {
            manifest +=
                "<item id=\"cover\" href=\"images/cover.png\" media-type=\"image/png\"\(epub3 ? " properties=\"cover-image\"" : "")/>\n"
        }
        let coverMeta = cover != nil && !epub3 ? "<meta name=\"cover\" content=\"cover\"/>" : ""
        let creators = authors.map { "<dc:creator>\($0)</dc:creator>" }.joined() + coverMeta
        files.append(
            (
                "OEBPS/content.opf",
                """
                <?xml version="1.0" encoding="utf-8"?>
                <package xmlns="http://www.idpf.org/2007/opf" version="\(epub3 ? "3.0" : "2.0")" unique-identifier="id">
                <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="id">urn:uuid:12345678-1234-1234-1234-123456789abc</dc:identifier>
                <dc:title>\(title)</dc:title>\(creators)<dc:language>\(language)</dc:language><dc:date>2026-11-30</dc:date>
                <dc:description>&lt;p&gt;A history of &lt;b&gt;lights&lt;/b&gt;.&lt;/p&gt;</dc:description>
                </metadata>
                <manifest>
                \(manifest)</manifest>
                <spine\(epub3 ? "" : " toc=\"ncx\"")>
                \(spine)</spine>
                </package>
                """
            ))
        let kept = files.filter { !leaveOut.contains($0.0) } + extraFiles
        return storedInReverse ? kept.reversed() : kept
    }

    /// Writes the book into `scratch`; its path.
    public func write(in scratch: ScratchDirectory, name: String = "book.epub") async throws -> String {
        let output = "\(scratch.path)/\(name)"
        let description: [String: Any] = [
            "output": output, "files": files.map { [$0.0, $0.1] }, "zeros": zeros.map { [$0.0, $0.1] as [Any] },
            "images": cover.map { [["OEBPS/images/cover.png", $0.width, $0.height, $0.colour] as [Any]] } ?? [],
        ]
        try await WriterScript.run(Self.script, description: description)
        return output
    }
}
