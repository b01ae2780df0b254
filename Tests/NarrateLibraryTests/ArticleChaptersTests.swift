import Foundation
import GRDB
import NarrateCore
import NarrateIngest
import NarrateText
import Synchronization
import Testing

@testable import NarrateLibrary

/// A book added a chapter at a time is stored exactly as the same book added whole: the
/// same parts, sentences, original and search passages; a duplicate is found before anything
/// is written, and a walk that fails leaves nothing behind.
@Suite("Books added a chapter at a time")
struct ArticleChaptersTests {
    /// A document's chapters (cut before each second-level heading), walked from memory,
    /// counting its walks; the walk numbered `failingWalk` fails in its third chapter.
    final class Chapters: ArticleChapters {
        let pieces: [(blocks: [Block], original: [UInt8])]
        let evidence: SentenceEvidence
        let failingWalk: Int?
        let walks = Mutex(0)

        init(document: Document, original: [UInt8], failingWalk: Int? = nil) {
            var pieces: [(blocks: [Block], original: [UInt8])] = []
            for block in document.blocks {
                if pieces.isEmpty || block.kind == .heading(level: 2) { pieces.append(([], [])) }
                pieces[pieces.count - 1].blocks.append(block)
            }
            // The original in pieces as long as the chapters are many.
            let size = original.count / pieces.count + 1
            for index in pieces.indices {
                pieces[index].original = Array(original.dropFirst(index * size).prefix(size))
            }
            self.pieces = pieces
            var evidence = SentenceEvidence()
            for piece in pieces { evidence.add(piece.blocks) }
            self.evidence = evidence
            self.failingWalk = failingWalk
        }

        func forEachChapter(_ body: (ArticleChapter) throws(NarrateError) -> Void) throws(NarrateError) {
            let walk = walks.withLock { count in
                count += 1
                return count
            }
            var first = 0
            for (index, piece) in pieces.enumerated() {
                if walk == failingWalk, index == 2 { throw .malformedInput(path: "book", message: "a damaged chapter") }
                try body(ArticleChapter(blocks: piece.blocks, firstBlockIndex: first, original: piece.original))
                first += piece.blocks.count
            }
        }

        func sentences(of chapter: ArticleChapter) -> [SentencePlace] {
            SentenceSegmenter(language: "en").places(of: chapter.blocks, firstBlockIndex: chapter.firstBlockIndex, evidence: evidence)
        }
    }

    /// A book of `chapters` chapters in Markdown: about 12 KiB a chapter.
    static func markdown(chapters: Int) -> String {
        var markdown = "# The Long Winter\n\n"
        for chapter in 1...chapters {
            markdown += "## Chapter \(chapter)\n\n"
            for paragraph in 0..<60 {
                markdown +=
                    "The harbour town kept its lighthouse lit through storm \(paragraph) of chapter \(chapter), and Mr. Keeper never slept. "
                    + "The keepers climbed the hundred steps at dusk with oil for the lamp, and again at midnight, and at dawn.\n\n"
            }
        }
        return markdown
    }

