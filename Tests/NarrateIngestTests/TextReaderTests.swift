import NarrateCore
import Testing

@testable import NarrateIngest

@Suite("Plain text reading and decoding")
struct TextReaderTests {
    @Test func paragraphsAreSplitByBlankLinesAndKeepTheirLineBreaks() throws {
        let source = "Morning Report\n\nThe first line\nwraps here.\r\n\r\nSecond paragraph.\n"
        let document = try TextReader().read(source, path: "a.txt")
        #expect(document.title == "Morning Report")
        #expect(document.blocks.map(\.text) == ["Morning Report", "The first line\nwraps here.", "Second paragraph."])
        #expect(document.blocks[0].kind == .heading(level: 1))
        #expect(document.blocks[1].kind == .paragraph)
        let scalars = Array(source.unicodeScalars)
        let range = document.blocks[1].sourceMap.sourceRange(forTextRange: 0..<26)
        #expect(String(String.UnicodeScalarView(scalars[range])) == "The first line\nwraps here.")
    }

    @Test func shortUnpunctuatedLinesAreHeadingsButSentencesAreNot() throws {
        let document = try TextReader().read("Title\n\nA sentence.\n\nSection two\n\nAnother one.", path: "a.txt")
        #expect(document.blocks.map(\.kind) == [.heading(level: 1), .paragraph, .heading(level: 2), .paragraph])
    }

    @Test func invalidUTF8ReportsTheByteOffset() {
        let bytes: [UInt8] = Array("Hello ".utf8) + [0xFF] + Array(" world".utf8)
        #expect(throws: NarrateError.invalidUTF8(path: "x.txt", byteOffset: 6)) {
            try InputDecoder.decode(bytes, path: "x.txt")
        }
        // A truncated multi-byte sequence at the end.
        #expect(throws: NarrateError.invalidUTF8(path: "x.txt", byteOffset: 2)) {
            try InputDecoder.decode([0x41, 0x42, 0xD0], path: "x.txt")
        }
    }

    @Test func nulBytesMeanBinaryInput() {
        #expect(throws: NarrateError.binaryInput(path: "x.txt", byteOffset: 3)) {
            try InputDecoder.decode([0x41, 0x42, 0x43, 0x00, 0x44], path: "x.txt")
        }
    }

    @Test func emptyAndBlankInputsAreRejected() {
        #expect(throws: NarrateError.emptyInput(path: "x.txt")) { try InputDecoder.decode([], path: "x.txt") }
        #expect(throws: NarrateError.emptyInput(path: "x.txt")) {
            try InputDecoder.decode(Array(" \n\t\n".utf8), path: "x.txt")
        }
        #expect(throws: NarrateError.noSpeakableText(path: "x.txt")) {
            try TextReader().read("--- *** ---\n\n...", path: "x.txt")
        }
    }

    @Test func theByteOrderMarkIsDropped() throws {
        let text = try InputDecoder.decode([0xEF, 0xBB, 0xBF] + Array("Привіт".utf8), path: "x.txt")
        #expect(text == "Привіт")
    }

    @Test func formatsFollowTheExtension() {
        #expect(ArticleLoader.format(forPath: "a/b.md") == .markdown)
        #expect(ArticleLoader.format(forPath: "b.MARKDOWN") == .markdown)
        #expect(ArticleLoader.format(forPath: "notes.txt") == .text)
        #expect(ArticleLoader.format(forPath: "README") == nil)
        #expect(ArticleLoader.format(forPath: "dir.md/.hidden") == nil)
    }

    @Test func missingFilesAreUnavailable() {
        #expect(throws: NarrateError.inputUnavailable(path: "/no/such/file.txt", reason: "no such file; check the path")) {
            try ArticleLoader().load(path: "/no/such/file.txt")
        }
    }
}
