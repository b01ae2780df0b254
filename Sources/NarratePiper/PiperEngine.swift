import Foundation
public import NarrateCore
import NarrateText
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
        [
            VoiceInfo(
                name: voice.name, identifier: Self.voiceName(voice.name), languages: [voice.config.languageCode], gender: .unspecified,
                engine: "piper")
        ]
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
        try synthesize(text, headFirst: false, receive: receive)
    }

    /// Speaks `text`; with `headFirst` (which `VoiceEngines` passes once asked to start soon:
    /// it makes a Piper engine for each selection), a long sentence's first words (its first clause when
    /// that is short, else four words) are spoken and handed over on their own, then the rest:
    /// the model's time grows with the sentence's length, so a listener waiting for a
    /// sentence of 30 words hears its start after the run of a few (on the test voice, 2 cores:
    /// 86 ms for four words against 190 ms for the sentence).
    func synthesize(_ text: String, headFirst: Bool, receive: (SpeechChunk) throws -> Bool) throws {
        let current = settings.withLock { $0 }
        let scalars = Array(text.unicodeScalars)
        let cut = headFirst ? Self.headEnd(of: text) : nil
        let parts = cut.map { [0..<$0, $0..<scalars.count] } ?? [0..<scalars.count]
        var offset = 0
        for (index, part) in parts.enumerated() {
            let piece = String(String.UnicodeScalarView(scalars[part]))
            var (samples, events) = try voice.speak(piece, rate: current.rate, volume: current.volume)
            // The head's own end of utterance trailing off in silence is left out, but for a breath.
            if index == 0, parts.count > 1 { samples = Self.trimmingTrailingSilence(samples, keeping: voice.config.sampleRate / 25) }
            guard !samples.isEmpty else { continue }
            var marks = events.map {
                SpeechEvent(
                    kind: $0.kind, textOffset: $0.textOffset + part.lowerBound, length: $0.length, sampleOffset: $0.sampleOffset + offset)
            }
            if index == 0 { marks.insert(SpeechEvent(kind: .sentence, textOffset: 0, length: 0, sampleOffset: 0), at: 0) }
            offset += samples.count
            if index == parts.count - 1 {
                marks.append(SpeechEvent(kind: .end, textOffset: scalars.count, length: 0, sampleOffset: offset))
            }
            // Events count samples from the call's start, across chunks.
            let goOn = try samples.withUnsafeBufferPointer { buffer in try receive(SpeechChunk(samples: buffer, events: marks)) }
            if !goOn { return }
        }
    }

    /// Where a sentence's head ends (in scalars): after its first clause when that ends within
    /// two to six words, else after four words (or up to seven, to cut between two words of
    /// letters alone: "$1.2 million" or "7-2" read as one); nil for a sentence of fewer than ten
    /// words, whose whole run is short anyway, or with no such place.
    static func headEnd(of text: String) -> Int? {
        let words = WordAlignment.words(in: text)
        guard words.count >= 10 else { return nil }
        let scalars = Array(text.unicodeScalars)
        func isPlain(_ index: Int) -> Bool {
            scalars[words[index]].allSatisfy { $0.properties.isAlphabetic || $0 == "'" || $0 == "’" }
        }
        // Cutting after word `index`: a clean cut when both words beside it are plain words.
        func cuts(after index: Int) -> Bool { isPlain(index) && isPlain(index + 1) }
        for index in 1..<6 where cuts(after: index) {
            let between = scalars[words[index].upperBound..<words[index + 1].lowerBound]
            if between.contains(where: { ",;:".unicodeScalars.contains($0) }) { return words[index + 1].lowerBound }
        }
        for index in 3..<7 where cuts(after: index) {
            let between = scalars[words[index].upperBound..<words[index + 1].lowerBound]
            // Only spaces between them: no dash or quote that joins or opens something.
            if between.allSatisfy({ $0 == " " }) { return words[index + 1].lowerBound }
        }
        return nil
    }

    /// `samples` without their quiet end, but for `keeping` samples of it.
    static func trimmingTrailingSilence(_ samples: [Int16], keeping: Int) -> [Int16] {
        guard let last = samples.lastIndex(where: { abs(Int($0)) > 500 }) else { return samples }
        return Array(samples.prefix(min(samples.count, last + 1 + keeping)))
    }
}
