import Foundation
import NarrateCore
import NarrateTestSupport
import Testing

@testable import NarrateIngest

/// Books read as EPUB (2 and 3): reading order, chapters from the table of contents,
/// metadata, and the books refused in one line.
@Suite("EPUB books")
struct EPUBReaderTests {
    static let chapters = [
        TestBook.Chapter(
            title: "The First Light",
            paragraphs: [
                "The keeper climbed the stairs at dusk. He lit the lamp before the ships came in.",
                "Rain fell all night on the gallery.",
            ]),
        TestBook.Chapter(
            title: "Storms of the North", paragraphs: ["The wind rose before dawn and did not stop for three days."],
            hasHeading: false),
        TestBook.Chapter(
            title: "The Last Keeper", paragraphs: ["In the end the light was made automatic."],
            sections: [("A Quiet Retirement", ["She moved to the village and kept bees."])]),
    ]

    func read(_ path: String) throws -> Document {
        try ArticleLoader().load(path: path)
    }

    /// Word-level F1 of what was read against what the book says.
    static func f1(_ read: [String], _ expected: [String]) -> Double {
        func counts(_ words: [String]) -> [String: Int] {
            words.map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) }.reduce(into: [:]) { $0[$1, default: 0] += 1 }
        }
        let (got, want) = (counts(read), counts(expected))
        let common = got.reduce(0) { $0 + min($1.value, want[$1.key] ?? 0) }
        guard common > 0 else { return 0 }
        let precision = Double(common) / Double(read.count)
        let recall = Double(common) / Double(expected.count)
        return 2 * precision * recall / (precision + recall)
    }

    static func words(_ document: Document) -> [String] {
        document.blocks.map(\.text).joined(separator: " ").split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    static func headings(_ document: Document) -> [String] {
        document.blocks.compactMap { block in
            if case .heading(let level) = block.kind { "\(level) \(block.text)" } else { nil }
        }
    }

    @Test(arguments: [true, false])
    func aBookIsReadInOrderWithItsChaptersAndMetadata(epub3: Bool) async throws {
        let scratch = try ScratchDirectory()
        let book = TestBook(chapters: Self.chapters, epub3: epub3)
        let document = try read(try await book.write(in: scratch))
        #expect(document.format == .epub)
        #expect(document.title == "The Lighthouse Keepers")
        #expect(document.byline == "Ada Keeper and Ben Harbour")
        #expect(document.language == "en")
        #expect(document.publishedAt == "2026-11-30")
        #expect(document.excerpt == "A history of lights.")
        // The title, then each chapter's heading as the contents title it (inserted where
        // the chapter has none), the section at its depth; the contents page is not read.
        #expect(
            Self.headings(document) == [
                "1 The Lighthouse Keepers", "1 The First Light", "1 Storms of the North", "1 The Last Keeper", "2 A Quiet Retirement",
            ])
        let f1 = Self.f1(Self.words(document), book.words)
        #expect(f1 >= 0.99, "F1 \(f1): \(Self.words(document))")
        #expect(!Self.words(document).contains("Contents") && !Self.words(document).contains("Start"))
    }

    @Test func theCoverThePackageNamesComesWithTheBook() async throws {
        let scratch = try ScratchDirectory()
        for epub3 in [true, false] {
            var book = TestBook(chapters: Self.chapters, epub3: epub3)
            book.cover = (width: 600, height: 900, colour: [200, 40, 30])
            let path = try await book.write(in: scratch, name: "cover-\(epub3).epub")
            let cover = try #require(try ArticleLoader().loadWithSource(path: path).cover, "EPUB \(epub3 ? 3 : 2)")
            #expect(cover.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test func sourceOffsetsPointIntoEachChaptersMarkup() async throws {
        let scratch = try ScratchDirectory()
        let path = try await TestBook(chapters: Self.chapters).write(in: scratch)
        let (document, source, bytes, cover) = try ArticleLoader().loadWithSource(path: path)
        #expect(cover == nil)
        #expect(bytes == Array(source.utf8))
        let scalars = Array(source.unicodeScalars)
        for block in document.blocks where block.kind == .paragraph {
            let range = block.sourceMap.sourceRange(forTextRange: 0..<block.text.unicodeScalars.count)
            #expect(String(String.UnicodeScalarView(scalars[range])) == block.text)
        }
    }

    @Test func cyrillicAndRightToLeftBooksKeepTheirText() async throws {
        let scratch = try ScratchDirectory()
        let ukrainian = TestBook(
            title: "Доглядачі маяків", authors: ["Олена Пчілка"], language: "uk",
            chapters: [
                .init(title: "Перше світло", paragraphs: ["Доглядач піднявся сходами надвечір. Він запалив лампу."]),
                .init(title: "Буря", paragraphs: ["Вітер здійнявся перед світанком і не вщухав три дні."]),
            ], epub3: false)
        let document = try read(try await ukrainian.write(in: scratch, name: "uk.epub"))
        #expect(document.title == "Доглядачі маяків" && document.language == "uk" && document.byline == "Олена Пчілка")
        #expect(Self.headings(document) == ["1 Доглядачі маяків", "1 Перше світло", "1 Буря"])
        #expect(Self.f1(Self.words(document), ukrainian.words) >= 0.99)
        let hebrew = TestBook(
            title: "שומרי המגדלור", authors: ["רות"], language: "he", direction: "rtl",
            chapters: [.init(title: "האור הראשון", paragraphs: ["השומר עלה במדרגות עם ערב. הוא הדליק את המנורה."])])
        let rtl = try read(try await hebrew.write(in: scratch, name: "he.epub"))
        #expect(rtl.title == "שומרי המגדלור" && Self.f1(Self.words(rtl), hebrew.words) >= 0.99)
    }

    /// EPUB 3's footnotes, note references and page breaks (`epub:type`) are parts the
    /// reading choices decide on, as DPUB-ARIA's roles are on a page.
    @Test func footnotesNoteReferencesAndPageBreaksAreParts() async throws {
        let scratch = try ScratchDirectory()
        let chapter = TestBook.Chapter(
            title: "The Logs",
            paragraphs: [
                ##"The lamp was first lit in spring.<a epub:type="noteref" href="#n1">1</a> It burned oil.<span epub:type="pagebreak" id="p12" title="12">12</span> Later it burned gas."##,
                ##"Keepers wrote logs.</p><aside epub:type="footnote" id="n1"><p>The year was 1820.</p></aside><p>They kept them dry."##,
            ])
        let document = try read(try await TestBook(chapters: [chapter]).write(in: scratch))
        let first = try #require(document.blocks.first { $0.text.hasPrefix("The lamp") })
        let scalars = Array(first.text.unicodeScalars)
        let asides: [Block.Aside] = (first.asides ?? []).filter { $0.part == .apparatus }
        let apparatus: [String] = asides.map { String(String.UnicodeScalarView(scalars[$0.range])) }
        #expect(apparatus == ["1", "12"], "\(first)")
        let note = try #require(document.blocks.first { $0.text == "The year was 1820." })
        #expect(note.part == .footnotes)
        #expect(document.blocks.first { $0.text == "They kept them dry." }?.part == nil)
    }

    static let pandoc = FileManager.default.isExecutableFile(atPath: "/usr/bin/pandoc")
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../samples").standardized
        .path

    /// Books a real writer makes: pandoc (Debian's) turns the samples into EPUB 3 (a chapter
    /// a section, with a title page and a navigation document) and EPUB 2 (an NCX), and the
    /// book says what the sample says, its sections its chapters.
    @Test(
        .enabled(if: pandoc, "needs pandoc: run scripts/install-dependencies --tests"),
        arguments: [("en-field-notes.md", "epub3", "en"), ("en-field-notes.md", "epub2", "en"), ("uk-news.txt", "epub2", "uk")])
    func booksPandocWritesReadAsTheirSources(sample: String, format: String, language: String) async throws {
        let scratch = try ScratchDirectory()
        let source = "\(Self.samples)/\(sample)"
        let expected = try ArticleLoader().load(path: source)
        let output = "\(scratch.path)/book.epub"
        let status = try await onOwnThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/pandoc")
            process.arguments = [
                "-f", "markdown", "-t", format, source, "-o", output, "--metadata", "title=\(expected.title)", "--metadata",
                "author=A. Writer", "--metadata", "lang=\(language)", "--epub-chapter-level=2",
            ]
            process.standardError = FileHandle.nullDevice
            try DescriptorGate.launch(process)
            process.waitUntilExit()
            return process.terminationStatus
        }
        try #require(status == 0, "pandoc failed")
        let book = try read(output)
        #expect(book.title == expected.title && book.byline == "A. Writer" && book.language == language)
        // The book says what the sample says, after its title page (the title and the author).
        let titlePage = "\(expected.title) A. Writer".split(separator: " ").map(String.init)
        let f1 = Self.f1(Self.words(book), titlePage + Self.words(expected))
        #expect(f1 >= 0.99, "F1 \(f1): \(Self.words(book))")
        // Every heading of the source starts a chapter, in order.
        let headings = Self.headings(book).map { $0.drop { $0 != " " }.dropFirst() }
        var remaining = headings[...]
        for heading in Self.headings(expected).map({ $0.drop { $0 != " " }.dropFirst() }) {
            guard let found = remaining.firstIndex(of: heading) else {
                Issue.record("\(heading) is not a chapter of the book: \(headings)")
                break
            }
            remaining = remaining[(found + 1)...]
        }
    }

    @Test func twoHundredChaptersAreTwoHundredHeadingsInOrder() async throws {
        let scratch = try ScratchDirectory()
        let chapters = (1...200).map { TestBook.Chapter(title: "Chapter \($0)", paragraphs: ["The tide came in on day \($0)."]) }
        let document = try read(try await TestBook(chapters: chapters).write(in: scratch))
        #expect(Self.headings(document) == ["1 The Lighthouse Keepers"] + (1...200).map { "1 Chapter \($0)" })
    }

    /// Fonts obfuscated as the EPUB specification allows are not DRM; encrypted text is.
    @Test func encryptedTextIsRefusedButObfuscatedFontsAreNot() async throws {
        let scratch = try ScratchDirectory()
        func encryption(_ uri: String, _ algorithm: String) -> (String, String) {
            (
                "META-INF/encryption.xml",
                """
                <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
                <enc:EncryptedData><enc:EncryptionMethod Algorithm="\(algorithm)"/>
                <enc:CipherData><enc:CipherReference URI="\(uri)"/></enc:CipherData></enc:EncryptedData>
                </encryption>
                """
            )
        }
        var fonts = TestBook(chapters: Self.chapters)
        fonts.extraFiles = [encryption("OEBPS/fonts/serif.otf", "http://www.idpf.org/2008/embedding")]
        #expect(try read(try await fonts.write(in: scratch, name: "fonts.epub")).blocks.count > 5)
        var locked = TestBook(chapters: Self.chapters)
        locked.extraFiles = [encryption("OEBPS/text/chapter-2.xhtml", "http://www.w3.org/2001/04/xmlenc#aes128-cbc")]
        let path = try await locked.write(in: scratch, name: "locked.epub")
        #expect {
            try read(path)
        } throws: { error in
            guard case .malformedInput(_, let message) = error as? NarrateError else { return false }
            return message.contains("is protected by DRM (its text, OEBPS/text/chapter-2.xhtml, is encrypted)")
        }
    }

    @Test func brokenBooksAreRefusedInOneLine() async throws {
        let scratch = try ScratchDirectory()
        let notZip = try scratch.write("text.epub", text: "Just some text that is not a book.")
        var noContainer = TestBook(chapters: Self.chapters)
        noContainer.leaveOut = ["META-INF/container.xml"]
        var noPackage = TestBook(chapters: Self.chapters)
        noPackage.leaveOut = ["OEBPS/content.opf"]
        var missingChapter = TestBook(chapters: Self.chapters)
        missingChapter.leaveOut = ["OEBPS/text/chapter-2.xhtml"]
        var badXML = TestBook(chapters: Self.chapters)
        badXML.leaveOut = ["OEBPS/content.opf"]
        badXML.extraFiles = [("OEBPS/content.opf", "<package xmlns=\"http://www.idpf.org/2007/opf\"><metadata>")]
        let cases: [(String, String)] = [
            (notZip, "not an EPUB (an EPUB is a zip archive; this is not one)"),
            (try await noContainer.write(in: scratch, name: "a.epub"), "not an EPUB: it has no META-INF/container.xml"),
            (
                try await noPackage.write(in: scratch, name: "b.epub"),
                "a broken EPUB: its container names OEBPS/content.opf, which the book does not have"
            ),
            (
                try await missingChapter.write(in: scratch, name: "c.epub"),
                "a broken EPUB: its spine names OEBPS/text/chapter-2.xhtml, which the book does not have"
            ),
            (try await badXML.write(in: scratch, name: "d.epub"), "its package document OEBPS/content.opf is not well-formed XML"),
        ]
        for (path, says) in cases {
            #expect {
                try read(path)
            } throws: { error in
                guard case .malformedInput(let named, let message) = error as? NarrateError else { return false }
                return named == path && message.contains(says)
            }
        }
    }

    /// A chapter that expands beyond an article's 16 MiB, or chapters that together expand
    /// beyond 256 MiB (from a few hundred kilobytes), are refused as they pass the limit, not
    /// read whole; pictures, and files not in the reading order, are never unpacked.
    @Test func zipBombsAreRefused() async throws {
        let scratch = try ScratchDirectory()
        var oneChapter = TestBook(chapters: Self.chapters)
        oneChapter.zeros = [("OEBPS/text/zeros.xhtml", 100_000_000)]
        oneChapter.zerosInSpine = true
        var manyChapters = TestBook(chapters: Self.chapters)
        manyChapters.zeros = (1...17).map { ("OEBPS/text/zeros-\($0).xhtml", 16_000_000) }
        manyChapters.zerosInSpine = true
        var unread = TestBook(chapters: Self.chapters)
        unread.zeros = [("OEBPS/images/huge.png", 300_000_000), ("OEBPS/text/unlisted.xhtml", 100_000_000)]
        for (book, says) in [
            (oneChapter, "zeros.xhtml: larger than 16 MiB, the most narrate reads as one chapter of a book"),
            (manyChapters, "an archive that expands beyond 256 MiB (a zip bomb?)"),
            (unread, "read"),
        ] {
            let path = try await book.write(in: scratch)
            let outcome = try await onOwnThread { () -> String in
                do {
                    _ = try ArticleLoader().load(path: path)
                    return "read"
                } catch {
                    return "\(error)"
                }
            }
            #expect(outcome.contains(says), "\(outcome)")
        }
    }
}
