import Foundation
import NarrateCore
import NarrateTestSupport
import Testing

@testable import NarrateIngest

/// PDFs read as their writers set them: reading order across columns, running heads and
/// page numbers left out, hyphenated words joined, headings from the outline or the fonts,
/// the metadata; scans, locked and broken files refused in one line. Each is written by a
/// real writer (groff, cairo) from the samples, and checked by word-level F1 against them.
@Suite("PDF documents")
struct PDFReaderTests {
    static let groff = TestPDF.canWrite(.groff)
    static let cairo = TestPDF.canWrite(.cairo)
    static let qpdf = FileManager.default.isExecutableFile(atPath: "/usr/bin/qpdf")
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../samples").standardized

    /// The paragraphs of a sample (its first is its title).
    static func paragraphs(_ sample: String) throws -> [String] {
        try String(contentsOfFile: "\(samples.path)/\(sample)", encoding: .utf8).components(separatedBy: "\n\n")
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter { !$0.isEmpty }
    }

    func read(_ path: String) async throws -> Document {
        try await onOwnThread { try ArticleLoader().load(path: path) }
    }

    /// Every one of `paragraphs` is in `text`, in order (by its first eight words; a writer's
    /// typographic apostrophes and quotes taken as the source's plain ones).
    static func inOrder(_ paragraphs: [String], in text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        func plain(_ text: String) -> String {
            text.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{2018}", with: "'")
                .replacingOccurrences(of: "\u{201C}", with: "\"").replacingOccurrences(of: "\u{201D}", with: "\"")
        }
        var rest = plain(text)[...]
        for paragraph in paragraphs.map(plain) {
            let start = paragraph.split(separator: " ").prefix(8).joined(separator: " ")
            guard let found = rest.range(of: start) else {
                Issue.record("not found in order: \(start)", sourceLocation: sourceLocation)
                return
            }
            rest = rest[found.upperBound...]
        }
    }

    static func text(_ document: Document) -> String {
        document.blocks.map(\.text).joined(separator: "\n")
    }

    @Test(.enabled(if: groff, "needs groff's PDF device: run scripts/install-dependencies --tests"))
    func twoColumnsOfGroffWithRunningHeadsAndHyphenationReadAsTheirSource() async throws {
        let scratch = try ScratchDirectory()
        let source = try Self.paragraphs("en-long.txt")
        var pdf = TestPDF(
            writer: .groff, title: source[0],
            chapters: [
                ("The First Lights", Array(source[1...10])), ("Lamps and Lenses", Array(source[11...22])),
                ("Keepers", Array(source[23...34])),
            ])
        pdf.columns = 2
        pdf.header = "Towers of Light, a draft"
        pdf.footer = "Page {page}"
        let path = try await pdf.write(in: scratch)
        // groff hyphenated words at the ends of lines, and the pages have heads and feet.
        let file = try PDFFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        let lines = (0..<file.pageCount).flatMap { file.page($0)?.lines ?? [] }.map(\.text)
        #expect(lines.filter { $0.last == "-" || $0.last == "\u{2010}" }.count >= 5, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Page 3") } && file.pageCount >= 4)

        let document = try await read(path)
        #expect(document.format == .pdf)
        #expect(document.title == source[0])
        let text = Self.text(document)
        #expect(!text.contains("a draft") && !text.contains("Page "), "a running head or foot was read")
        Self.inOrder(Array(source[1...34]), in: text)
        // groff numbers the headings ("1. The First Lights"): three words more.
        let f1 = EPUBReaderTests.f1(EPUBReaderTests.words(document), pdf.words)
        #expect(f1 >= 0.97, "F1 \(f1)")
        let headings = EPUBReaderTests.headings(document).filter { !$0.hasPrefix("1 Towers") }
        #expect(headings.count == 3 && headings.allSatisfy { $0.hasPrefix("2 ") }, "\(headings)")
        #expect(headings.first?.hasSuffix("The First Lights") == true)

        // Read from its file (poppler reading it as it needs), the same; its source a block at a time.
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let (whole, wholeSource) = try PDFReader().read(bytes, name: path)
        #expect(try PDFReader().document(path: path, name: path) == whole)
        #expect(whole.blocks.map(PDFReader.source(of:)).joined() == wholeSource)
    }

