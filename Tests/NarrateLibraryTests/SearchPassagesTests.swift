import Foundation
import GRDB
import NarrateCore
import Testing

@testable import NarrateLibrary
@testable import NarrateSearch

/// A book's text is indexed in passages (FTS5 builds a row's index whole in memory): found
/// once, at its best passage, with that passage's snippet; removed with all of them.
@Suite("Long texts searched in passages")
struct SearchPassagesTests {
    @Test func aLongTextIsCutAtParagraphsIntoPassagesThatMakeItWhole() {
        let paragraphs = (0..<40).map { index in "Paragraph \(index) has some words in it, and ünïcödé too." }
        let text = paragraphs.joined(separator: "\n\n")
        // A paragraph's end is looked for within a quarter of the length after it.
        let passages = SearchIndex.passages(of: text, length: 400)
        #expect(passages.count > 3)
        #expect(passages.joined() == text)
        for passage in passages.dropLast() {
            #expect(passage.utf8.count >= 400 && passage.hasSuffix("\n\n"), "\(passage)")
        }
        #expect(SearchIndex.passages(of: "short", length: 200) == ["short"])
        // No paragraph within reach: a line's end, else a word's, else the rest whole.
        let lines = (0..<40).map { "line \($0) of verse" }.joined(separator: "\n")
        #expect(SearchIndex.passages(of: lines, length: 100).dropLast().allSatisfy { $0.hasSuffix("\n") })
        // No space at all (a script written without them): a character's start, so no passage
        // is more than a quarter over its length.
        for unbroken in [String(repeating: "ж", count: 300), String(repeating: "日本語のテキスト", count: 40), String(repeating: "👨‍👩‍👧", count: 60)] {
            let pieces = SearchIndex.passages(of: unbroken, length: 100)
            #expect(pieces.count > 3)
            #expect(pieces.joined() == unbroken)
            #expect(pieces.allSatisfy { $0.utf8.count <= 125 && $0.startIndex.samePosition(in: unbroken) != nil }, "\(pieces)")
        }
    }

    @Test func aBookIsFoundOnceAtItsPassageAndRemovedWithAllOfThem() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-passages-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(scratch)/library.sqlite"))
        // Some 600 KiB: three passages or more. "quokka" in the first, "zebras" only at the end.
        let filler = "The harbour town kept its lighthouse lit through every storm of the long winter."
        var paragraphs = ["A quokka smiled at the harbour master."]
        paragraphs += (0..<7_500).map { "\(filler) Entry \($0)." }
        paragraphs.append("At last the zebras crossed the river at dawn.")
        let book = "The Long Winter\n\n" + paragraphs.joined(separator: "\n\n")
        #expect(book.utf8.count > 2 * SearchIndex.passageLength)
        let bookID = try SearchFormsTests.add(book, language: "en", to: library)
        let articleID = try SearchFormsTests.add("Quokkas\n\nA quokka is a small wallaby.", language: "en", to: library)

        let passages = try library.articles.database.read { db in
            try Int64.fetchOne(db, sql: "SELECT count(*) FROM articleSearchPart WHERE article = ?", arguments: [bookID]) ?? 0
        }
        #expect(passages >= 2)

        let zebras = try library.articles.search("zebra")
        #expect(zebras.map(\.id) == [bookID])
        #expect(zebras.first?.snippet.contains("[zebras]") == true, "\(zebras)")
        // In every passage, one hit; in the first passage and another article, two.
        #expect(try library.articles.search("lighthouse").map(\.id) == [bookID])
        #expect(Set(try library.articles.search("quokka").map(\.id)) == [bookID, articleID])
        // The title is in every passage.
        #expect(try library.articles.search("winter zebras").map(\.id) == [bookID])
        // Words a passage apart are not one passage's.
        #expect(try library.articles.search("quokka zebras").isEmpty)

        _ = try library.articles.remove(ids: [bookID])
        let left = try library.articles.database.read { db in
            (
                try Int64.fetchOne(db, sql: "SELECT count(*) FROM articleSearch") ?? -1,
                try Int64.fetchOne(db, sql: "SELECT count(*) FROM articleSearchPart") ?? -1
            )
        }
        #expect(left == (1, 0))
        #expect(try library.articles.search("zebra").isEmpty)
    }
}
