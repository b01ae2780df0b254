import NarrateCore

/// The voices the fuzzed server lists and checks a pick against: eSpeak NG's English and
/// Ukrainian, as its voice list names them. It never speaks (no worker runs).
final class FuzzEngine: SpeechEngine {
    let sampleRate = 22_050
    let version = "fuzz"

    func voices() -> [VoiceInfo] {
        [
            VoiceInfo(name: "English (America)", identifier: "gmw/en-US", languages: ["en-us", "en"], gender: .male),
            VoiceInfo(name: "Ukrainian", identifier: "zle/uk", languages: ["uk"], gender: .male),
        ]
    }

    /// Takes a voice by its language or file, refuses any other as eSpeak NG does.
    func configure(_ settings: VoiceSettings) throws {
        let wanted = settings.voice.lowercased()
        guard voices().contains(where: { $0.languages.contains(wanted) || $0.identifier.lowercased() == wanted }) else {
            throw NarrateError.unknownVoice(name: settings.voice, suggestions: [])
        }
    }

    func reset() throws {}

    func synthesize(_ text: String, receive: (SpeechChunk) throws -> Bool) throws {}
}
