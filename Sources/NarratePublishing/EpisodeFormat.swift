public import NarrateAudio
public import NarrateCore

/// The audio formats a podcast feed offers its episodes in: MP3 (every podcast app plays
/// it, the default), Opus and Ogg Vorbis (smaller, for the apps that play them).
public enum EpisodeFormat: String, Sendable, CaseIterable, Codable {
    /// MP3 at 64 kbit/s constant: every podcast app plays it.
    case mp3
    /// Opus at 32 kbit/s (24 kHz): half the size, for the apps that play it.
    case opus
    /// Ogg Vorbis at quality 4.
    case ogg

    /// The feed's format named `name` (any case; "vorbis" is Ogg); `.invalidOption` named
    /// "format" for any other.
    public init(named name: String) throws(NarrateError) {
        switch name.lowercased() {
        case "mp3": self = .mp3
        case "opus": self = .opus
        case "ogg", "vorbis", "oga": self = .ogg
        default:
            throw .invalidOption(name: "format", message: "format \(name.prefix(40)): a podcast feed offers mp3, opus or ogg")
        }
    }

    /// The audio file format.
    public var audioFormat: AudioFileFormat {
        switch self {
        case .mp3: .mp3
        case .opus: .opus
        case .ogg: .ogg
        }
    }

    /// The encoding episodes are rendered with: the format's defaults for speech.
    public var encoding: AudioEncoding { AudioEncoding(format: audioFormat) }

    /// The enclosure's MIME type.
    public var mimeType: String {
        switch self {
        case .mp3: "audio/mpeg"
        case .opus: "audio/ogg; codecs=opus"
        case .ogg: "audio/ogg"
        }
    }

    /// The files' extension.
    public var fileExtension: String { audioFormat.fileExtension }
}
