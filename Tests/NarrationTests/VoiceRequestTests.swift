import Foundation
import NarrateCore
import NarrateRendering
import NarrateText
import Testing

/// A voice request resolved as every front end resolves it: defaults, then the preset, then
/// the values asked for, each checked.
@Suite("Voice requests")
struct VoiceRequestTests {
    let presets = VoicePresetLibrary(
        directories: ["/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/voices"]
    )

    @Test func nothingAskedIsTheDefaults() throws {
        let (voice, pauses, lexicon) = try VoiceRequest().resolve(presets: presets)
        #expect(voice == .standard)
        #expect(pauses == .standard)
        #expect(lexicon.isEmpty)
        #expect(!VoiceRequest().choosesVoice)
    }

    @Test func explicitValuesOverrideThePreset() throws {
        let preset = try presets.preset("uk-narrator")
        let request = VoiceRequest(preset: "uk-narrator", rate: 200, headingPause: 1500)
        let (voice, pauses, _) = try request.resolve(presets: presets)
        #expect(voice.voice == preset.voice.voice)
        #expect(voice.rate == 200)
        #expect(voice.pitch == preset.voice.pitch)
        #expect(pauses.heading == 1500)
        #expect(pauses.sentence == preset.pauses.sentence)
        #expect(request.choosesVoice)
    }

    @Test func valuesOutOfRangeAreRefused() {
        #expect(throws: NarrateError.self) { try VoiceRequest(rate: 10).resolve(presets: presets) }
        #expect(throws: NarrateError.self) { try VoiceRequest(sentencePause: -1).resolve(presets: presets) }
        #expect(throws: NarrateError.self) { try VoiceRequest(preset: "no-such-preset").resolve(presets: presets) }
    }

    /// A queued job carries the request as it was asked.
    @Test func aRequestSurvivesJSON() throws {
        let request = VoiceRequest(preset: "en-gb-narrator", voice: "en-gb", rate: 180, wordGap: 2, paragraphPause: 800)
        let decoded = try JSONDecoder().decode(VoiceRequest.self, from: JSONEncoder().encode(request))
        #expect(decoded == request)
    }
}
