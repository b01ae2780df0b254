import Foundation
import NarrateAudio
import NarrateTestSupport
import Testing

/// `narrate convert` on the shipped samples, checked with libsndfile against espeak-ng.
@Suite("narrate convert on the samples", .endToEnd)
struct ConvertSampleTests {
    @Test(arguments: [
        ("en-field-notes.md", "en-us"),
        ("en-news.txt", "en-us"),
        ("uk-news.txt", "uk"),
        ("de-article.txt", "de"),
    ])
    func sampleLastsAboutAsLongAsEspeak(_ sample: String, _ voice: String) async throws {
        let scratch = try ScratchDirectory()
        let output = "\(scratch.path)/out.wav"
        let run = try await NarrateBinary.run(["convert", NarrateBinary.sample(sample), "-o", output, "--voice", voice])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains(output))
        #expect(run.standardError.isEmpty)

        let info = try AudioFileInfo.read(path: output)
        #expect(info.channels == 1)
        #expect(info.sampleRate == 22_050)
        #expect(info.isPCM16WAV)

        let expected = try await ESpeakNGReference.duration(
            speaking: NarrateBinary.sample(sample), voice: voice, writingTo: "\(scratch.path)/reference.wav"
        )
        let ratio = info.duration / expected
        #expect(abs(ratio - 1) <= 0.15, "narrate \(info.duration) s vs espeak-ng \(expected) s")
        #expect(try scratch.entries() == ["out.wav", "reference.wav"])
    }

    /// A sample copied into a scratch directory, converted with no options at all: the default
    /// voice is en-us and the audio lands beside the article.
    @Test func defaultVoiceAndOutputOnACopiedSample() async throws {
        let scratch = try ScratchDirectory()
        let input = "\(scratch.path)/en-field-notes.md"
        try FileManager.default.copyItem(atPath: NarrateBinary.sample("en-field-notes.md"), toPath: input)
        let run = try await NarrateBinary.run(["convert", input])
        #expect(run.status == 0, "\(run.standardError)")
        let output = "\(scratch.path)/en-field-notes.wav"
        #expect(run.standardOutput.hasPrefix(output + " ("), "\(run.standardOutput)")
        #expect(try scratch.entries() == ["en-field-notes.md", "en-field-notes.wav"])

        let info = try AudioFileInfo.read(path: output)
        #expect(info.channels == 1)
        #expect(info.sampleRate == 22_050)
        let expected = try await ESpeakNGReference.duration(
            speaking: input, voice: "en-us", writingTo: "\(scratch.path)/reference.wav"
        )
        #expect(abs(info.duration / expected - 1) <= 0.15, "narrate \(info.duration) s vs espeak-ng \(expected) s")
    }

    @Test func withoutOutputTheExtensionBecomesWav() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("article.txt", text: "A short article.\n\nIt has two paragraphs.\n")
        let run = try await NarrateBinary.run(["convert", input])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try scratch.entries() == ["article.txt", "article.wav"])
        #expect(run.standardOutput.contains("article.wav"))
        #expect(run.standardOutput.contains(" s,") || run.standardOutput.contains(":"))
    }

    @Test func standardInputNeedsAnOutput() async throws {
        let scratch = try ScratchDirectory()
        let output = "\(scratch.path)/stdin.wav"
        let ok = try await NarrateBinary.run(["convert", "-", "-o", output], input: Data("Read from a pipe.".utf8))
        #expect(ok.status == 0, "\(ok.standardError)")
        #expect(try AudioFileInfo.read(path: output).duration > 0.5)
        let markdown = try await NarrateBinary.run(
            ["convert", "-", "-o", "\(scratch.path)/md.wav", "--input-format", "markdown"], input: Data("# Title\n\nBody *text*.".utf8)
        )
        #expect(markdown.status == 0, "\(markdown.standardError)")
        let missing = try await NarrateBinary.run(["convert", "-"], input: Data("text".utf8))
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("-o"))
    }

    @Test func existingOutputNeedsForce() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("a.txt", text: "Something to say.")
        let output = try scratch.write("a.wav", text: "precious")
        let refused = try await NarrateBinary.run(["convert", input])
        #expect(refused.status == 73)
        #expect(refused.errorLines.count == 1)
        #expect(refused.standardError.contains("--force"))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "precious")
        #expect(try scratch.entries() == ["a.txt", "a.wav"])

        let forced = try await NarrateBinary.run(["convert", input, "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try AudioFileInfo.read(path: output).duration > 0.5)
    }

    @Test func theCodeNoticeIsSpoken() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("code.md", text: "# Code\n\nBefore the code.\n\n```sh\nls -la\n```\n\nAfter it.\n")
        let spoken = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/with.wav"])
        let silent = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/without.wav", "--code-notice", ""])
        #expect(spoken.status == 0 && silent.status == 0)
        let with = try AudioFileInfo.read(path: "\(scratch.path)/with.wav").duration
        let without = try AudioFileInfo.read(path: "\(scratch.path)/without.wav").duration
        #expect(with > without + 1.0)
    }

    @Test func presetsByNameAndPathAndOverrides() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("p.txt", text: "Presets choose the voice.")
        let named = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/named.wav", "--preset", "en-gb-narrator"])
        #expect(named.status == 0, "\(named.standardError)")
        let preset = try scratch.write(
            "slow.json", text: #"{"name": "slow", "voice": "en-us", "rate": 90, "sentencePause": 100}"#
        )
        let slow = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/slow.wav", "--preset", preset])
        #expect(slow.status == 0, "\(slow.standardError)")
        let fast = try await NarrateBinary.run(
            ["convert", input, "-o", "\(scratch.path)/fast.wav", "--preset", preset, "--rate", "300"]
        )
        #expect(fast.status == 0, "\(fast.standardError)")
        let slowDuration = try AudioFileInfo.read(path: "\(scratch.path)/slow.wav").duration
        let fastDuration = try AudioFileInfo.read(path: "\(scratch.path)/fast.wav").duration
        #expect(fastDuration < slowDuration * 0.6)
    }

    @Test func voicesAreListed() async throws {
        let json = try await NarrateBinary.run(["voices", "--language", "uk", "--json"])
        #expect(json.status == 0)
        let voices = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(!voices.isEmpty)
        for voice in voices {
            #expect(voice["name"] is String)
            #expect(voice["gender"] is String)
            let languages = try #require(voice["languages"] as? [String])
            #expect(languages.contains { $0 == "uk" || $0.hasPrefix("uk-") })
        }
        let table = try await NarrateBinary.run(["voices"])
        #expect(table.status == 0)
        #expect(table.standardOutput.contains("English (America)"))
        let none = try await NarrateBinary.run(["voices", "--language", "zz-nothing"])
        #expect(none.status == 64)
        #expect(none.errorLines.count == 1)
    }
}
