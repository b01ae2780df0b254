import Foundation
import NarrateCore
import NarrateSpeech
import NarrateTestSupport
import Testing

@testable import NarratePiper

/// A voice's model prepared once (durations output added, basic optimizations) and kept in
/// the cache: the next load takes the prepared copy, speaks the same with the same word
/// timings and hash; a changed model, or a copy that cannot be loaded, is prepared anew.
@Suite("Prepared models in the cache")
struct PreparedModelsTests {
    static func entries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test(.enabled(if: PiperTools.canWriteModels, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func aModelIsPreparedOnceAndLoadedFromTheCacheAfter() async throws {
        let scratch = try ScratchDirectory()
        let model = try await PiperTools.tinyVoice(in: scratch.path)
        let cache = "\(scratch.path)/cache"
        let espeak = try ESpeakEngine.shared()
        let text = "The keeper lit the lamp."
        let first = try PiperVoice(modelPath: model, threads: 1, phonemizer: espeak, preparedModels: cache)
        let files = Self.entries(in: cache)
        #expect(files.count == 2 && files.contains { $0.hasSuffix(".onnx") } && files.contains { $0.hasSuffix(".json") }, "\(files)")
        let key = try #require(PreparedModels.key(of: model, runtime: try ONNXRuntime.load()))
        let (entry, file) = try #require(PreparedModels(folder: cache).entry(key: key))
        #expect(entry.model == model && entry.sha256 == first.modelHash && entry.durationsOutput != nil)

        // Loaded from the prepared copy: the same hash, the same words at the same samples.
        let second = try PiperVoice(modelPath: model, threads: 1, phonemizer: espeak, preparedModels: cache)
        #expect(second.modelHash == first.modelHash && second.timesWordsExactly)
        let (a, aEvents) = try first.speak(text)
        let (b, bEvents) = try second.speak(text)
        #expect(a == b && aEvents == bEvents)
        #expect(Self.entries(in: cache) == files)

        // A copy that cannot be loaded is removed and the model prepared again.
        try Data("not a model".utf8).write(to: URL(fileURLWithPath: file))
        let third = try PiperVoice(modelPath: model, threads: 1, phonemizer: espeak, preparedModels: cache)
        #expect(third.modelHash == first.modelHash && third.timesWordsExactly)
        #expect((try? Data(contentsOf: URL(fileURLWithPath: file)).count) ?? 0 > 100)
    }

    @Test(.enabled(if: PiperTools.canWriteModels, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func aChangedModelIsPreparedAnewAndItsOldCopyRemoved() async throws {
        let scratch = try ScratchDirectory()
        let model = try await PiperTools.tinyVoice(in: scratch.path)
        let cache = "\(scratch.path)/cache"
        let espeak = try ESpeakEngine.shared()
        let runtime = try ONNXRuntime.load()
        _ = try PiperVoice(modelPath: model, threads: 1, phonemizer: espeak, preparedModels: cache)
        let before = try #require(PreparedModels.key(of: model, runtime: runtime))
        // Rewritten (a newer download of the voice): another key; the old entry goes.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: model))
        try FileManager.default.removeItem(atPath: model)
        try bytes.write(to: URL(fileURLWithPath: model))
        let after = try #require(PreparedModels.key(of: model, runtime: runtime))
        #expect(after != before)
        _ = try PiperVoice(modelPath: model, threads: 1, phonemizer: espeak, preparedModels: cache)
        #expect(Self.entries(in: cache) == ["\(after).json", "\(after).onnx"])
        // A cache folder that cannot be made: the voice loads all the same, nothing kept.
        let blocked = try scratch.write("blocked", text: "a file")
        let voice = try PiperVoice(modelPath: model, threads: 1, phonemizer: espeak, preparedModels: "\(blocked)/models")
        #expect(voice.timesWordsExactly)
        // A prepared copy that cannot be written (here a folder where its file would go, as a
        // full disk would refuse it): loaded all the same, no entry kept.
        let unwritable = "\(scratch.path)/unwritable"
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/other", withIntermediateDirectories: true)
        let other = try await PiperTools.tinyVoice(in: "\(scratch.path)/other")
        let key = try #require(PreparedModels.key(of: other, runtime: runtime))
        try FileManager.default.createDirectory(atPath: "\(unwritable)/.\(key).\(getpid()).onnx", withIntermediateDirectories: true)
        let loaded = try PiperVoice(modelPath: other, threads: 1, phonemizer: espeak, preparedModels: unwritable)
        #expect(loaded.timesWordsExactly && !loaded.modelHash.isEmpty)
        #expect(PreparedModels(folder: unwritable).entry(key: key) == nil)
    }
}
