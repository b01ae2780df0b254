import Foundation
public import NarrateCore

/// What a Piper voice's `.onnx.json` says: how to turn phonemes into the model's ids, the
/// eSpeak NG voice the phonemes come from, the audio's rate and the model's inference settings.
public struct PiperVoiceConfig: Sendable, Equatable {
    /// Samples per second of the model's audio.
    public var sampleRate: Int
    /// The eSpeak NG voice whose phonemes the model was trained on ("en-us").
    public var espeakVoice: String
    /// The ids of each phoneme (one Unicode scalar each, as Piper splits them).
    public var phonemeIds: [Unicode.Scalar: [Int64]]
    /// Noise added to the audio, to the durations, and the length of speech (1: as trained).
    public var noiseScale: Float
    public var lengthScale: Float
    public var noiseWidth: Float
    /// Speakers of a voice with several, by name; empty for one.
    public var speakers: [String: Int64]
    /// Samples a duration frame stands for.
    public var hopLength: Int
    /// The language, as the voice names it ("en_US").
    public var language: String?
    /// "low", "medium", "high"…
    public var quality: String?

    /// The language as narrate writes codes ("en-us"): the voice's, else its eSpeak NG voice's.
    public var languageCode: String {
        (language ?? espeakVoice).replacingOccurrences(of: "_", with: "-").lowercased()
    }

    /// The ids Piper puts at a sentence's start and end and between phonemes.
    static let start: Unicode.Scalar = "^"
    static let end: Unicode.Scalar = "$"
    static let pad: Unicode.Scalar = "_"

    /// Reads the configuration in `bytes`, from `path`; a file that is no Piper voice's
    /// configuration is `.malformedInput` saying what is missing.
    public init(bytes: [UInt8], path: String) throws(NarrateError) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .malformedInput(path: path, message: "not a Piper voice's configuration (no JSON object)")
        }
        guard let map = object["phoneme_id_map"] as? [String: Any], !map.isEmpty else {
            throw .malformedInput(path: path, message: "a voice configuration without phoneme_id_map; narrate reads Piper voices")
        }
        var ids: [Unicode.Scalar: [Int64]] = [:]
        for (key, value) in map {
            let scalars = Array(key.unicodeScalars)
            guard scalars.count == 1, let list = value as? [Any] else { continue }
            let numbers = list.compactMap { ($0 as? NSNumber)?.int64Value }
            guard !numbers.isEmpty, numbers.count == list.count, numbers.allSatisfy({ $0 >= 0 }) else { continue }
            ids[scalars[0]] = numbers
        }
        let missing = [Self.start, Self.end, Self.pad].filter { ids[$0] == nil }
        guard missing.isEmpty else {
            let names = missing.map { "\"\($0)\"" }.joined(separator: ", ")
            throw .malformedInput(path: path, message: "phoneme_id_map has no \(names): not a Piper voice narrate can read")
        }
        phonemeIds = ids
        let audio = object["audio"] as? [String: Any]
        guard let rate = (audio?["sample_rate"] as? NSNumber)?.intValue, (8_000...48_000).contains(rate) else {
            throw .malformedInput(path: path, message: "audio.sample_rate is missing or not a rate narrate plays (8,000 to 48,000)")
        }
        sampleRate = rate
        guard let espeak = (object["espeak"] as? [String: Any])?["voice"] as? String, !espeak.isEmpty else {
            throw .malformedInput(path: path, message: "espeak.voice is missing: narrate makes a Piper voice's phonemes with eSpeak NG")
        }
        espeakVoice = espeak
        if let type = object["phoneme_type"] as? String, type != "espeak" {
            throw .malformedInput(path: path, message: "phoneme_type is \"\(type)\"; narrate reads voices made from eSpeak NG's phonemes")
        }
        let inference = object["inference"] as? [String: Any] ?? [:]
        func scale(_ name: String, _ fallback: Float, _ range: ClosedRange<Float>) -> Float {
            guard let value = (inference[name] as? NSNumber)?.floatValue, range.contains(value) else { return fallback }
            return value
        }
        noiseScale = scale("noise_scale", 0.667, 0...2)
        lengthScale = scale("length_scale", 1, 0.1...10)
        noiseWidth = scale("noise_w", 0.8, 0...2)
        var speakers: [String: Int64] = [:]
        for (name, value) in object["speaker_id_map"] as? [String: Any] ?? [:] {
            if let id = (value as? NSNumber)?.int64Value { speakers[name] = id }
        }
        self.speakers = speakers
        hopLength = ((object["hop_length"] as? NSNumber)?.intValue).flatMap { $0 > 0 ? $0 : nil } ?? 256
        language = ((object["language"] as? [String: Any])?["code"] as? String)
        quality = audio?["quality"] as? String
    }
}
