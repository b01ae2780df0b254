/// An installed voice: one of eSpeak NG's, or a neural (Piper) voice.
public struct VoiceInfo: Sendable, Equatable, Codable {
    /// The voice's name, such as "English (America)".
    public var name: String
    /// The voice file's identifier, such as "gmw/en-US".
    public var identifier: String
    /// Language codes the voice speaks, most preferred first.
    public var languages: [String]
    /// The voice's gender, when the voice declares one.
    public var gender: Gender
    /// The engine that speaks it: nil for eSpeak NG, "piper" for a neural voice.
    public var engine: String?
    /// A neural voice's quality as it names it ("x_low", "low", "medium", "high").
    public var quality: String?
    /// The size of a neural voice's model, in bytes.
    public var size: Int64?

    /// Creates voice information.
    public init(
        name: String, identifier: String, languages: [String], gender: Gender, engine: String? = nil, quality: String? = nil,
        size: Int64? = nil
    ) {
        self.name = name
        self.identifier = identifier
        self.languages = languages
        self.gender = gender
        self.engine = engine
        self.quality = quality
        self.size = size
    }

    /// A voice's declared gender.
    public enum Gender: String, Sendable, Equatable, Codable {
        /// Not declared.
        case unspecified
        /// Male.
        case male
        /// Female.
        case female

        /// The gender eSpeak NG's voice list gives as a number (1 male, 2 female).
        public init(code: Int) {
            switch code {
            case 1: self = .male
            case 2: self = .female
            default: self = .unspecified
            }
        }
    }

    /// How good a neural voice's quality is, for choosing the best: 3 for "high", 2 "medium",
    /// 1 "low", 0 "x_low", -1 for none named (eSpeak NG's voices).
    public var qualityRank: Int {
        ["high": 3, "medium": 2, "low": 1, "x_low": 0][quality ?? ""] ?? -1
    }

    /// Whether the voice speaks `language` (a code such as "en" or "en-gb", any case).
    public func speaks(_ language: String) -> Bool {
        let wanted = language.lowercased()
        return languages.contains { code in
            let code = code.lowercased()
            return code == wanted || code.hasPrefix(wanted + "-")
        }
    }
}
