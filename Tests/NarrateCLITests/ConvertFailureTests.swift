import Foundation
import NarrateTestSupport
import Testing

/// Every failure of `narrate convert` has its exit code, one line on stderr, and leaves no
/// file behind.
@Suite("narrate convert failures", .endToEnd)
struct ConvertFailureTests {
    /// Runs convert on `input` in a scratch directory and checks the contract.
    func expectFailure(
        _ status: Int32, input: [UInt8]? = nil, inputName: String = "in.txt", arguments: [String] = [],
        mentioning needle: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let scratch = try ScratchDirectory()
        let inputPath: String
        if let input { inputPath = try scratch.write(inputName, input) } else { inputPath = "\(scratch.path)/\(inputName)" }
        let before = try scratch.entries()
        let run = try await NarrateBinary.run(["convert", inputPath, "-o", "\(scratch.path)/out.wav"] + arguments)
        #expect(run.status == status, "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        #expect(run.errorLines.count == 1, "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        if let needle {
            #expect(run.standardError.contains(needle), "stderr: \(run.standardError)", sourceLocation: sourceLocation)
        }
        #expect(try scratch.entries() == before, sourceLocation: sourceLocation)
    }

    let text = Array("A perfectly good sentence.".utf8)

    @Test func missingInputIs66() async throws {
        try await expectFailure(66, mentioning: "in.txt: no such file")
    }

    @Test func directoryInputIs66() async throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/dir.txt", withIntermediateDirectories: false)
        let run = try await NarrateBinary.run(["convert", "\(scratch.path)/dir.txt", "-o", "\(scratch.path)/out.wav"])
        #expect(run.status == 66)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("dir.txt: is a directory"), "stderr: \(run.standardError)")
        #expect(try scratch.entries() == ["dir.txt"])
    }

    @Test(.enabled(if: geteuid() != 0, "root can read any file"))
    func unreadableInputIs66() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("secret.txt", text: "hidden")
        chmod(input, 0)
        let run = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/out.wav"])
        #expect(run.status == 66)
        #expect(run.standardError.contains("permission denied"))
    }

    @Test func emptyAndBlankInputsAre65() async throws {
        try await expectFailure(65, input: [], mentioning: "empty")
        try await expectFailure(65, input: Array(" \n\n\t \n".utf8), mentioning: "empty")
        try await expectFailure(65, input: Array("*** --- ***\n".utf8), mentioning: "no speakable text")
    }

    @Test func invalidUTF8GivesTheByteOffset() async throws {
        try await expectFailure(65, input: Array("Hello ".utf8) + [0xFF] + Array(" world".utf8), mentioning: "byte offset 6")
    }

    @Test func binaryInputIs65() async throws {
        try await expectFailure(65, input: [0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01], mentioning: "binary")
    }

    @Test func markdownWithOnlyCodeAndNoNoticeIs65() async throws {
        try await expectFailure(
            65, input: Array("```\nlet x = 1\n```\n".utf8), inputName: "in.md",
            arguments: ["--code-notice", ""], mentioning: "no speakable text")
    }

    @Test func unsupportedInputFormatIs65() async throws {
        try await expectFailure(65, input: Array("PK\u{3}\u{4}".utf8), inputName: "paper.docx", mentioning: "is a .docx file")
    }

    @Test func aDamagedPDFIs65() async throws {
        try await expectFailure(65, input: Array("%PDF-1.4\n".utf8), inputName: "paper.pdf", mentioning: "a damaged PDF")
    }

    @Test func aWebPageWithNoArticleIs65() async throws {
        try await expectFailure(
            65, input: Array("<html><body><nav><a href=/a>Home</a> <a href=/b>News</a></nav></body></html>".utf8),
            inputName: "page.html", mentioning: "no readable article found"
        )
    }

    @Test func unknownVoiceSuggestsNames() async throws {
        try await expectFailure(64, input: text, arguments: ["--voice", "englsh"], mentioning: "did you mean")
        try await expectFailure(64, input: text, arguments: ["--voice", "en-uss"], mentioning: "'en-us'")
    }

    /// Each bad option, and what its one line on stderr must name.
    @Test(arguments: [
        (["--rate", "5"], "rate 5 is out of range"), (["--rate", "1000"], "rate 1000 is out of range"),
        (["--pitch", "150"], "pitch 150 is out of range"), (["--volume", "300"], "volume 300 is out of range"),
        (["--sentence-pause", "-1"], "--sentence-pause"), (["--sentence-pause=-1"], "sentence pause -1 ms is out of range"),
        (["--paragraph-pause", "20000"], "paragraph pause 20000 ms"), (["--heading-pause", "20000"], "heading pause 20000 ms"),
        (["--word-gap", "500"], "word gap 500 is out of range"), (["--rate", "fast"], "'fast'"),
        (["--input-format", "docx"], "'docx'"), (["--format", "pdf"], "--format pdf"), (["--no-such-option"], "--no-such-option"),
        (["-o", "x.m4a"], "'m4a'"), (["-o", "x.wav", "--format", "mp3"], "disagrees"), (["--bitrate", "64"], "WAV has no bitrate"),
        (["-o", "x.opus", "--sample-rate", "22050"], "Opus takes only"), (["-o", "x.mp3", "--quality", "11"], "outside 0–10"),
        (["-o", "-"], "WAV cannot be written to a pipe"), (["--split", "hours:2"], "--split hours:2"),
        (["-o", "x.ogg", "--chapters", "c.xml"], "--chapters c.xml"),
    ])
    func badOptionsAre64(_ arguments: [String], _ named: String) async throws {
        try await expectFailure(64, input: text, arguments: arguments, mentioning: named)
    }

    @Test func unknownPresetIs78() async throws {
        try await expectFailure(78, input: text, arguments: ["--preset", "no-such-preset"], mentioning: "no such voice preset")
        let scratch = try ScratchDirectory()
        let preset = try scratch.write("bad.json", text: #"{"name": "bad", "voice": "en-us", "speed": 2}"#)
        try await expectFailure(78, input: text, arguments: ["--preset", preset], mentioning: "unknown key 'speed'")
    }

    @Test func missingOutputDirectoryIs73() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("in.txt", text)
        let run = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/no/such/dir/out.wav"])
        #expect(run.status == 73)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("no/such/dir/out.wav: cannot create output"), "stderr: \(run.standardError)")
        #expect(try scratch.entries() == ["in.txt"])
    }

    @Test func writeFailureIs74AndLeavesNothing() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("in.txt", text: String(repeating: "This sentence is long enough to fill a file. ", count: 40))
        // A file size limit (1,100 blocks, well under the audio's size) makes the write fail
        // with EFBIG part way. Not smaller: ThreadSanitizer's runtime maps a 512 KiB file of
        // its own at start-up, and under a smaller limit it dies of SIGBUS reading it.
        let run = try await NarrateBinary.run(
            ["-c", "ulimit -f 1100; exec \"$0\" \"$@\"", NarrateBinary.path, "convert", input, "-o", "\(scratch.path)/out.wav"],
            executable: "/bin/sh"
        )
        #expect(run.status == 74, "\(run.standardError)")
        // eSpeak NG's audio library may also complain about the limit; narrate says one line.
        #expect(run.errorLines.filter { $0.hasPrefix("narrate:") }.count == 1)
        #expect(run.standardError.contains("write failed"))
        #expect(try scratch.entries() == ["in.txt"])
    }

    @Test func interruptIs130AndLeavesNothing() async throws {
        let scratch = try ScratchDirectory()
        let long = try String(contentsOfFile: NarrateBinary.sample("en-long.txt"), encoding: .utf8)
        let input = try scratch.write("long.txt", text: String(repeating: long + "\n\n", count: 5))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: NarrateBinary.path)
        process.arguments = ["convert", input, "-o", "\(scratch.path)/out.wav"]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try await DescriptorGate.launch(process)
        // Wait until the temporary file exists, so the interrupt lands mid-synthesis.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, try !scratch.entries().contains(where: { $0.hasSuffix(".tmp") }) {
            await pause(0.02)
        }
        await pause(0.2)
        process.interrupt()
        await process.exited()
        let message = await error.remainingText()
        #expect(process.terminationStatus == 130, "\(message)")
        #expect(message.contains("interrupted"))
        #expect(try scratch.entries() == ["long.txt"])
    }
}