    @Test(.enabled(if: groff, "needs groff's PDF device: run scripts/install-dependencies --tests"))
    func oneColumnOfGroffInGermanReadsAsItsSource() async throws {
        let scratch = try ScratchDirectory()
        let source = try Self.paragraphs("de-article.txt")
        var pdf = TestPDF(writer: .groff, title: source[0], chapters: [("Der Anfang", Array(source[1...]))])
        pdf.footer = "Seite {page}"
        pdf.header = "Stadtarchiv"
        let document = try await read(try await pdf.write(in: scratch))
        let f1 = EPUBReaderTests.f1(EPUBReaderTests.words(document), pdf.words)
        #expect(f1 >= 0.97, "F1 \(f1)")
        #expect(!Self.text(document).contains("Seite "))
        Self.inOrder(Array(source[1...]), in: Self.text(document))
    }

    @Test(.enabled(if: cairo, "needs Python's cairo module: run scripts/install-dependencies --tests"))
    func twoCyrillicColumnsWithAnOutlineAndMetadata() async throws {
        let scratch = try ScratchDirectory()
        let source = try Self.paragraphs("uk-news.txt")
        var pdf = TestPDF(
            writer: .cairo, title: source[0], chapters: [("Розділ перший", Array(source[1...4])), ("Розділ другий", Array(source[5...]))])
        pdf.columns = 2
        pdf.metadataTitle = source[0]
        pdf.author = "Олена Коваль"
        pdf.header = "Новини тижня"
        pdf.footer = "Сторінка {page}"
        pdf.outline = true
        let path = try await pdf.write(in: scratch)
        let document = try await read(path)
        #expect(document.title == source[0] && document.byline == "Олена Коваль")
        #expect(EPUBReaderTests.headings(document) == ["1 \(source[0])", "1 Розділ перший", "1 Розділ другий"])
        let f1 = EPUBReaderTests.f1(EPUBReaderTests.words(document), pdf.words)
        #expect(f1 >= 0.97, "F1 \(f1)")
        let text = Self.text(document)
        #expect(!text.contains("Новини тижня") && !text.contains("Сторінка"))
        Self.inOrder(Array(source[1...]), in: text)
        // The words cairo's setting hyphenated at the ends of lines are whole again: no half
        // is read, and each is a word of the source.
        let file = try PDFFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        let halves = (0..<file.pageCount).flatMap { file.page($0)?.lines ?? [] }.map(\.text).compactMap { line -> String? in
            guard line.hasSuffix("-"), let half = line.split(separator: " ").last, half.dropLast().allSatisfy(\.isLetter) else {
                return nil
            }
            return String(half.dropLast())
        }
        #expect(halves.count >= 3, "\(halves)")
        let read = EPUBReaderTests.words(document).map { $0.trimmingCharacters(in: .punctuationCharacters) }
        let sourceWords = Set(pdf.words.map { $0.trimmingCharacters(in: .punctuationCharacters) })
        for half in halves {
            #expect(!read.contains(half + "-") && !read.contains(half), "\(half)- was read as it was set")
            #expect(read.contains { $0.hasPrefix(half) && $0.count > half.count && sourceWords.contains($0) }, "\(half)- not joined")
        }
    }

    @Test(.enabled(if: cairo, "needs Python's cairo module: run scripts/install-dependencies --tests"))
    func withoutAnOutlineHeadingsComeFromTheFontSizes() async throws {
        let scratch = try ScratchDirectory()
        let source = try Self.paragraphs("en-news.txt")
        var pdf = TestPDF(
            writer: .cairo, title: source[0], chapters: [("What happened", Array(source[1...7])), ("What comes next", Array(source[8...]))])
        pdf.header = "Springfield Daily"
        pdf.footer = "{page}"
        pdf.headingSize = 14
        let document = try await read(try await pdf.write(in: scratch))
        #expect(EPUBReaderTests.headings(document) == ["1 \(source[0])", "2 What happened", "2 What comes next"])
        // Each paragraph, indented at its first line, is a block of its own.
        let paragraphs = document.blocks.filter { $0.kind == .paragraph }.map(\.text)
        #expect(paragraphs == Array(source[1...7] + source[8...]), "\(paragraphs)")
        #expect(document.title == source[0])
    }

