import NarrateCore
import NarrateRendering
import Testing

@Suite("Voice presets")
struct VoicePresetTests {
    let shipped = "/" + #filePath.split(separator: "/").dropLast(3).joined(separator: "/") + "/voices"

    @Test(arguments: ["en-us-narrator", "en-gb-narrator", "uk-narrator", "de-narrator"])
    func shippedPresetsLoad(_ name: String) throws {
        let preset = try VoicePresetLibrary(directories: [shipped]).preset(name)
        #expect(preset.name == name)
        try preset.voice.validate()
        try preset.pauses.validate()
    }

    @Test func missingKeysFallBackToDefaults() throws {
        let preset = try VoicePreset.parse(Array(#"{"name": "x", "voice": "uk"}"#.utf8), location: "x.json")
        #expect(preset.voice == VoiceSettings(voice: "uk", rate: 175, pitch: 50, volume: 100, wordGap: 0))
        #expect(preset.pauses == .standard)
    }

    /// `"engine": "piper"` names a Piper voice by its model's name; eSpeak NG's is the default.
    @Test func theEngineNamesWhoseVoiceItIs() throws {
        let piper = try VoicePreset.parse(Array(#"{"name": "x", "engine": "piper", "voice": "en_US-joe-medium"}"#.utf8), location: "x.json")
        #expect(piper.voice.voice == "piper:en_US-joe-medium")
        let prefixed = try VoicePreset.parse(Array(#"{"name": "x", "engine": "piper", "voice": "piper:joe"}"#.utf8), location: "x.json")
        #expect(prefixed.voice.voice == "piper:joe")
        let espeak = try VoicePreset.parse(Array(#"{"name": "x", "engine": "espeak-ng", "voice": "uk"}"#.utf8), location: "x.json")
        #expect(espeak.voice.voice == "uk")
    }

    @Test(arguments: [
        (#"{"name": "x", "voice": "uk", "speed": 3}"#, "unknown key 'speed'"),
        (#"{"name": "x"}"#, "missing key 'voice'"),
        (#"{"name": "x", "engine": "festival", "voice": "kal"}"#, "engine 'festival' is not one narrate has (espeak-ng or piper)"),
        (#"{"name": "x", "voice": "uk", "rate": "fast"}"#, "wrong type for 'rate'"),
        (#"{"name": "x", "voice": "uk", "pitch": 120}"#, "pitch 120 is out of range"),
        (#"{"name": "x", "#, "not valid JSON"),
    ])
    func malformedPresetsAreExplained(_ json: String, _ expected: String) {
        do {
            _ = try VoicePreset.parse(Array(json.utf8), location: "p.json")
            Issue.record("expected an error for \(json)")
        } catch {
            #expect({ if case .invalidPreset = error { true } else { false } }(), "\(error)")
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.description.hasPrefix("p.json: "))
        }
    }

    @Test func aNameThatDiffersFromTheFileNameIsRejected() {
        #expect(throws: NarrateError.self) {
            _ = try VoicePreset.parse(Array(#"{"name": "fast", "voice": "uk"}"#.utf8), location: "voices/slow.json")
        }
    }

    @Test func userPresetsComeBeforeShippedOnes() {
        let library = VoicePresetLibrary.standard(
            environment: ["XDG_CONFIG_HOME": "/home/u/.cfg"], executablePath: "/opt/narrate/bin/narrate"
        )
        #expect(library.directories.first == "/home/u/.cfg/narrate/voices")
        #expect(library.directories.contains("/opt/narrate/bin/../share/narrate/voices"))
        #expect(VoicePresetLibrary.isPath("./mine.json"))
        #expect(!VoicePresetLibrary.isPath("uk-narrator"))
    }

    @Test func unknownNamesListWhatExists() {
        do {
            _ = try VoicePresetLibrary(directories: [shipped]).preset("no-such")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("uk-narrator"))
        }
    }
}
