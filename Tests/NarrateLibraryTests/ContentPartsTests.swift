import Foundation
import GRDB
import NarrateCore
import NarrateIngest
import NarrateText
import Testing

@testable import NarrateLibrary
@testable import NarrateSearch

/// A long article (a book) is stored in parts, so neither its whole document's JSON nor its
/// whole text is made at once: read back, it is the document it was; added again, it is
/// known; removed, nothing of it is left.
@Suite("Long documents stored in parts")
struct ContentPartsTests {
    static func block(_ text: String) -> Block {
        Block(kind: .paragraph, text: text, sourceMap: .identity(sourceOffset: 0, length: text.unicodeScalars.count))
    }

    @Test func partsEndAtBlocksAndHoldAtMostTheirLength() {
        let blocks = (0..<50).map { Self.block("Block \($0) says a few words, ünïcödé too.") }
        let ranges = ContentParts.ranges(of: blocks, length: 300)
        #expect(ranges.count > 3)
        // In order, every block once.
        #expect(ranges.flatMap { Array($0) } == Array(blocks.indices))
        for range in ranges {
            #expect(ContentParts.text(of: blocks[range]).utf8.count <= 300)
        }
        // Short: one part; a block longer than a part is a part of its own; none: one empty part.
        #expect(ContentParts.ranges(of: Array(blocks.prefix(3)), length: 300) == [0..<3])
        let long = [Self.block("short"), Self.block(String(repeating: "ж", count: 400)), Self.block("short")]
        #expect(ContentParts.ranges(of: long, length: 300) == [0..<1, 1..<2, 2..<3])
        #expect(ContentParts.ranges(of: [], length: 300) == [0..<0])
        // An original: in parts of the length, the last shorter; one when it is no longer.
        #expect(ContentParts.originalParts(of: 700, length: 300) == [0..<300, 300..<600, 600..<700])
        #expect(ContentParts.originalParts(of: 300, length: 300) == [0..<300])
        #expect(ContentParts.originalParts(of: 0, length: 300) == [0..<0])
    }

    @Test func aBookIsStoredInPartsAndReadBackWhole() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-parts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(scratch)/library.sqlite"))
        // Some 580 KiB in chapters: three parts (its original too).
        var markdown = "# The Long Winter\n\n"
        for chapter in 1...50 {
            markdown += "## Chapter \(chapter)\n\n"
            for paragraph in 0..<60 {
                markdown +=
                    "The harbour town kept its lighthouse lit through storm \(paragraph) of chapter \(chapter), and nobody slept. "
                    + "The keepers climbed the hundred steps at dusk with oil for the lamp, and again at midnight, and at dawn.\n\n"
            }
        }
        let document = try MarkdownReader().read(markdown, path: "winter.md")
        let sentences = SentenceSegmenter(language: "en").sentences(of: document)
        let new = NewArticle(
            title: document.title, language: "en", original: Array(markdown.utf8), document: document, sentences: sentences)
        #expect(new.text.utf8.count > 2 * SearchIndex.passageLength)

        guard case .added(let id, _) = try library.articles.add(new) else {
            Issue.record("not added")
            return
        }
        let (parts, headBlocks, originalParts, headOriginal) = try library.articles.database.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM articleContentPart WHERE articleId = ?", arguments: [id]) ?? 0,
                try String.fetchOne(db, sql: "SELECT document FROM articleContent WHERE articleId = ?", arguments: [id])
                    .map { try JSONDecoder().decode(Document.self, from: Data($0.utf8)).blocks.count } ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM articleOriginalPart WHERE articleId = ?", arguments: [id]) ?? 0,
                try Int.fetchOne(db, sql: "SELECT length(original) FROM articleContent WHERE articleId = ?", arguments: [id]) ?? -1
            )
        }
        #expect(parts >= 3)
        #expect(headBlocks == 0)
        #expect(originalParts == 3)
        #expect(headOriginal == 0)

        let stored = try library.articles.article(id: id)
        #expect(stored.document == document)
        #expect(stored.original == Array(markdown.utf8))
        // The hash made a block at a time is the joined text's, as every hash stored so far.
        #expect(stored.contentHash == ContentHash.of(new.text))
        // Sentences are rebuilt from the parts' blocks.
        #expect(stored.sentences(try library.articles.sentences(ofArticle: id)).map(\.text) == sentences.map(\.text))
        // Found in its last part, and known when added again.
        #expect(try library.articles.search("lighthouse").map(\.id) == [id])
        #expect(try library.articles.add(new) == .exists(id: id, title: document.title))

        _ = try library.articles.remove(ids: [id])
        let left = try library.articles.database.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM articleContentPart) + (SELECT count(*) FROM articleOriginalPart)") ?? -1
        }
        #expect(left == 0)
    }

    @Test func aShortArticleIsStoredWhole() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-parts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(scratch)/library.sqlite"))
        let id = try SearchFormsTests.add("Quokkas\n\nA quokka is a small wallaby.", language: "en", to: library)
        let parts = try library.articles.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM articleContentPart") }
        #expect(parts == 0)
        #expect(try library.articles.article(id: id).document.blocks.map(\.text) == ["Quokkas", "A quokka is a small wallaby."])
    }
}
