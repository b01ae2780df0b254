import Foundation
import NarrateAudio
import NarrateTestSupport
import Testing

/// `narrate convert --preset`: finding presets, layering options over them, rejecting bad ones
/// (voices/README.md is the contract).
///
/// Every run points `XDG_CONFIG_HOME` into its scratch directory, so presets in the real
/// `~/.config/narrate/voices` cannot change the outcome.
@Suite("narrate convert --preset", .endToEnd)
struct VoicePresetTests {
    let sentence = "Presets choose the voice and the pace."

    /// A scratch directory holding the private config directory (`config`), which exists from
    /// the start: libpulse, loaded by eSpeak NG, writes `$XDG_CONFIG_HOME/pulse` on every narration.
    func makeScratch() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/config", withIntermediateDirectories: false)
        return scratch
    }

    /// Runs `narrate convert` with the private config directory.
    func convert(_ arguments: [String], in scratch: ScratchDirectory, directory: String? = nil) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(
            ["convert"] + arguments, directory: directory, environment: ["XDG_CONFIG_HOME": "\(scratch.path)/config"]
        )
    }

    @Test(arguments: ["en-us-narrator", "en-gb-narrator", "uk-narrator", "de-narrator"])
    func shippedPresetLoadsByName(_ name: String) async throws {
        let scratch = try makeScratch()
        let input = try scratch.write("in.txt", text: sentence)
        let run = try await convert([input, "-o", "\(scratch.path)/out.wav", "--preset", name], in: scratch)
        #expect(run.status == 0, "\(run.standardError)")
        let info = try AudioFileInfo.read(path: "\(scratch.path)/out.wav")
        #expect(info.channels == 1 && info.sampleRate == 22_050)
        #expect(info.duration > 1)
    }

    /// `$XDG_CONFIG_HOME/narrate/voices/NAME.json` wins over the shipped preset of that name.
    @Test func userPresetShadowsTheShippedOne() async throws {
        let scratch = try makeScratch()
        let input = try scratch.write("in.txt", text: sentence)
        let shipped = try await convert([input, "-o", "\(scratch.path)/shipped.wav", "--preset", "en-gb-narrator"], in: scratch)
        #expect(shipped.status == 0, "\(shipped.standardError)")

        try FileManager.default.createDirectory(atPath: "\(scratch.path)/config/narrate/voices", withIntermediateDirectories: true)
        try scratch.write(
            "config/narrate/voices/en-gb-narrator.json", text: #"{"name": "en-gb-narrator", "voice": "en-gb", "rate": 80}"#
        )
        let mine = try await convert([input, "-o", "\(scratch.path)/mine.wav", "--preset", "en-gb-narrator"], in: scratch)
        #expect(mine.status == 0, "\(mine.standardError)")

        let shippedDuration = try AudioFileInfo.read(path: "\(scratch.path)/shipped.wav").duration
        let mineDuration = try AudioFileInfo.read(path: "\(scratch.path)/mine.wav").duration
        // 80 words per minute against the shipped 160.
        #expect(mineDuration > shippedDuration * 1.5, "mine \(mineDuration) s, shipped \(shippedDuration) s")
    }

    /// A value with a `/` is a path relative to the current directory, not to the input.
    @Test func relativePresetPathIsResolvedFromTheCurrentDirectory() async throws {
        let scratch = try makeScratch()
        try scratch.write("in.txt", text: sentence)
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/presets", withIntermediateDirectories: false)
        try scratch.write("presets/calm.json", text: #"{"name": "calm", "voice": "en-us", "rate": 120, "pitch": 40}"#)
        let run = try await convert(["in.txt", "-o", "out.wav", "--preset", "presets/calm.json"], in: scratch, directory: scratch.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("out.wav ("))
        #expect(try AudioFileInfo.read(path: "\(scratch.path)/out.wav").duration > 1)
    }

    /// Options on the command line win; with every speech-changing value overridden, the preset
    /// makes no difference at all.
    @Test func commandLineOptionsOverrideThePreset() async throws {
        let scratch = try makeScratch()
        let input = try scratch.write("in.txt", text: sentence)
        let preset = try scratch.write(
            "german.json", text: #"{"name": "german", "voice": "de", "rate": 90, "pitch": 70, "wordGap": 5}"#
        )
        let overridden = try await convert(
            [
                input, "-o", "\(scratch.path)/overridden.wav", "--preset", preset,
                "--voice", "en-us", "--rate", "175", "--pitch", "50", "--word-gap", "0",
            ],
            in: scratch
        )
        #expect(overridden.status == 0, "\(overridden.standardError)")
        let plain = try await convert([input, "-o", "\(scratch.path)/plain.wav", "--voice", "en-us"], in: scratch)
        #expect(plain.status == 0, "\(plain.standardError)")
        let overriddenFrames = try AudioFileInfo.read(path: "\(scratch.path)/overridden.wav").frames
        let plainFrames = try AudioFileInfo.read(path: "\(scratch.path)/plain.wav").frames
        #expect(overriddenFrames == plainFrames)
    }

    /// A rate override on top of a preset changes the pace and nothing is rejected.
    @Test func rateOverrideOnTopOfANamedPreset() async throws {
        let scratch = try makeScratch()
        let input = try scratch.write("in.txt", text: sentence)
        let preset = try await convert([input, "-o", "\(scratch.path)/preset.wav", "--preset", "de-narrator"], in: scratch)
        let faster = try await convert(
            [input, "-o", "\(scratch.path)/faster.wav", "--preset", "de-narrator", "--rate", "310"], in: scratch
        )
        #expect(preset.status == 0, "\(preset.standardError)")
        #expect(faster.status == 0, "\(faster.standardError)")
        let presetDuration = try AudioFileInfo.read(path: "\(scratch.path)/preset.wav").duration
        let fasterDuration = try AudioFileInfo.read(path: "\(scratch.path)/faster.wav").duration
        #expect(fasterDuration < presetDuration * 0.75, "--rate 310: \(fasterDuration) s, preset's 155: \(presetDuration) s")
    }

    /// Broken preset files: exit 78, one line naming the file and the problem, no output.
    @Test(arguments: [
        (#"{"name": "broken", "voice": "en-us""#, "not valid JSON"),
        (#"{"name": "broken"}"#, "missing key 'voice'"),
        (#"{"voice": "en-us"}"#, "missing key 'name'"),
        (#"{"name": "broken", "voice": "en-us", "pitch": "high"}"#, "wrong type for 'pitch'"),
        (#"{"name": "broken", "voice": "en-us", "rate": 500}"#, "rate 500 is out of range"),
        (#"{"name": "broken", "voice": "en-us", "headingPause": 20000}"#, "heading pause 20000 ms is out of range"),
        (#"{"name": "broken", "voice": "", "rate": 150}"#, "voice name is empty"),
        (#"{"name": "broken", "voice": "en-us", "sentencepause": 100}"#, "unknown key 'sentencepause'"),
    ])
    func brokenPresetIs78(_ json: String, _ problem: String) async throws {
        let scratch = try makeScratch()
        let input = try scratch.write("in.txt", text: sentence)
        let preset = try scratch.write("broken.json", text: json)
        let before = try scratch.entries()
        let run = try await convert([input, "-o", "\(scratch.path)/out.wav", "--preset", preset], in: scratch)
        #expect(run.status == 78, "stderr: \(run.standardError)")
        #expect(run.errorLines.count == 1, "stderr: \(run.standardError)")
        #expect(run.standardError.hasPrefix("narrate: \(preset): "), "stderr: \(run.standardError)")
        #expect(run.standardError.contains(problem), "stderr: \(run.standardError)")
        #expect(try scratch.entries() == before)
    }

    @Test func missingPresetFileIs78() async throws {
        let scratch = try makeScratch()
        let input = try scratch.write("in.txt", text: sentence)
        let run = try await convert([input, "-o", "\(scratch.path)/out.wav", "--preset", "./nowhere/slow.json"], in: scratch)
        #expect(run.status == 78)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("./nowhere/slow.json: cannot read the preset file"), "\(run.standardError)")
        #expect(try scratch.entries() == ["config", "in.txt"])
    }

    /// An unknown name lists the presets that do exist.
    @Test func unknownPresetNameListsTheAvailableOnes() async throws {
        let scratch = try makeScratch()
        let input = try scratch.write("in.txt", text: sentence)
        let run = try await convert([input, "-o", "\(scratch.path)/out.wav", "--preset", "en-narator"], in: scratch)
        #expect(run.status == 78)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("en-narator: no such voice preset"))
        #expect(run.standardError.contains("en-us-narrator"))
        #expect(try scratch.entries() == ["config", "in.txt"])
    }

    /// voices/README.md: a preset is rejected "if `name` does not match the file name".
    @Test func presetWhoseNameDoesNotMatchItsFileIs78() async throws {
        let scratch = try makeScratch()
        let input = try scratch.write("in.txt", text: sentence)
        let preset = try scratch.write("slow.json", text: #"{"name": "fast", "voice": "en-us"}"#)
        let run = try await convert([input, "-o", "\(scratch.path)/out.wav", "--preset", preset], in: scratch)
        #expect(run.status == 78, "stderr: \(run.standardError)")
        #expect(run.standardError.contains("its name 'fast' does not match its file name"))
        #expect(try scratch.entries() == ["config", "in.txt", "slow.json"])
    }
}
