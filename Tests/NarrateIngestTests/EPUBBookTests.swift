import Foundation
import NarrateCore
import NarrateTestSupport
import Testing

@testable import NarrateIngest

/// A book read a chapter at a time: in reading order whatever order its zip stores its files
/// in, the same from its file as from its bytes, and refused when its file changes while it
/// is read.
@Suite("EPUB books a chapter at a time")
struct EPUBBookTests {
    /// Each chapter of `book` as a walk gives it.
    static func chapters(of book: EPUBBook) throws -> [EPUBBook.Chapter] {
        var chapters: [EPUBBook.Chapter] = []
        try book.forEachChapter { chapters.append($0) }
        return chapters
    }

    @Test func aBookZippedOutOfReadingOrderIsReadInReadingOrder() async throws {
        let scratch = try ScratchDirectory()
        let chapters = (1...12).map { number in
            TestBook.Chapter(title: "Chapter \(number)", paragraphs: ["The keeper of chapter \(number) lit the lamp at dusk."])
        }
        let inOrder = try await TestBook(chapters: chapters).write(in: scratch, name: "in-order.epub")
        var reversed = TestBook(chapters: chapters)
        reversed.storedInReverse = true
        let outOfOrder = try await reversed.write(in: scratch, name: "reversed.epub")

        let expected = try ArticleLoader().readWithSource(try FileContents.read(inOrder), format: .epub, name: "book")
        let walked = try Self.chapters(of: EPUBBook(path: outOfOrder, name: "book"))
        var document = try EPUBBook(path: outOfOrder, name: "book").head
        document.blocks = walked.flatMap(\.blocks)
        #expect(document == expected.document)
        #expect(walked.map(\.markup).joined() == expected.source)
        #expect(EPUBReaderTests.headings(document).prefix(3) == ["1 The Lighthouse Keepers", "1 Chapter 1", "1 Chapter 2"])
        // The title heading comes once, first, in the first chapter.
        #expect(walked.count == 12)
        #expect(walked[0].blocks.first?.text == "The Lighthouse Keepers")
        #expect(walked[1].blocks.first?.text == "Chapter 2")
    }

    @Test func aBookReadFromItsFileIsTheBookReadFromItsBytes() async throws {
        let scratch = try ScratchDirectory()
        var book = TestBook(chapters: EPUBReaderTests.chapters)
        book.cover = (width: 60, height: 90, colour: [200, 40, 30])
        let path = try await book.write(in: scratch)
        let fromFile = try EPUBBook(path: path, name: path)
        let fromBytes = try EPUBBook(bytes: try FileContents.read(path), name: path)
        #expect(fromFile.head == fromBytes.head)
        let (file, bytes) = (try Self.chapters(of: fromFile), try Self.chapters(of: fromBytes))
        #expect(file.map(\.blocks) == bytes.map(\.blocks))
        #expect(file.map(\.markup) == bytes.map(\.markup))
        // Walked again, the same.
        #expect(try Self.chapters(of: fromFile).map(\.blocks) == file.map(\.blocks))
        let cover = try #require(fromFile.cover())
        #expect(cover == fromBytes.cover())
        #expect(cover.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aBookWhoseFileChangesWhileItIsReadIsRefused() async throws {
        let scratch = try ScratchDirectory()
        let path = try await TestBook(chapters: EPUBReaderTests.chapters).write(in: scratch)
        let book = try EPUBBook(path: path, name: path)
        _ = try Self.chapters(of: book)
        // Another book written in its place (a new file, as writers replace one).
        let other = try await TestBook(title: "Another Book", chapters: EPUBReaderTests.chapters).write(in: scratch, name: "other.epub")
        #expect(rename(other, path) == 0)
        #expect {
            try Self.chapters(of: book)
        } throws: { error in
            guard case .inputUnavailable(let named, let reason) = error as? NarrateError else { return false }
            return named == path && reason.contains("changed while it was being read")
        }
    }

    @Test func aMissingOrFolderPathIsRefusedInOneLine() throws {
        let scratch = try ScratchDirectory()
        for (path, says) in [("\(scratch.path)/missing.epub", "no such file"), (scratch.path, "is a directory")] {
            #expect {
                try EPUBBook(path: path, name: path)
            } throws: { error in
                guard case .inputUnavailable(let named, let reason) = error as? NarrateError else { return false }
                return named == path && reason.contains(says)
            }
        }
        let notZip = try scratch.write("text.epub", text: "Just some text that is not a book.")
        #expect {
            try EPUBBook(path: notZip, name: notZip)
        } throws: { error in
            guard case .malformedInput(_, let message) = error as? NarrateError else { return false }
            return message.contains("not an EPUB")
        }
    }
}
