import Foundation
import NarrateRendering
import NarrateTestSupport
import Testing

/// Batch output names: safe file names from any title or template, unique, never outside
/// the output folder, short enough for the file system whatever the script.
@Suite("Batch output names")
struct OutputNamerTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory()
    }

    func namer(_ template: String = "{slug}") throws -> OutputNamer {
        try OutputNamer(directory: scratch.path, template: template)
    }

    /// The name `template` gives an article titled `title` (id 7, language en).
    func name(_ title: String, template: String = "{slug}") throws -> String {
        var namer = try namer(template)
        let path = namer.path(id: 7, title: title, language: "en") { _ in false }
        #expect((path as NSString).deletingLastPathComponent == namer.directory, "\(path) is outside the folder")
        return (path as NSString).lastPathComponent
    }

    @Test(arguments: [
        ("Cats / Dogs \\ Birds", "cats-dogs-birds.wav"),
        ("../../etc/passwd", "etc-passwd.wav"),
        ("..", "article.wav"),
        (".hidden", "hidden.wav"),
        ("Tab\there\nnew\u{7}line", "tab-here-new-line.wav"),
        ("", "article.wav"),
        ("   ", "article.wav"),
        ("Über Größe: 5 €", "über-größe-5.wav"),
    ])
    func titlesBecomeSafeNames(title: String, expected: String) throws {
        #expect(try name(title) == expected)
    }

    @Test func separatorsControlCharactersAndLeadingDotsAreReplaced() {
        #expect(OutputNamer.sanitized("../../x") == "x")
        #expect(OutputNamer.sanitized("a/b\\c") == "a-b-c")
        #expect(OutputNamer.sanitized("a\u{0}b\u{1B}c\u{85}d") == "a-b-c-d")
        #expect(OutputNamer.sanitized("...") == "article")
        #expect(OutputNamer.sanitized("a..b") == "a..b")
    }

    @Test func templatesCannotLeaveTheFolder() throws {
        #expect(try name("Title", template: "../{slug}") == "title.wav")
        #expect(try name("Title", template: "../../{slug}-{id}") == "title-7.wav")
        #expect(try name("Title", template: "/etc/{slug}-{id}") == "etc-title-7.wav")
        #expect(try name("Title", template: "{slug}/../../{id}") == "title-..-..-7.wav")
        #expect(try name("Title", template: "{lang}/{id}") == "en-7.wav")
    }

    @Test func longTitlesAreCutAtWholeCharacters() throws {
        // 60 letters of three UTF-8 bytes each make a slug; three of them, 180 characters.
        let chinese = String(repeating: "漢字", count: 40)
        let long = try name(chinese, template: "{slug}{slug}{slug}")
        let stem = String(long.dropLast(".wav".count))
        #expect(stem.utf8.count <= OutputNamer.maximumBytes && stem.count <= OutputNamer.maximumCharacters)
        #expect(stem.utf8.count > OutputNamer.maximumBytes - 3, "cut more than one character short")
        #expect(String(repeating: "漢字", count: 120).hasPrefix(stem))
        // A letter with a combining accent (three scalars, five bytes) is kept whole or dropped whole.
        let accented = String(repeating: "e\u{301}\u{323}", count: 200)
        let cut = OutputNamer.sanitized(accented)
        #expect(cut.utf8.count <= OutputNamer.maximumBytes)
        #expect(cut.unicodeScalars.count % 3 == 0 && cut.unicodeScalars.last == "\u{323}")
        // The file and its temporary sibling fit the file system.
        let path = "\(scratch.path)/.\(stem)-99.wav.XXXXXX.tmp"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()), "\(path.utf8.count) bytes")
        #expect(try name(String(repeating: "a", count: 500), template: "{slug}-{id}") == String(repeating: "a", count: 60) + "-7.wav")
    }

    @Test func sameTitlesGetNumberedNames() throws {
        var namer = try namer()
        let first = namer.path(id: 1, title: "Same", language: nil) { _ in false }
        let second = namer.path(id: 2, title: "Same", language: nil) { _ in false }
        let third = namer.path(id: 3, title: "same!", language: nil) { _ in false }
        #expect([first, second, third].map { ($0 as NSString).lastPathComponent } == ["same.wav", "same-2.wav", "same-3.wav"])
    }

    @Test func anExistingFileIsKeptUnlessItIsTheArticlesOwn() throws {
        try scratch.write("notes.wav", text: "someone else's file")
        var namer = try namer()
        #expect((namer.path(id: 1, title: "Notes", language: nil) { _ in false } as NSString).lastPathComponent == "notes-2.wav")
        var again = try self.namer()
        let own = "\(again.directory)/notes.wav"
        #expect(again.path(id: 1, title: "Notes", language: nil) { $0 == own } == own)
    }

    @Test func theFolderIsAbsoluteAndStandardized() throws {
        let namer = try OutputNamer(directory: "\(scratch.path)/a/../b/", template: "{id}")
        #expect(namer.directory == "\(scratch.path)/b")
    }

    @Test(arguments: ["{title}", "{slug", "audio", "{lang}"])
    func badTemplatesAreRefused(template: String) {
        #expect(throws: (any Error).self) { try OutputNamer(directory: "out", template: template) }
    }
}
