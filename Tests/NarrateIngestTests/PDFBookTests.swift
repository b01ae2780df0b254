import Foundation
import NarrateCore
import NarrateTestSupport
import Testing

@testable import NarrateIngest

/// A PDF read a page at a time: its pages read once through poppler and kept in a scratch
/// file, its blocks walked in pieces, each walk the same as the document read whole.
@Suite("PDF documents a page at a time")
struct PDFBookTests {
    /// A groff document of two columns over several pages, with running heads and feet, and
    /// no title of its own (so its first heading is its title).
    static func untitledDocument(in scratch: ScratchDirectory) async throws -> (path: String, pdf: TestPDF) {
        let source = try PDFReaderTests.paragraphs("en-long.txt")
        var pdf = TestPDF(
            writer: .groff, title: nil,
            chapters: [("The First Lights", Array(source[1...12])), ("Lamps and Lenses", Array(source[13...26]))])
        pdf.columns = 2
        pdf.header = "Towers of Light, a draft"
        pdf.footer = "Page {page}"
        return (try await pdf.write(in: scratch), pdf)
    }

    @Test(.enabled(if: PDFReaderTests.groff, "needs groff's PDF device: run scripts/install-dependencies --tests"))
    func piecesOfAPDFAreTheDocumentReadWhole() async throws {
        let scratch = try ScratchDirectory()
        let (path, pdf) = try await Self.untitledDocument(in: scratch)
        let whole = try PDFReader().document(path: path, name: path)
        let book = try PDFBook(path: path, name: path)
        #expect(book.head.blocks.isEmpty)
        #expect(book.head.title == whole.title)
        var head = whole
        head.blocks = []
        #expect(book.head == head)

        // Walked in pieces, twice: the document's blocks, in pieces of four but the last.
        for _ in 0..<2 {
            var pieces: [[Block]] = []
            try book.forEachPiece(blocks: 4) { pieces.append($0) }
            #expect(pieces.flatMap { $0 } == whole.blocks)
            #expect(pieces.dropLast().allSatisfy { $0.count == 4 } && (1...4).contains(pieces.last?.count ?? 0))
            #expect(pieces.count >= 6, "\(pieces.count) pieces")
        }
        var pieces = 0
        try book.forEachPiece(blocks: 5, until: { _ in true }) { _ in pieces += 1 }
        #expect(pieces == 1)
        // From bytes, the same.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try PDFReader().document(bytes, name: path) == whole)

        // Its title is its first heading, said once, first.
        #expect(whole.title.hasSuffix("The First Lights"), "\(whole.title)")
        #expect(
            whole.blocks.first?.text == whole.title && whole.blocks.first.map { if case .heading = $0.kind { true } else { false } } == true
        )
        #expect(whole.blocks.filter { $0.text == whole.title }.count == 1)
        let f1 = EPUBReaderTests.f1(EPUBReaderTests.words(whole), pdf.words)
        #expect(f1 >= 0.97, "F1 \(f1)")
        // The sources of the blocks, one after another, are the text as read.
        let (_, source) = try PDFReader().read(bytes, name: path)
        #expect(whole.blocks.map(PDFReader.source(of:)).joined() == source)
    }

    @Test(.enabled(if: PDFReaderTests.groff, "needs groff's PDF device: run scripts/install-dependencies --tests"))
    func pagesAreKeptAsPopplerReadThem() async throws {
        let scratch = try ScratchDirectory()
        let (path, _) = try await Self.untitledDocument(in: scratch)
        let file = try PDFFile(path: path, name: path)
        var read: [(number: Int, page: PDFFile.Page)] = []
        let pages = try PDFPages(file, name: path) { page, number in read.append((number, page)) }
        #expect(pages.count == file.pageCount && read.map(\.number) == Array(0..<file.pageCount))
        #expect(pages.count >= 3)
        for (number, page) in read {
            let kept = try pages.page(number, name: path)
            #expect(kept.lines == page.lines && kept.width == page.width && kept.height == page.height)
            #expect(!kept.lines.isEmpty)
        }
    }
}
