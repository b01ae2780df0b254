public import NarrateCore

/// Reads a PDF (a report, a paper, a book) into one document through poppler, a page at a
/// time (`PDFBook`): the text in reading order, columns kept apart and running heads, feet
/// and page numbers left out (`PDFLayout`); lines joined into paragraphs, a word hyphenated
/// across two lines joined again (`PDFParagraphs`); headings from the outline (the
/// bookmarks) where it names lines of the text, else from the fonts (larger than the text,
/// or bold lines standing alone); the title, author, subject and date from the metadata.
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
        try Self.document(of: PDFBook(bytes: bytes, name: name))
    }

    /// Reads the PDF file at `path` as `document(_:name:)` reads bytes, poppler reading the
    /// file as it needs (never whole into memory); refused as too large to read
    /// (`InputLimits.bookBytes`) before anything is read.
    public func document(path: String, name: String) throws(NarrateError) -> Document {
        try Self.document(of: PDFBook(path: path, name: name))
    }

    /// All of `book` as one document.
    private static func document(of book: PDFBook) throws(NarrateError) -> Document {
        var document = book.head
        try book.forEachPiece(blocks: 1024) { document.blocks += $0 }
        return document
    }
}
