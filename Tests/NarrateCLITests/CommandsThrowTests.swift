import ArgumentParser
import Foundation
import NarrateCore
import NarrateLibrary
import NarrateTerminal
import Testing

@testable import NarrateCommandLine

/// Commands throw what went wrong and never end the process: the root command alone turns a
/// `NarrateError` or a `CommandExit` into the exit code and the line (TerminalErrorLinesTests
/// keeps those). So a command runs in the test's own process, no binary spawned.
@Suite("Commands throw, in process")
struct CommandsThrowTests {
    /// A library on disk (commands open it by path) with one article, and its path.
    func library() throws -> (path: String, id: Int64) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-commands-\(UUID().uuidString)").path
        let path = "\(folder)/library.sqlite"
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
        let text = "One sentence. Another one."
        let document = Document(
            title: "Kept", blocks: [Block(kind: .paragraph, text: text, sourceMap: .identity(sourceOffset: 0, length: 26))],
            format: .text)
        let sentences = [
            Sentence(text: "One sentence.", blockIndex: 0, textRange: 0..<13, sourceRange: 0..<13, endsBlock: false),
            Sentence(text: "Another one.", blockIndex: 0, textRange: 14..<26, sourceRange: 14..<26, endsBlock: true),
        ]
        guard
            case .added(let id, _) = try library.articles.add(
                NewArticle(
                    title: "Kept", language: "en", original: Array(text.utf8), document: document,
                    sentences: sentences))
        else { throw CommandExit(code: 1) }
        return (path, id)
    }

    /// Runs `arguments` as `narrate` would parse them, in this process.
    func run(_ arguments: [String]) throws {
        var command = try NarrateCommand.parseAsRoot(arguments)
        try command.run()
    }

    @Test func anUnknownArticleIsThrownNotExitedOn() throws {
        let (path, id) = try library()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        for arguments in [["rm", "99"], ["tag", "99", "news"], ["show", "99"], ["position", "99", "--reset"]] {
            #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 99)), "narrate \(arguments.joined(separator: " "))") {
                try run(arguments + ["--library", path])
            }
        }
        // Nothing was changed by the refusals; what works runs to its end and returns.
        try run(["tag", "\(id)", "news", "--library", path])
        #expect(try ArticleLibrary(location: LibraryLocation(databasePath: path)).articles.summary(id: id).tags == ["news"])
    }

    @Test func aSentenceOutsideTheArticleIsTheOptionsError() throws {
        let (path, id) = try library()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect {
            try run(["position", "\(id)", "--set", "40", "--library", path])
        } throws: { error in
            guard case .invalidOption(let name, _) = error as? NarrateError else { return false }
            return name == "set"
        }
        #expect(try ArticleLibrary(location: LibraryLocation(databasePath: path)).positions.position(ofArticle: id) == nil)
    }

    @Test func anUnknownFeedIsThrown() throws {
        let (path, _) = try library()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(throws: NarrateError(LibraryError.noSuchFeed(id: 7))) { try run(["unsubscribe", "7", "--library", path]) }
    }

    /// The exit statuses commands throw are the sysexits codes the root ends with.
    @Test func commandExitsAreTheSysexitsCodes() {
        #expect(
            [CommandExit.interrupted, .partlyFailed, .ioError, .unavailable].map(\.code) == [130, 75, 74, 69])
    }
}
