public import NarrateCore
import Foundation
import Synchronization

/// A Piper voice as a `SpeechEngine`: each call speaks its text in one run of the model (a
/// sentence, as narrate calls it), the audio handed over in one chunk with a word event at
/// each word's start. Rate and volume keep their meaning; pitch and word gap have none for a
/// neural voice and are left as they are.
public final class PiperEngine: SpeechEngine {
    public let voice: PiperVoice
    private let settings = Mutex(VoiceSettings.standard)

    /// The name narrate knows a Piper voice by: `piper:` and its model's name.
    public static func voiceName(_ name: String) -> String { "piper:\(name)" }

    /// Exact when the voice's model gives each phoneme's duration, else estimated.
    public var wordTimings: WordTimings { voice.timesWordsExactly ? .exact : .estimated }

    public init(voice: PiperVoice) {
        self.voice = voice
    }

    public var sampleRate: Int { voice.config.sampleRate }

    /// The model's hash with the engine's name: a render with another model is made anew.
    public var version: String { "piper-\(voice.modelHash.prefix(16))" }

    public func voices() -> [VoiceInfo] {
        [VoiceInfo(name: voice.name, identifier: Self.voiceName(voice.name), languages: [voice.config.languageCode], gender: .unspecified, engine: "piper")]
    }

    public func configure(_ settings: VoiceSettings) throws {
        try settings.validate()
        guard settings.voice == Self.voiceName(voice.name) || settings.voice == voice.name else {
            throw NarrateError.unknownVoice(name: settings.voice, suggestions: [Self.voiceName(voice.name)])
        }
        self.settings.withLock { $0 = settings }
    }

    public func language(ofSelectedVoice voice: String) -> String? {
        voices().first?.languages.first
    }

    /// Nothing to start afresh: each run of the model stands alone.
    public func reset() throws {}

    public func synthesize(_ text: String, receive: (SpeechChunk) throws -> Bool) throws {
        let current = settings.withLock { $0 }
        let (samples, events) = try voice.speak(text, rate: current.rate, volume: current.volume)
        guard !samples.isEmpty else { return }
        let sentence = SpeechEvent(kind: .sentence, textOffset: 0, length: 0, sampleOffset: 0)
        let end = SpeechEvent(kind: .end, textOffset: text.unicodeScalars.count, length: 0, sampleOffset: samples.count)
        _ = try samples.withUnsafeBufferPointer { buffer in
            try receive(SpeechChunk(samples: buffer, events: [sentence] + events + [end]))
        }
    }
}
