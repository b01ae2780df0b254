internal import CNarrateSndFile

/// The audio file formats narrate writes, all through libsndfile.
public enum AudioFileFormat: String, Sendable, CaseIterable, Codable {
    /// RIFF WAVE, 16-bit PCM; RF64 by itself beyond 4 GiB.
    case wav
    /// FLAC, lossless.
    case flac
    /// Ogg Vorbis.
    case ogg
    /// Ogg Opus (8, 12, 16, 24 or 48 kHz only).
    case opus
    /// MPEG-1/2 Layer III.
    case mp3
    /// Sun/NeXT AU, 16-bit PCM: a header any pipe can carry.
    case au
    /// Headerless 16-bit little-endian PCM.
    case raw

    /// The usual file extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The format a path's extension names, if narrate writes it (`.oga` is Ogg Vorbis).
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let suffix = path[path.index(after: dot)...].lowercased()
        self.init(rawValue: suffix == "oga" ? "ogg" : suffix)
    }

    /// The formats the `--format` options list, in the order help shows them.
    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }

    /// The format's name for people.
    public var displayName: String {
        switch self {
        case .wav: "WAV"
        case .flac: "FLAC"
        case .ogg: "Ogg Vorbis"
        case .opus: "Opus"
        case .mp3: "MP3"
        case .au: "AU"
        case .raw: "raw PCM"
        }
    }

    /// Whether the encoder throws information away (and so takes `--bitrate`/`--quality`).
    public var isLossy: Bool { self == .ogg || self == .opus || self == .mp3 }

    /// Whether the container carries title, artist, album, date and comment tags.
    public var carriesTags: Bool { self != .au && self != .raw }

    /// Whether libsndfile can write the format to a pipe (WAV needs to seek back to its
    /// header).
    public var canStream: Bool { self != .wav }

    /// The sample rates the format takes; nil when any rate will do.
    public var allowedSampleRates: [Int]? {
        switch self {
        case .opus: [8_000, 12_000, 16_000, 24_000, 48_000]
        case .mp3: [8_000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000]
        default: nil
        }
    }

    /// The rate audio made at `sourceRate` is written at when no rate is asked for: the
    /// source rate where the format takes it, else the lowest allowed rate above it (Opus:
    /// 24 kHz for eSpeak NG's 22,050 Hz), so nothing is lost. (48 kHz, Opus's native rate,
    /// measured no faster to encode and decodes to twice the samples.)
    public func defaultSampleRate(forSource sourceRate: Int) -> Int {
        guard let allowed = allowedSampleRates, !allowed.contains(sourceRate) else { return sourceRate }
        return allowed.first { $0 >= sourceRate } ?? allowed.last ?? sourceRate
    }

    /// libsndfile's format code for 16-bit mono output.
    var sndfileFormat: Int32 {
        switch self {
        case .wav: Int32(SF_FORMAT_RF64 | SF_FORMAT_PCM_16)
        case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .ogg: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        case .opus: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
        case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
        case .au: Int32(SF_FORMAT_AU | SF_FORMAT_PCM_16)
        case .raw: Int32(SF_FORMAT_RAW | SF_FORMAT_PCM_16 | SF_ENDIAN_LITTLE)
        }
    }
}