    @Test(.enabled(if: cairo, "needs Python's cairo module: run scripts/install-dependencies --tests"))
    func aFootnoteFollowsTheParagraphItInterruptsAtAPageBreak() async throws {
        let scratch = try ScratchDirectory()
        let source = try Self.paragraphs("en-long.txt")
        let note = "1 Most early lights were kept by the harbours' own families."
        var pdf = TestPDF(writer: .cairo, title: source[0], chapters: [("The First Lights", Array(source[3...14]))])
        pdf.footer = "{page}"
        pdf.footnotes = [0: note]
        let path = try await pdf.write(in: scratch)
        // The first page ends inside a paragraph, above the note.
        let file = try PDFFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        let firstPage = try #require(file.page(0)).lines.map(\.text)
        let beforeNote = try #require(firstPage.firstIndex(of: note)).advanced(by: -1)
        #expect(!source.contains { $0.hasSuffix(firstPage[beforeNote]) }, "the page ends a paragraph: \(firstPage[beforeNote])")

        let document = try await read(path)
        let paragraphs = document.blocks.filter { $0.kind == .paragraph && $0.part == nil }.map(\.text)
        #expect(paragraphs == Array(source[3...14]), "\(paragraphs)")
        let notes = document.blocks.enumerated().filter { $0.element.part == .footnotes }
        #expect(notes.map(\.element.text) == [note])
        if let index = notes.first?.offset {
            // After the paragraph that goes on over it, from the first page to the second.
            let secondPage = try #require(file.page(1)?.lines.first?.text)
            let before = document.blocks[index - 1].text
            #expect(before.contains(firstPage[beforeNote]) && before.contains(secondPage), "\(before)")
        }
    }

    @Test(.enabled(if: cairo, "needs Python's cairo module: run scripts/install-dependencies --tests"))
    func scansLockedBrokenAndOtherFilesAreRefusedInOneLine() async throws {
        let scratch = try ScratchDirectory()
        var scan = TestPDF(writer: .cairo, chapters: [])
        scan.scanPages = 2
        let scanned = try await scan.write(in: scratch, name: "scan.pdf")
        /// The refusal of `path`, the same read from its bytes and from its file.
        func refusal(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async -> String? {
            func described(_ error: any Error) -> String { (error as? NarrateError)?.description ?? "\(error)" }
            var fromFile: String?
            do {
                _ = try PDFReader().document(path: path, name: path)
            } catch {
                fromFile = described(error)
            }
            do {
                _ = try await read(path)
                #expect(fromFile == nil, sourceLocation: sourceLocation)
                return nil
            } catch {
                #expect(fromFile == described(error), sourceLocation: sourceLocation)
                return described(error)
            }
        }
        let scanRefusal = await refusal(scanned)
        #expect(scanRefusal?.contains("without text") == true && scanRefusal?.contains("OCR") == true, "\(scanRefusal ?? "read")")

        let notPDF = "\(scratch.path)/notes.pdf"
        try Data("just some notes".utf8).write(to: URL(fileURLWithPath: notPDF))
        #expect(await refusal(notPDF)?.contains("not a PDF") == true)
        let broken = "\(scratch.path)/broken.pdf"
        try Data("%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage".utf8).write(to: URL(fileURLWithPath: broken))
        #expect(await refusal(broken)?.contains("damaged PDF") == true)
        for message in [scanRefusal, await refusal(notPDF), await refusal(broken)] {
            #expect(message?.contains("\n") == false)
        }

        if Self.qpdf {
            let plain = try await TestPDF(writer: .cairo, chapters: [("One", ["A short text that is locked away."])]).write(in: scratch)
            let locked = "\(scratch.path)/locked.pdf"
            let status = try await onOwnThread {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
                process.arguments = ["--encrypt", "secret", "owner", "256", "--", plain, locked]
                try DescriptorGate.launch(process)
                process.waitUntilExit()
                return process.terminationStatus
            }
            try #require(status == 0)
            #expect(await refusal(locked)?.contains("password") == true)
        }
    }

    @Test func pageNumbersAreToldFromText() {
        for number in ["12", "- 12 -", "Page 12", "Page 12 of 40", "12 / 40", "xii", "Seite 3", "Сторінка 4", "— 7 —"] {
            #expect(PDFLayout.isPageNumber(number), "\(number)")
        }
        for text in ["In 1968 it opened.", "Chapter 12", "12 Angry Men", "Page one", "civil", "2024 2025 2026"] {
            #expect(!PDFLayout.isPageNumber(text), "\(text)")
        }
    }
}
