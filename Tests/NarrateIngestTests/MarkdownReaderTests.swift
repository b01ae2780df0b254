import Foundation
import NarrateCore
import Testing

@testable import NarrateIngest

@Suite("Markdown reading")
struct MarkdownReaderTests {
    let reader = MarkdownReader()

    func read(_ markdown: String, reader: MarkdownReader? = nil) throws -> Document {
        try (reader ?? self.reader).read(markdown, path: "test.md")
    }

    /// The source text a block's text maps back to, scalar by scalar.
    func sourceText(_ source: String, _ block: Block) -> String {
        let scalars = Array(source.unicodeScalars)
        let range = block.sourceMap.sourceRange(forTextRange: 0..<block.text.unicodeScalars.count)
        return String(String.UnicodeScalarView(scalars[range]))
    }

    @Test func headingsParagraphsListsAndQuotesAreRead() throws {
        let document = try read(
            """
            # Field notes

            A first paragraph.

            - one item
            - another item

            > A quoted line.

            ## Later
            """)
        #expect(document.title == "Field notes")
        #expect(
            document.blocks.map(\.kind) == [
                .heading(level: 1), .paragraph, .listItem, .listItem, .quote, .heading(level: 2),
            ])
        #expect(
            document.blocks.map(\.text) == [
                "Field notes", "A first paragraph.", "one item", "another item", "A quoted line.", "Later",
            ])
        #expect(document.format == .markdown)
    }

    /// Without a heading, the title is the first line that reads as something: a cover image
    /// alone on the first line is skipped (found by the reader fuzzer: the title was empty).
    @Test(arguments: [
        "![Cover](cover.jpg)\nThe harbour at dawn.\nMore text follows here.", "<span></span>\nThe harbour at dawn.\nMore text.",
    ])
    func aFirstLineThatReadsAsNothingIsNotTheTitle(_ markdown: String) throws {
        #expect(try read(markdown).title == "The harbour at dawn.")
    }

    /// A file of code blocks alone is named after the file (found by the reader fuzzer in CI:
    /// 8,000 nested quotes that cmark reads as code gave an empty title).
    @Test func aFileOfCodeBlocksAloneIsNamedAfterTheFile() throws {
        let markdown = "    let x = 1\n\n```\nprint(x)\n```\n"
        #expect(try MarkdownReader().read(markdown, path: "notes/field-notes.md").title == "field-notes")
        #expect(try MarkdownReader().read(markdown, path: "standard input").title == MarkdownReader.standardCodeBlockNotice)
    }

    /// Quotes and lists nested thousands deep are read on a thread with a small stack (the
    /// reader fuzzer's debug build overflowed its stack on 16,000 nested quotes when the walk
    /// recursed once a level).
    @Test func nestingThousandsDeepIsReadOnASmallStack() async throws {
        let quotes = String(repeating: ">", count: 16_000) + " Deep in the quotes.\n\nAfter the quotes.\n"
        let lists = String(repeating: "- ", count: 3_000) + "Deep in the lists.\n"
        let texts = await Self.onSmallStack { [reader] in
            [quotes, lists].map { (try? reader.read($0, path: "deep.md").blocks.map(\.text)) ?? [] }
        }
        #expect(texts[0].first == "Deep in the quotes.")
        #expect(texts[0].contains("After the quotes."))
        #expect(texts[1] == ["Deep in the lists."])
    }

    /// Runs `body` on a new thread with a 512 KiB stack, a sixteenth of the main thread's.
    static func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// The notice is said in the code's place; the code is kept as written, never read.
    @Test func codeBlocksBecomeTheNotice() throws {
        let source = "Before.\n\n```swift\nlet x = 1\n    return x   \n```\n\nAfter."
        let document = try read(source)
        #expect(document.blocks.map(\.text) == ["Before.", MarkdownReader.standardCodeBlockNotice, "let x = 1\n    return x", "After."])
        #expect(document.blocks.map(\.kind) == [.paragraph, .notice, .code, .paragraph])
        #expect(document.blocks[1].part == .code && document.blocks[2].part == .apparatus)
        #expect(
            ReadingChoices.standard.reads(document.blocks[1].part)
                && !ReadingChoices(read: Set(ReadingPart.allCases)).reads(document.blocks[2].part))
        let silent = try read(source, reader: MarkdownReader(codeBlockNotice: ""))
        #expect(silent.blocks.map(\.text) == ["Before.", "let x = 1\n    return x", "After."])
        let custom = try read(source, reader: MarkdownReader(codeBlockNotice: "Code omitted."))
        #expect(custom.blocks[1].text == "Code omitted.")
    }

    @Test func linksReadAsTheirTextAndImagesAsTheirDescriptionMarkedAsSuch() throws {
        let source = "See [the report](https://example.org/r) and ![a chart of rain](chart.png) today."
        let document = try read(source)
        #expect(document.blocks.map(\.text) == ["See the report and a chart of rain today."])
        #expect(document.blocks[0].asides == [Block.Aside(range: 19..<34, part: .images)])
    }

    @Test func emphasisAndInlineCodeKeepTheirWords() throws {
        let document = try read("Some *very* **bold** `code` and ~~struck~~ words.")
        #expect(document.blocks[0].text == "Some very bold code and struck words.")
    }

    @Test func orderedItemsKeepTheirNumbersMappedToTheSource() throws {
        let source = "Steps:\n\n3. Heat the pan.\n4) Add oil.\n\n- plain item\n"
        let document = try read(source)
        #expect(document.blocks.map(\.text) == ["Steps:", "3. Heat the pan.", "4) Add oil.", "plain item"])
        let scalars = Array(source.unicodeScalars)
        let item = document.blocks[1]
        let range = item.sourceMap.sourceRange(forTextRange: 0..<item.text.unicodeScalars.count)
        #expect(String(String.UnicodeScalarView(scalars[range])) == "3. Heat the pan.")
    }

    @Test func frontMatterDeclaresTheLanguage() throws {
        let document = try read("---\ntitle: Новини\nlang: uk\n---\n\nТекст статті.\n")
        #expect(document.language == "uk")
        #expect(document.title == "Новини")
        #expect(try read("No front matter.").language == nil)
    }

    @Test func softLineBreaksStayLineBreaks() throws {
        let document = try read("A line\nwrapped here.")
        #expect(document.blocks[0].text == "A line\nwrapped here.")
        #expect(document.title == "A line")
    }

    @Test func htmlAndRulesAreNotRead() throws {
        let document = try read("<div>hidden</div>\n\nVisible.\n\n---\n\nAlso visible.")
        #expect(document.blocks.map(\.text) == ["Visible.", "Also visible."])
    }

    @Test func frontMatterIsSkippedAndGivesTheTitle() throws {
        let source = "---\ntitle: \"Rivers in Winter\"\ntags: [a]\n---\n\nThe ice came early.\n"
        let document = try read(source)
        #expect(document.title == "Rivers in Winter")
        #expect(document.blocks.map(\.text) == ["The ice came early."])
        #expect(sourceText(source, document.blocks[0]) == "The ice came early.")
    }

    @Test func tablesAreReadRowByRow() throws {
        let document = try read("| City | Rain |\n|---|---|\n| Lviv | 12 |\n")
        #expect(document.blocks.map(\.text) == ["City, Rain", "Lviv, 12"])
    }

    @Test func sourceRangesPointAtTheWordsInTheSource() throws {
        let source = "# Вітаємо\n\nText with *emphasis* and [a link](http://x.y) — done.\n"
        let document = try read(source)
        #expect(sourceText(source, document.blocks[0]) == "Вітаємо")
        let block = document.blocks[1]
        let scalars = Array(block.text.unicodeScalars)
        let word = Array("emphasis".unicodeScalars)
        let start = try #require((0...(scalars.count - word.count)).first { Array(scalars[$0..<($0 + word.count)]) == word })
        let range = block.sourceMap.sourceRange(forTextRange: start..<(start + word.count))
        let sourceScalars = Array(source.unicodeScalars)
        #expect(String(String.UnicodeScalarView(sourceScalars[range])) == "emphasis")
        #expect(sourceText(source, block) == "Text with *emphasis* and [a link](http://x.y) — done.")
    }

    @Test func onlyCodeWithoutNoticeHasNothingToSay() {
        #expect(throws: NarrateError.noSpeakableText(path: "test.md")) {
            try MarkdownReader(codeBlockNotice: "").read("```\ncode\n```\n", path: "test.md")
        }
    }

    @Test func theShippedMarkdownSampleReads() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let document = try ArticleLoader().load(path: "/\(path)/samples/en-field-notes.md")
        #expect(document.blocks.contains { $0.kind == .quote })
        #expect(document.blocks.contains { $0.kind == .listItem })
        #expect(document.blocks.contains { $0.kind == .notice })
        #expect(!document.title.isEmpty)
    }
}
