public import NarrateCore
public import NarrateText

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A named voice set-up: its engine (eSpeak NG, or a Piper neural voice), voice, rate, pitch,
/// volume, word gap and pauses.
///
/// Presets are small JSON files (see voices/README.md). Keys other than `name` and `voice`
/// are optional and fall back to narrate's defaults; unknown keys are rejected so that a
/// typo does not pass silently.
public struct VoicePreset: Sendable, Equatable, Decodable {
    /// The preset's name (its file name without `.json`).
    public var name: String
    /// What the preset sounds like.
    public var description: String?
    /// The voice settings.
    public var voice: VoiceSettings
    /// The pauses.
    public var pauses: PauseSettings
    /// Words this voice says differently, from `NAME.lexicon` beside the preset file.
    public var lexicon = PronunciationLexicon()
    /// Parts read besides the library's choices (`"read": ["references"]`).
    public var read: Set<ReadingPart> = []
    /// Parts not read whatever the library's choices (`"skip": ["tables"]`).
    public var skip: Set<ReadingPart> = []

    /// Creates a preset.
    public init(
        name: String, description: String? = nil, voice: VoiceSettings, pauses: PauseSettings,
        lexicon: PronunciationLexicon = PronunciationLexicon(), read: Set<ReadingPart> = [], skip: Set<ReadingPart> = []
    ) {
        self.read = read
        self.skip = skip
        self.name = name
        self.description = description
        self.voice = voice
        self.pauses = pauses
        self.lexicon = lexicon
    }

    private enum Key: String, CodingKey, CaseIterable {
        case name, description, engine, voice, rate, pitch, volume, wordGap, sentencePause, paragraphPause, headingPause, read, skip
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a preset, rejecting unknown keys.
    public init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.first(where: { Key(rawValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [unknown],
                    debugDescription:
                        "unknown key '\(unknown.stringValue)' (known: \(Key.allCases.map(\.rawValue).joined(separator: ", ")))"
                ))
        }
        let container = try decoder.container(keyedBy: Key.self)
        let standard = VoiceSettings.standard
        let pauses = PauseSettings.standard
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        // "engine": "piper" names a Piper voice (its model's name); eSpeak NG's by default.
        let engine = try container.decodeIfPresent(String.self, forKey: .engine) ?? "espeak-ng"
        var voiceName = try container.decode(String.self, forKey: .voice)
        switch engine {
        case "espeak-ng": break
        case "piper": if !voiceName.lowercased().hasPrefix("piper:") { voiceName = "piper:" + voiceName }
        default:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [Key.engine], debugDescription: "engine '\(engine)' is not one narrate has (espeak-ng or piper)"
                ))
        }
        voice = VoiceSettings(
            voice: voiceName,
            rate: try container.decodeIfPresent(Int.self, forKey: .rate) ?? standard.rate,
            pitch: try container.decodeIfPresent(Int.self, forKey: .pitch) ?? standard.pitch,
            volume: try container.decodeIfPresent(Int.self, forKey: .volume) ?? standard.volume,
            wordGap: try container.decodeIfPresent(Int.self, forKey: .wordGap) ?? standard.wordGap
        )
        self.pauses = PauseSettings(
            sentence: try container.decodeIfPresent(Int.self, forKey: .sentencePause) ?? pauses.sentence,
            paragraph: try container.decodeIfPresent(Int.self, forKey: .paragraphPause) ?? pauses.paragraph,
            heading: try container.decodeIfPresent(Int.self, forKey: .headingPause) ?? pauses.heading
        )
        read = try Self.parts(container, .read)
        skip = try Self.parts(container, .skip)
    }

    /// The parts a "read" or "skip" list names; an unknown name is an error that lists the known.
    private static func parts(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Set<ReadingPart> {
        let names = try container.decodeIfPresent([String].self, forKey: key) ?? []
        return try Set(
            names.map { name in
                guard let part = ReadingPart(name: name) else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: [key],
                            debugDescription:
                                "'\(name)' in '\(key.rawValue)' is not a part narrate reads or skips (known: \(ReadingPart.choosable.map(\.rawValue).joined(separator: ", ")))"
                        ))
                }
                return part
            })
    }

    /// Parses preset JSON; `location` names it in errors. Values out of range are errors.
    public static func parse(_ data: [UInt8], location: String) throws(NarrateError) -> VoicePreset {
        let preset: VoicePreset
        do {
            preset = try JSONDecoder().decode(VoicePreset.self, from: Data(data))
        } catch let error as DecodingError {
            throw .invalidPreset(location: location, message: describe(error) + "; see voices/README.md")
        } catch {
            throw .invalidPreset(location: location, message: "not valid JSON; see voices/README.md")
        }
        do {
            try preset.voice.validate()
            try preset.pauses.validate()
        } catch {
            throw .invalidPreset(location: location, message: error.description)
        }
        let fileName = location.split(separator: "/").last.map(String.init) ?? location
        let stem = fileName.lowercased().hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
        if preset.name != stem {
            throw .invalidPreset(
                location: location,
                message: "its name '\(preset.name)' does not match its file name; rename one to match the other"
            )
        }
        return preset
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, _):
            return "missing key '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type for '\(path(context))'"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
        @unknown default:
            return "malformed preset"
        }
    }
}
