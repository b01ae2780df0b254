import Foundation
public import NarrateCore
import NarrateText

/// Reads a PDF (a report, a paper, a book) into one document through poppler: the text in
/// reading order, columns kept apart and running heads, feet and page numbers left out
/// (`PDFLayout`); lines joined into paragraphs, a word hyphenated across two lines joined
/// again; headings from the outline (the bookmarks) where it names lines of the text, else
/// from the fonts (larger than the text, or bold lines standing alone); the title, author,
/// subject and date from the metadata.
///
/// Refused with one line, nothing read: a file that is not a PDF or that poppler cannot
/// read, one locked with a password, and one without a text layer (a scan), which needs OCR
/// first.
public struct PDFReader: Sendable {
    /// Creates a reader.
    public init() {}

    /// The most pages read: a larger document is refused rather than read for minutes.
    public static let pageLimit = 10_000

    /// Reads the PDF in `bytes`; `name` names it in errors. The source the document's maps
    /// point into is the text as read: its blocks one after another, each ended by a blank line.
    public func read(_ bytes: [UInt8], name: String) throws(NarrateError) -> (document: Document, source: String) {
        let document = try self.document(bytes, name: name)
        var source = ""
        source.reserveCapacity(document.blocks.reduce(0) { $0 + $1.text.utf8.count + 2 })
        for block in document.blocks { source += Self.source(of: block) }
        return (document, source)
    }

    /// The piece of a PDF's source that `block`, one of its document's, stands for: its text
    /// and a blank line, or nothing for a heading the text does not say.
    public static func source(of block: Block) -> String {
        block.sourceMap.runs.first.map { $0.length > 0 } == true ? block.text + "\n\n" : ""
    }

    /// Reads the PDF in `bytes` as `read` does, without its source (which
    /// `source(of:)` gives a block at a time).
    public func document(_ bytes: [UInt8], name: String) throws(NarrateError) -> Document {
        guard Self.isPDF(bytes) else {
            throw .malformedInput(path: name, message: "not a PDF (a PDF starts with %PDF; this does not)")
        }
        return try document(of: PDFFile(bytes: bytes, name: name), name: name)
    }

    /// Reads the PDF file at `path` as `document(_:name:)` reads bytes, poppler reading the
    /// file as it needs (never whole into memory); refused as too large to read
    /// (`InputLimits.bookBytes`) before anything is read.
    public func document(path: String, name: String) throws(NarrateError) -> Document {
        let head: [UInt8]
        do {
            _ = try FileContents.stamp(of: path, limit: InputLimits.bookBytes)
            head = try FileContents.head(of: path, count: 1024 + 5)
        } catch {
            if error.isTooLarge { throw .inputTooLarge(path: name, limit: InputLimits.bookBytes, kind: "a book") }
            throw .inputUnavailable(path: name, reason: error.reason)
        }
        guard Self.isPDF(head) else {
            throw .malformedInput(path: name, message: "not a PDF (a PDF starts with %PDF; this does not)")
        }
        return try document(of: PDFFile(path: path, name: name), name: name)
    }

    private func document(of file: PDFFile, name: String) throws(NarrateError) -> Document {
        let count = file.pageCount
        guard count <= Self.pageLimit else {
            throw .malformedInput(path: name, message: "a PDF of \(count) pages; narrate reads at most \(Self.pageLimit) (split it first)")
        }
        var (blocks, displayedTitle) = try Self.blocks(of: file, pages: count, name: name)
        guard !blocks.isEmpty else { throw .noReadableArticle(path: name) }
        let fileName = (name as NSString).lastPathComponent
        let firstHeading = blocks.first { if case .heading = $0.kind { true } else { false } }?.text
        let title =
            file.title.flatMap { Self.isUsefulTitle($0) ? $0 : nil } ?? displayedTitle ?? firstHeading
            ?? (fileName as NSString).deletingPathExtension
        // The title is heard first, unless the text starts with it (as a heading, or as a
        // line of its own the outline did not name, which becomes one).
        if let first = blocks.first, first.kind == .paragraph,
            PDFParagraphs.comparable(first.text) == PDFParagraphs.comparable(title)
        {
            blocks[0].kind = .heading(level: 1)
        } else if !Self.startsWithHeading(blocks, titled: title) {
            blocks.insert(Block(kind: .heading(level: 1), text: title, sourceMap: .identity(sourceOffset: 0, length: 0)), at: 0)
        }
        var offset = 0
        for index in blocks.indices {
            let length = blocks[index].text.unicodeScalars.count
            if blocks[index].sourceMap.runs.first?.length == 0 || length == 0 {
                // A heading the text does not say (the title, an outline's entry).
                blocks[index].sourceMap = .identity(sourceOffset: offset, length: 0)
            } else {
                blocks[index].sourceMap = .identity(sourceOffset: offset, length: length)
                offset += length + 2
            }
        }
        return Document(
            title: title, blocks: blocks, format: .pdf, byline: file.author, publishedAt: file.creationDate, excerpt: file.subject)
    }

