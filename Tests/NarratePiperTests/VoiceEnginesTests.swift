import Foundation
import NarrateCore
import NarrateSpeech
import NarrateTestSupport
import Testing

@testable import NarratePiper

/// One process's voices over time, as the server's listening worker keeps them for minutes:
/// a voice selected again is reused while its model is the same file, loaded again once it
/// was reinstalled, and no longer found once it was removed.
@Suite("Voices kept by a long-lived process")
struct VoiceEnginesTests {
    @Test(.enabled(if: PiperTools.canWriteModels, "needs onnxruntime and onnx from PyPI: run scripts/install-dependencies --tests"))
    func aVoiceReinstalledIsLoadedAgainAndOneRemovedIsNotSpoken() async throws {
        let scratch = try ScratchDirectory()
        let model = try await PiperTools.tinyVoice(in: scratch.path)
        let engines = VoiceEngines(
            espeak: try ESpeakEngine.shared(),
            files: PiperVoiceFiles(environment: ["NARRATE_VOICE_PATH": scratch.path, "XDG_DATA_HOME": "\(scratch.path)/data"]), threads: 1
        )
        var settings = VoiceSettings.standard
        settings.voice = "piper:tiny"
        try engines.configure(settings)
        let first = try #require(engines.selectedPiperVoice)
        try engines.configure(settings)
        #expect(engines.selectedPiperVoice === first, "the same model file should be reused")

        // Reinstalled: another file at the same path.
        try FileManager.default.removeItem(atPath: model)
        _ = try await PiperTools.tinyVoice(in: scratch.path)
        try engines.configure(settings)
        #expect(engines.selectedPiperVoice !== first, "a reinstalled voice should be loaded again")

        // Removed: no longer found.
        try FileManager.default.removeItem(atPath: model)
        #expect(throws: NarrateError.self) { try engines.configure(settings) }
    }
}
