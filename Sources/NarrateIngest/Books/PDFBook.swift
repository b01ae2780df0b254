import Foundation
public import NarrateCore
import NarrateText

/// A PDF opened to be read a page at a time, so a long document costs no more memory than a
/// short one. Opening it reads each page once through poppler (which reads a file as it
/// needs, never whole), keeping the page's lines in a scratch file (`PDFPages`), and learns
/// what the whole says (the text's font size, the running heads and feet, the script and
/// language, whether it has text at all); a second walk, over the lines kept, learns how they
/// are laid out (their spacing, the sizes of the headings, whether the outline names lines
/// of the text, the title the first page shows). Each walk of its blocks reads the kept
/// pages again, a page's lines held until its paragraphs are made. A file that changes while
/// it is read is refused.
///
/// What is read is what `PDFReader` describes; refused with one line, nothing read: a file
/// that is not a PDF or that poppler cannot read, one locked with a password, one of more
/// than `PDFReader.pageLimit` pages, one without a text layer (a scan), and one whose every
/// line is a running head, foot or page number.
public struct PDFBook: Sendable {
    /// The document without its blocks: its title, author, subject and date.
    public private(set) var head: Document

    /// Its pages as read.
    private let pages: PDFPages
    private let name: String
    private let layout: PDFLayout
    private let headings: PDFParagraphs.Headings
    /// The text's line spacing, top to top.
    private let pitch: Double
    /// The language's dictionary, which tells a hyphenated word from a compound.
    private let lexicon: WordLexicon?

    /// Opens the PDF in `bytes`; `name` names it in errors.
    public init(bytes: [UInt8], name: String) throws(NarrateError) {
        guard Self.isPDF(bytes) else {
            throw .malformedInput(path: name, message: "not a PDF (a PDF starts with %PDF; this does not)")
        }
        try self.init(PDFFile(bytes: bytes, name: name), name: name, checkUnchanged: {})
    }

    /// Opens the PDF file at `path`, refused as too large to read (`InputLimits.bookBytes`)
    /// before anything is read; `name` names it in errors.
    public init(path: String, name: String) throws(NarrateError) {
        let (stamp, head) = try BookFile.open(path, name: name, headCount: 1024 + 5)
        guard Self.isPDF(head) else {
            throw .malformedInput(path: name, message: "not a PDF (a PDF starts with %PDF; this does not)")
        }
        try self.init(
            PDFFile(path: path, name: name), name: name,
            checkUnchanged: { () throws(NarrateError) in try BookFile.checkUnchanged(path, stamp: stamp, name: name) })
    }

    /// Reads `file` (which `checkUnchanged` refuses if it was written to meanwhile) a page at a time.
    private init(_ file: PDFFile, name: String, checkUnchanged: () throws(NarrateError) -> Void) throws(NarrateError) {
        self.name = name
        let count = file.pageCount
        guard count <= PDFReader.pageLimit else {
            throw .malformedInput(
                path: name, message: "a PDF of \(count) pages; narrate reads at most \(PDFReader.pageLimit) (split it first)")
        }
        var survey = PDFLayout.Survey()
        pages = try PDFPages(file, name: name) { page, number in survey.add(page, number: number) }
        guard count > 0, survey.letters >= 10 * count || survey.letters >= 200 else {
            throw .malformedInput(
                path: name,
                message:
                    "is a PDF without text (a scan, or pictures of pages): narrate reads the text a PDF holds; give it a text layer with OCR first (for example ocrmypdf), then add that"
            )
        }
        layout = survey.layout(rightToLeft: Self.isRightToLeft(survey.sample))
        // The language, for its dictionary; the document's own is detected where every
        // article's is.
        lexicon = LanguageDetector()?.language(of: survey.sample).map { WordLexicon.forLanguage($0) }
        var lines = PDFParagraphs.Survey(textSize: layout.textSize, outline: file.outline)
        var column = 0
        for index in 0..<count { lines.add(layout.place(try pages.page(index, name: name), number: index, column: &column)) }
        guard lines.hasText else { throw .noReadableArticle(path: name) }
        headings = lines.headings
        pitch = lines.pitch
        let metadataTitle = file.title.flatMap { Self.isUsefulTitle($0) ? $0 : nil }
        var title = metadataTitle ?? lines.displayedTitle
        head = Document(title: "", blocks: [], format: .pdf, byline: file.author, publishedAt: file.creationDate, excerpt: file.subject)
        try checkUnchanged()
        if title == nil {
            // The first heading, else the file's name.
            try forEachPage { blocks in
                title = blocks.first { if case .heading = $0.kind { true } else { false } }?.text
                return title != nil
            }
        }
        head.title = title ?? ((name as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Calls `body` with the document's blocks, `count` at a time in reading order (the last
    /// piece may have fewer), until `isEnough` says so of a piece. Each block's source map
    /// points into the text as read (`PDFReader.source(of:)` of each block, one after
    /// another). The title is heard first, unless the text starts with it (as a heading, or
    /// as a line of its own the outline did not name, which becomes one).
    public func forEachPiece(
        blocks count: Int, until isEnough: ([Block]) -> Bool = { _ in false }, _ body: ([Block]) throws(NarrateError) -> Void
    ) throws(NarrateError) {
        precondition(count > 0, "a piece of no blocks")
        var piece: [Block] = []
        var offset = 0
        var started = false
        var enough = false
        try forEachPage { blocks throws(NarrateError) in
            var blocks = blocks
            if !started, let first = blocks.first {
                started = true
                let saysTitle = PDFParagraphs.comparable(first.text) == PDFParagraphs.comparable(head.title)
                let isHeading = if case .heading = first.kind { true } else { false }
                if saysTitle, first.kind == .paragraph {
                    blocks[0].kind = .heading(level: 1)
                } else if !saysTitle || !isHeading {
                    blocks.insert(
                        Block(kind: .heading(level: 1), text: head.title, sourceMap: .identity(sourceOffset: 0, length: 0)), at: 0)
                }
            }
            for var block in blocks {
                let length = block.text.unicodeScalars.count
                if block.sourceMap.runs.first?.length == 0 || length == 0 {
                    // A heading the text does not say (the title, an outline's entry).
                    block.sourceMap = .identity(sourceOffset: offset, length: 0)
                } else {
                    block.sourceMap = .identity(sourceOffset: offset, length: length)
                    offset += length + 2
                }
                piece.append(block)
                if piece.count == count {
                    try body(piece)
                    enough = isEnough(piece)
                    piece = []
                    if enough { return true }
                }
            }
            return false
        }
        if !enough, !piece.isEmpty { try body(piece) }
    }

    /// Calls `body` with the blocks each page closes (its source maps not yet placed, the
    /// title not yet heard), until it says it has had enough.
    private func forEachPage(_ body: ([Block]) throws(NarrateError) -> Bool) throws(NarrateError) {
        var paragraphs = PDFParagraphs(textSize: layout.textSize, pitch: pitch, headings: headings, lexicon: lexicon)
        var column = 0
        var blocks: [Block] = []
        for index in 0..<pages.count {
            paragraphs.add(layout.place(try pages.page(index, name: name), number: index, column: &column), to: &blocks)
            if !blocks.isEmpty {
                if try body(blocks) { return }
                blocks = []
            }
        }
        paragraphs.finish(to: &blocks)
        if !blocks.isEmpty { _ = try body(blocks) }
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
}