    /// The blocks of the `count` pages of `file`, and the title its first page displays; its
    /// lines are let go once the blocks are made.
    private static func blocks(of file: PDFFile, pages count: Int, name: String) throws(NarrateError) -> ([Block], String?) {
        let (layout, sample) = try layout(of: file, pages: count, name: name)
        // The language, for its dictionary (which tells a hyphenated word from a compound);
        // the document's own is detected where every article's is.
        let language = LanguageDetector()?.language(of: sample)
        var assembler = PDFParagraphs(
            layout: layout, bodySize: PDFLayout.bodyFontSize(layout.lines.lazy.map(\.line)),
            lexicon: language.map { WordLexicon.forLanguage($0) })
        assembler.markHeadings(outline: file.outline)
        return (assembler.blocks(), assembler.displayedTitle)
    }

    /// The reading order of the `count` pages of `file`, and the text of their first lines
    /// (what their language is told from). Their lines as poppler gives them are let go once
    /// they are placed. Refused: a document without text (a scan).
    private static func layout(of file: PDFFile, pages count: Int, name: String) throws(NarrateError) -> (PDFLayout, String) {
        var pages: [PDFFile.Page] = []
        pages.reserveCapacity(count)
        for index in 0..<count {
            pages.append(file.page(index) ?? PDFFile.Page(width: 0, height: 0, lines: []))
        }
        let letters = pages.reduce(0) { sum, page in
            sum + page.lines.reduce(0) { $0 + $1.text.unicodeScalars.filter(PDFFile.isLetter).count }
        }
        guard count > 0, letters >= 10 * count || letters >= 200 else {
            throw .malformedInput(
                path: name,
                message:
                    "is a PDF without text (a scan, or pictures of pages): narrate reads the text a PDF holds; give it a text layer with OCR first (for example ocrmypdf), then add that"
            )
        }
        let sample = pages.lazy.flatMap(\.lines).prefix(400).map(\.text).joined(separator: " ")
        return (PDFLayout(pages: pages, rightToLeft: isRightToLeft(sample)), sample)
    }

    /// Whether a metadata title says something: not a file name or a word processor's
    /// placeholder ("Microsoft Word - report.docx", "untitled").
    private static func isUsefulTitle(_ title: String) -> Bool {
        let lowered = title.lowercased()
        if ["untitled", "title", "document", "slide 1"].contains(lowered) { return false }
        if lowered.hasPrefix("microsoft word - ") { return false }
        for suffix in [".doc", ".docx", ".odt", ".pdf", ".tex", ".dvi", ".ps", ".indd", ".rtf"] where lowered.hasSuffix(suffix) {
            return false
        }
        return title.contains { $0.isLetter }
    }

    /// Whether most of the letters of `text` are of a right-to-left script.
    private static func isRightToLeft(_ text: String) -> Bool {
        var rightToLeft = 0
        var letters = 0
        for scalar in text.unicodeScalars where PDFFile.isLetter(scalar) {
            letters += 1
            if (0x0590...0x08FF).contains(scalar.value) || (0xFB1D...0xFDFF).contains(scalar.value)
                || (0xFE70...0xFEFF).contains(scalar.value)
            {
                rightToLeft += 1
            }
        }
        return letters > 0 && rightToLeft * 2 > letters
    }

    /// Whether `bytes` start as a PDF does: "%PDF-" within their first kilobyte.
    private static func isPDF(_ bytes: [UInt8]) -> Bool {
        let marker = Array("%PDF-".utf8)
        let head = bytes.prefix(1024 + marker.count)
        return head.indices.contains { head[$0...].starts(with: marker) }
    }

    private static func startsWithHeading(_ blocks: [Block], titled title: String) -> Bool {
        guard let first = blocks.first, case .heading = first.kind else { return false }
        return PDFParagraphs.comparable(first.text) == PDFParagraphs.comparable(title)
    }
}
