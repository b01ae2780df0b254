import NarrateCore
import NarrateSpeech
import Testing

/// The voice a language picks when none is asked for: eSpeak NG's from the table, or with
/// neural voices preferred, the best installed neural voice of the language's region.
struct DefaultVoicesTests {
    static func piper(_ name: String, _ language: String, _ quality: String?) -> VoiceInfo {
        VoiceInfo(name: name, identifier: "piper:\(name)", languages: [language], gender: .unspecified, engine: "piper", quality: quality)
    }

    static let installed = [
        piper("en_GB-alba-medium", "en-gb", "medium"), piper("en_US-joe-medium", "en-us", "medium"),
        piper("en_US-amy-low", "en-us", "low"), piper("en_US-lessac-high", "en-us", "high"),
        piper("uk_UA-ukrainian_tts-medium", "uk", "medium"), piper("de_DE-thorsten-x_low", "de", "x_low"),
        piper("de_DE-kerstin-low", "de", "low"),
        VoiceInfo(name: "English (America)", identifier: "gmw/en-US", languages: ["en-us"], gender: .male),
    ]

    @Test(arguments: [
        ("en", "piper:en_US-lessac-high"), ("en-US", "piper:en_US-lessac-high"), ("en_GB", "piper:en_GB-alba-medium"),
        ("en-au", "piper:en_US-lessac-high"), ("uk", "piper:uk_UA-ukrainian_tts-medium"), ("de", "piper:de_DE-kerstin-low"),
    ])
    func theLanguagesRegionThenTheBestQualityWins(language: String, expected: String) {
        #expect(DefaultVoices.neuralVoice(forLanguage: language, among: Self.installed) == expected)
    }

    @Test func aLanguageWithoutANeuralVoiceGetsNone() {
        #expect(DefaultVoices.neuralVoice(forLanguage: "fr", among: Self.installed) == nil)
        // eSpeak NG's voices are never picked as neural ones.
        #expect(DefaultVoices.neuralVoice(forLanguage: "en", among: [Self.installed.last!]) == nil)
    }

    @Test func ofEqualVoicesTheFirstByNameWins() {
        let twins = [Self.piper("en_US-b-medium", "en-us", "medium"), Self.piper("en_US-a-medium", "en-us", "medium")]
        #expect(DefaultVoices.neuralVoice(forLanguage: "en", among: twins) == "piper:en_US-a-medium")
    }
}