    static func library() throws -> (ArticleLibrary, String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-chapters-\(UUID().uuidString)").path
        return (try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(scratch)/library.sqlite")), scratch)
    }

    /// Everything stored of article `id`, as rows of text.
    static func stored(_ id: Int64, in library: ArticleLibrary) throws -> [String] {
        try library.articles.database.read { db in
            var rows: [String] = []
            for sql in [
                "SELECT title, contentHash, wordCount, sentenceCount, excerpt, language, listeningSeconds FROM article WHERE id = ?",
                "SELECT position, blockIndex, textStart, textEnd, sourceStart, sourceEnd FROM sentence WHERE articleId = ? ORDER BY position",
                "SELECT part, length(blocks) FROM articleContentPart WHERE articleId = ? ORDER BY part",
                "SELECT part, hex(bytes) FROM articleOriginalPart WHERE articleId = ? ORDER BY part",
                "SELECT hex(original), length(document) FROM articleContent WHERE articleId = ?",
            ] {
                for row in try Row.fetchAll(db, sql: sql, arguments: [id]) { rows.append("\(row)") }
            }
            return rows
        }
    }

    @Test(arguments: [50, 3])
    func aBookAddedAChapterAtATimeIsStoredAsTheBookAddedWhole(chapters count: Int) throws {
        let markdown = Self.markdown(chapters: count)
        let document = try MarkdownReader().read(markdown, path: "winter.md")
        let original = Array(markdown.utf8)
        let whole = NewArticle(
            title: document.title, language: "en", original: original, document: document,
            sentences: SentenceSegmenter(language: "en").places(of: document))
        var head = document
        head.blocks = []
        var chaptered = NewArticle(
            title: document.title, language: "en", original: [], document: head, sentences: [SentencePlace]())
        let chapters = Chapters(document: document, original: original)
        chaptered.chapters = chapters

        let (wholeLibrary, wholeScratch) = try Self.library()
        let (library, scratch) = try Self.library()
        defer {
            try? FileManager.default.removeItem(atPath: wholeScratch)
            try? FileManager.default.removeItem(atPath: scratch)
        }
        guard case .added(let wholeId, _) = try wholeLibrary.articles.add(whole),
            case .added(let id, _) = try library.articles.add(chaptered)
        else {
            Issue.record("not added")
            return
        }
        // Walked twice: once to know it, once to store it.
        #expect(chapters.walks.withLock { $0 } == 2)
        let stored = try Self.stored(id, in: library)
        #expect(stored == (try Self.stored(wholeId, in: wholeLibrary)))
        let parts = try library.articles.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM articleContentPart") }
        #expect(count == 50 ? parts! >= 3 : parts == 0)
        let article = try library.articles.article(id: id)
        #expect(article.document == document)
        #expect(article.original == original)
        #expect(
            article.sentences(try library.articles.sentences(ofArticle: id)).map(\.text)
                == SentenceSegmenter(language: "en").sentences(of: document).map(\.text))
        #expect(try library.articles.search("lighthouse").map(\.id) == [id])
        #expect(try library.articles.search("chapter \(count)").map(\.id) == [id])
    }

    /// A book of 30 chapters (some 360 KiB) to add a chapter at a time, its walk numbered
    /// `failingWalk` failing; and its document.
    static func book(failingWalk: Int? = nil) throws -> (NewArticle, Document) {
        let markdown = markdown(chapters: 30)
        let document = try MarkdownReader().read(markdown, path: "winter.md")
        var head = document
        head.blocks = []
        var article = NewArticle(title: document.title, language: "en", original: [], document: head, sentences: [SentencePlace]())
        article.chapters = Chapters(document: document, original: Array(markdown.utf8), failingWalk: failingWalk)
        return (article, document)
    }

    @Test func aBookAlreadyThereIsFoundBeforeAnythingIsWritten() throws {
        var (article, document) = try Self.book()
        let (library, scratch) = try Self.library()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        guard case .added(let id, _) = try library.articles.add(article) else {
            Issue.record("not added")
            return
        }
        // Again: known from the first walk; the second (which would store it) fails if made.
        let again = try #require(try Self.book(failingWalk: 2).0.chapters as? Chapters)
        article.chapters = again
        #expect(try library.articles.add(article) == .exists(id: id, title: document.title))
        #expect(again.walks.withLock { $0 } == 1)
    }

    @Test func aWalkThatFailsWhileTheBookIsStoredLeavesNothing() throws {
        let (article, _) = try Self.book(failingWalk: 2)
        let (library, scratch) = try Self.library()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        #expect(throws: NarrateError.malformedInput(path: "book", message: "a damaged chapter")) {
            try library.articles.add(article)
        }
        let left = try library.articles.database.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM article) + (SELECT count(*) FROM sentence) + (SELECT count(*) FROM articleContent)
                    + (SELECT count(*) FROM articleContentPart) + (SELECT count(*) FROM articleOriginalPart)
                    """)
        }
        #expect(left == 0)
        #expect(try library.articles.search("lighthouse").isEmpty)
    }
}
