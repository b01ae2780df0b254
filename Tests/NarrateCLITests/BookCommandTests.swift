import Foundation
import NarrateTestSupport
import Testing

/// EPUB books and PDFs through the commands, as a user runs them: extracted, segmented, added
/// to the library and converted with their chapters; a protected book and a scan refused in
/// one line.
@Suite("EPUB books from the command line", .endToEnd)
struct BookCommandTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory()
    }

    func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(
            arguments, directory: scratch.path, environment: ["NARRATE_LIBRARY": "\(scratch.path)/library.sqlite"])
    }

    static let book = TestBook(
        chapters: [
            .init(title: "The First Light", paragraphs: ["The keeper climbed the stairs at dusk.", "Rain fell all night."]),
            .init(title: "Storms", paragraphs: ["The wind rose before dawn."], hasHeading: false),
        ])

    @Test func aBookIsExtractedSegmentedAddedAndConvertedWithItsChapters() async throws {
        let path = try await Self.book.write(in: scratch)
        let extracted = try await narrate(["extract", path])
        #expect(extracted.status == 0, "\(extracted.standardError)")
        for text in ["The Lighthouse Keepers", "Ada Keeper and Ben Harbour", "The First Light", "Storms", "The wind rose before dawn."] {
            #expect(extracted.standardOutput.contains(text), "\(text) not in \(extracted.standardOutput)")
        }
        let segmented = try await narrate(["segment", path])
        #expect(segmented.status == 0 && segmented.standardOutput.contains("Rain fell all night."), "\(segmented.standardError)")

        let added = try await narrate(["add", path, "--tag", "books"])
        #expect(added.status == 0, "\(added.standardError)")
        let listed = try await narrate(["list", "--json"])
        #expect(listed.standardOutput.contains("\"title\" : \"The Lighthouse Keepers\""), "\(listed.standardOutput)")

        let converted = try await narrate(["convert", path, "-o", "book.wav", "--chapters", "book.json"])
        #expect(converted.status == 0, "\(converted.standardError)")
        let chapters = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/book.json")))
        let titles = ((chapters as? [String: Any])?["chapters"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(titles == ["The Lighthouse Keepers", "The First Light", "Storms"], "\(chapters)")
    }

    @Test func aProtectedOrBrokenBookIsOneLineAndExit65() async throws {
        var locked = Self.book
        locked.extraFiles = [
            (
                "META-INF/encryption.xml",
                """
                <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
                <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
                <enc:CipherData><enc:CipherReference URI="OEBPS/text/chapter-1.xhtml"/></enc:CipherData></enc:EncryptedData>
                </encryption>
                """
            )
        ]
        let lockedPath = try await locked.write(in: scratch, name: "locked.epub")
        let notABook = try scratch.write("notes.epub", text: "Not a book at all.")
        for (path, says) in [(lockedPath, "is protected by DRM"), (notABook, "not an EPUB")] {
            for command in [["add", path], ["convert", path, "-o", "out.wav"]] {
                let run = try await narrate(command)
                let lines = run.standardError.split(separator: "\n")
                #expect(run.status == 65 && lines.count == 1 && run.standardError.contains(says), "\(command): \(run.standardError)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/out.wav"))
        let listed = try await narrate(["list", "--json"])
        let articles = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [Any]
        #expect(articles?.isEmpty == true, "\(listed.standardOutput)")
    }

    @Test(.enabled(if: TestPDF.canWrite(.cairo), "needs Python's cairo module: run scripts/install-dependencies --tests"))
    func aPDFIsAddedAndConvertedWithItsChaptersAndAScanIsRefused() async throws {
        var pdf = TestPDF(
            writer: .cairo, title: "The Lighthouse Keepers",
            chapters: [
                ("The First Light", ["The keeper climbed the stairs at dusk.", "Rain fell all night."]),
                ("Storms", ["The wind rose before dawn."]),
            ])
        pdf.outline = true
        pdf.author = "Ada Keeper"
        pdf.footer = "Page {page}"
        let path = try await pdf.write(in: scratch)
        // Its pages are kept in a scratch file while it is read: with no folder for one, it
        // is refused in one line that says what to do, and nothing is added.
        let noScratch = try await NarrateBinary.run(
            ["add", path], directory: scratch.path,
            environment: ["NARRATE_LIBRARY": "\(scratch.path)/library.sqlite", "TMPDIR": "\(scratch.path)/no-such-folder"])
        #expect(
            noScratch.status == 73 && noScratch.errorLines.count == 1 && noScratch.standardError.contains("TMPDIR"),
            "\(noScratch.standardError)")
        let added = try await narrate(["add", path])
        #expect(added.status == 0 && added.standardOutput.hasPrefix("added 1 "), "\(added.standardError)")
        let listed = try await narrate(["list", "--json"])
        #expect(listed.standardOutput.contains("\"title\" : \"The Lighthouse Keepers\""), "\(listed.standardOutput)")
        // From standard input (read a page at a time too), the same book: already there.
        let piped = try await NarrateBinary.run(
            ["add", "-", "--format", "pdf"], input: try Data(contentsOf: URL(fileURLWithPath: path)), directory: scratch.path,
            environment: ["NARRATE_LIBRARY": "\(scratch.path)/library.sqlite"])
        #expect(
            piped.status == 0 && piped.standardOutput.hasPrefix("exists 1 The Lighthouse Keepers"),
            "\(piped.standardOutput)\(piped.standardError)")
        let converted = try await narrate(["convert", path, "-o", "document.wav", "--chapters", "document.json"])
        #expect(converted.status == 0, "\(converted.standardError)")
        let chapters = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/document.json")))
        let titles = ((chapters as? [String: Any])?["chapters"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        #expect(titles == ["The Lighthouse Keepers", "The First Light", "Storms"], "\(chapters)")

        var scan = TestPDF(writer: .cairo, chapters: [])
        scan.scanPages = 1
        let scanned = try await scan.write(in: scratch, name: "scan.pdf")
        for command in [["add", scanned], ["convert", scanned, "-o", "scan.wav"]] {
            let run = try await narrate(command)
            let lines = run.standardError.split(separator: "\n")
            #expect(run.status == 65 && lines.count == 1 && run.standardError.contains("OCR"), "\(command): \(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/scan.wav"))
        let pipedScan = try await NarrateBinary.run(
            ["add", "-", "--format", "pdf"], input: try Data(contentsOf: URL(fileURLWithPath: scanned)), directory: scratch.path,
            environment: ["NARRATE_LIBRARY": "\(scratch.path)/library.sqlite"])
        #expect(
            pipedScan.status == 65 && pipedScan.errorLines.count == 1 && pipedScan.standardError.contains("standard input"),
            "\(pipedScan.standardError)")
    }

    @Test(.enabled(if: TestPDF.canWrite(.cairo), "needs Python's cairo module: run scripts/install-dependencies --tests"))
    func aBookOrPDFAtAnAddressIsAddedAsTheFileWouldBe() async throws {
        var book = Self.book
        book.cover = (width: 600, height: 900, colour: [20, 90, 160])
        _ = try await book.write(in: scratch, name: "book.epub")
        var pdf = TestPDF(writer: .cairo, title: "A Report", chapters: [("Findings", ["The light was seen for twenty miles."])])
        pdf.author = "Ada Keeper"
        _ = try await pdf.write(in: scratch, name: "report.pdf")
        // The book behind a download link: no extension, application/octet-stream; a book by its bytes.
        try FileManager.default.copyItem(atPath: "\(scratch.path)/book.epub", toPath: "\(scratch.path)/download")
        let server = try await TestServer.start(files: scratch.path)
        defer { server.stop() }
        let added = try await narrate(["add", server.url("/files/download"), server.url("/files/report.pdf")])
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput == "added 1 The Lighthouse Keepers\nadded 2 A Report\n", "\(added.standardOutput)")
        let shown = try await narrate(["show", "1", "--json"])
        let article = try #require(try JSONSerialization.jsonObject(with: Data(shown.standardOutput.utf8)) as? [String: Any])
        #expect(article["format"] as? String == "epub")
        #expect(article["sourceURL"] as? String == server.url("/files/download"), "\(article)")
        // Named as a book, it is the same book.
        let again = try await narrate(["add", server.url("/files/book.epub")])
        #expect(again.status == 0 && again.standardOutput.contains(" 1 The Lighthouse Keepers"), "\(again.standardOutput)")
        // Bytes that are no book's stay refused.
        try Data("MZ not a book".utf8).write(to: URL(fileURLWithPath: "\(scratch.path)/setup.exe"))
        let refused = try await narrate(["add", server.url("/files/setup.exe")])
        #expect(refused.status != 0 && refused.standardError.contains("application/octet-stream"), "\(refused.standardError)")
        // Its cover is kept, for its own feed.
        let published = try await narrate(["publish", "site", "--book", "1", "--base-url", "https://example.org/"])
        #expect(published.status == 0, "\(published.standardError)")
        let cover = try #require(
            try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/site").first { $0.hasPrefix("cover-") })
        let pixel = try await NarrateBinary.run(
            [
                "python3", "-c",
                "import cairo,sys; s=cairo.ImageSurface.create_from_png(sys.argv[1]); d=s.get_data(); w=s.get_width(); st=s.get_stride(); print(tuple(d[(w//2)*st+(w//2)*4+i] for i in (2,1,0)))",
                "\(scratch.path)/site/\(cover)",
            ], executable: "/usr/bin/env")
        #expect(pixel.standardOutput == "(20, 90, 160)\n", "\(pixel.standardOutput) \(pixel.standardError)")
    }
}
