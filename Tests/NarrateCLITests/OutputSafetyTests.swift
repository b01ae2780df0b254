import Foundation
import NarrateAudio
import NarrateTestSupport
import Testing

/// Where `narrate convert` puts its audio, what it says about it, and that a failure never
/// damages what was there before.
@Suite("narrate convert output", .endToEnd)
struct OutputSafetyTests {
    let text = "The first sentence is short. The second one is a little longer than the first."

    /// The default output replaces the input's extension, if it has one, with `.wav`.
    @Test(arguments: [
        ("notes", "notes.wav"),
        ("notes.md", "notes.wav"),
        ("v1.2/notes", "v1.2/notes.wav"),
        ("v1.2/notes.txt", "v1.2/notes.wav"),
        (".notes", ".notes.wav"),
    ])
    func defaultOutputName(_ input: String, _ output: String) async throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/v1.2", withIntermediateDirectories: false)
        try scratch.write(input, text: text)
        let run = try await NarrateBinary.run(["convert", input], directory: scratch.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("\(output) ("), "\(run.standardOutput)")
        #expect(try AudioFileInfo.read(path: "\(scratch.path)/\(output)").duration > 1)
    }

    /// One line on stdout: the path, the length (as libsndfile measures it) and the sentences.
    @Test func successLineReportsPathDurationAndSentences() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("two.txt", text: text)
        let output = "\(scratch.path)/two.wav"
        let run = try await NarrateBinary.run(["convert", input])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let prefix = "\(output) ("
        let suffix = " s, 2 sentences, voice en-us)\n"
        #expect(run.standardOutput.hasPrefix(prefix) && run.standardOutput.hasSuffix(suffix), "\(run.standardOutput)")
        let reported = try #require(Double(run.standardOutput.dropFirst(prefix.count).dropLast(suffix.count)))
        let measured = try AudioFileInfo.read(path: output).duration
        #expect(abs(reported - measured) <= 0.05, "reported \(reported) s, file holds \(measured) s")
    }

    /// --force replaces the output only once the new audio is complete: a write that fails
    /// part way leaves the old file exactly as it was.
    @Test func failedWriteWithForceKeepsTheOriginal() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("in.txt", text: String(repeating: "This sentence is long enough to fill a file. ", count: 40))
        // 1,100 blocks, well under the audio's size (not smaller: see ConvertFailureTests).
        let original: [UInt8] = Array("an older narration".utf8) + [0, 1, 2, 0xFF]
        let output = try scratch.write("in.wav", original)
        let run = try await NarrateBinary.run(
            ["-c", "ulimit -f 1100; exec \"$0\" \"$@\"", NarrateBinary.path, "convert", input, "--force"],
            executable: "/bin/sh"
        )
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.standardError.contains("in.wav: write failed"))
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: output))) == original)
        #expect(try scratch.entries() == ["in.txt", "in.wav"])
    }

    /// An output path naming a directory is refused, --force or not, and the directory is left alone.
    @Test(arguments: [false, true])
    func directoryAsOutputIs73(_ force: Bool) async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("in.txt", text: text)
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/audio.wav", withIntermediateDirectories: false)
        try scratch.write("audio.wav/keep", text: "keep me")
        let run = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/audio.wav"] + (force ? ["--force"] : []))
        #expect(run.status == 73)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("audio.wav: cannot create output: it is a directory"), "\(run.standardError)")
        #expect(try scratch.entries() == ["audio.wav", "in.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/audio.wav") == ["keep"])
    }

    /// --force replaces a file written earlier; the new one is a complete WAV.
    @Test func forceReplacesAnEarlierNarration() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("in.txt", text: "Short.")
        let first = try await NarrateBinary.run(["convert", input])
        #expect(first.status == 0, "\(first.standardError)")
        let before = try AudioFileInfo.read(path: "\(scratch.path)/in.wav").frames
        try scratch.write("in.txt", text: text)
        let second = try await NarrateBinary.run(["convert", input, "--force"])
        #expect(second.status == 0, "\(second.standardError)")
        let after = try AudioFileInfo.read(path: "\(scratch.path)/in.wav")
        #expect(after.isPCM16WAV)
        #expect(after.frames > before * 3)
        #expect(try scratch.entries() == ["in.txt", "in.wav"])
    }
}
