internal import CNarrateSndFile
import Foundation
public import NarrateCore

/// How audio is encoded: the format, the sample rate it is written at, and for the lossy
/// formats a bitrate or a quality.
///
/// `bitrate` and `quality` are mapped onto libsndfile's two knobs, the compression level
/// (0 best … 1 smallest) and the bitrate mode, using libsndfile's own formulas so the number
/// asked for is the number the encoder gets:
/// - MP3: `bitrate` is constant bitrate (libsndfile picks `max - level × (max - min)` kbps,
///   max/min 320/32 at 32 kHz and up, 160/8 below); `quality` is LAME's VBR scale
///   (`-V` = 10 − quality).
/// - Opus: libsndfile sets Opus's target to `(1 − level) × 250 + 6` kbps, so `bitrate`
///   inverts that; `quality` maps 0…10 onto the same range.
/// - Ogg Vorbis: `quality` is Vorbis's quality ×10 (libsndfile: 1 − level); no bitrate.
public struct AudioEncoding: Sendable, Equatable, Codable {
    /// The format.
    public var format: AudioFileFormat
    /// Samples per second in the file; nil: the format's default for the source rate.
    public var sampleRate: Int?
    /// Target bitrate in kbit/s (MP3, Opus).
    public var bitrate: Int?
    /// Quality from 0 (smallest) to 10 (best) (MP3 VBR, Vorbis, Opus).
    public var quality: Double?
    /// FLAC's compression from 0 (fastest, largest) to 1 (slowest, smallest); nil:
    /// libsndfile's default. Not a user's option: a long render's kept chapters are written at
    /// 0, where libFLAC took 29% of a render's cycles at the default.
    public var flacCompression: Double?

    /// Defaults for speech when neither a bitrate nor a quality is given: MP3 at a
    /// constant 64 kbit/s (the podcast norm for mono speech), Opus at 32 kbit/s, Vorbis at
    /// quality 4.
    public static let defaultBitrates: [AudioFileFormat: Int] = [.mp3: 64, .opus: 32]
    /// The default Vorbis quality.
    public static let defaultVorbisQuality = 4.0

    /// Creates an encoding.
    public init(format: AudioFileFormat = .wav, sampleRate: Int? = nil, bitrate: Int? = nil, quality: Double? = nil) {
        self.format = format
        self.sampleRate = sampleRate
        self.bitrate = bitrate
        self.quality = quality
    }

    /// The encoding narrate used before formats could be chosen: 16-bit WAV at the source
    /// rate.
    public static let wav = AudioEncoding()

    /// The rate the file is written at for audio made at `sourceRate`.
    public func fileSampleRate(forSource sourceRate: Int) -> Int {
        sampleRate ?? format.defaultSampleRate(forSource: sourceRate)
    }

    /// Checks the combination; every problem is `.invalidOption` (exit 64).
    public func validate() throws(NarrateError) {
        if bitrate != nil, quality != nil {
            throw .invalidOption(name: "bitrate", message: "bitrate: give a bitrate or a quality, not both")
        }
        if let bitrate {
            guard format == .mp3 || format == .opus else {
                let hint = format == .ogg ? "; use a quality for Ogg Vorbis" : ""
                throw .invalidOption(
                    name: "bitrate", message: "bitrate: \(format.displayName) has no bitrate; it applies to mp3 and opus\(hint)")
            }
            let range = bitrateRange
            guard range.contains(bitrate) else {
                throw .invalidOption(
                    name: "bitrate",
                    message: "bitrate: \(bitrate) kbit/s is outside \(format.displayName)'s \(range.lowerBound)–\(range.upperBound)")
            }
        }
        if let quality {
            guard format.isLossy else {
                throw .invalidOption(
                    name: "quality", message: "quality: \(format.displayName) is not lossy; a quality applies to mp3, ogg and opus")
            }
            guard (0...10).contains(quality) else {
                throw .invalidOption(name: "quality", message: "quality: \(quality) is outside 0–10")
            }
        }
        if let sampleRate {
            guard (1_000...192_000).contains(sampleRate) else {
                throw .invalidOption(name: "sample-rate", message: "sample-rate: \(sampleRate) Hz is outside 1000–192000")
            }
            if let allowed = format.allowedSampleRates, !allowed.contains(sampleRate) {
                throw .invalidOption(
                    name: "sample-rate",
                    message: "sample-rate: \(format.displayName) takes only \(allowed.map(String.init).joined(separator: ", ")) Hz"
                )
            }
        }
    }

    /// The bitrates the format's encoder reaches, in kbit/s, at the file's rate.
    var bitrateRange: ClosedRange<Int> {
        switch format {
        case .opus: 6...256
        case .mp3: Self.mp3Bitrates(at: sampleRate ?? 22_050)
        default: 0...0
        }
    }

    private static func mp3Bitrates(at rate: Int) -> ClosedRange<Int> {
        rate >= 32_000 ? 32...320 : rate >= 16_000 ? 8...160 : 8...64
    }

    /// The compression level and bitrate mode for libsndfile, nil where the format has none
    /// (WAV, AU, raw) or keeps libsndfile's default (FLAC).
    func sndfileSettings(fileRate: Int) -> (level: Double, mode: Int32?)? {
        switch format {
        case .mp3:
            if let quality {
                return ((10 - quality) / 10 * 0.9999, Int32(SF_BITRATE_MODE_VARIABLE))
            }
            let range = Self.mp3Bitrates(at: fileRate)
            let kbps = Double(min(max(bitrate ?? Self.defaultBitrates[.mp3]!, range.lowerBound), range.upperBound))
            let level = (Double(range.upperBound) - kbps) / Double(range.upperBound - range.lowerBound)
            // libsndfile truncates max - level × span; nudge down so it lands on kbps.
            return (max(0, level - 1e-9), Int32(SF_BITRATE_MODE_CONSTANT))
        case .opus:
            let kbps = quality.map { 6 + $0 / 10 * 250 } ?? Double(bitrate ?? Self.defaultBitrates[.opus]!)
            return (min(1, max(0, 1 - (kbps - 6) / 250)), nil)
        case .ogg:
            return (1 - (quality ?? Self.defaultVorbisQuality) / 10, nil)
        case .flac:
            return flacCompression.map { (min(1, max(0, $0)), nil) }
        case .wav, .au, .raw:
            return nil
        }
    }

    /// Opens a real file in this encoding in the temporary folder, writes a moment of
    /// silence, and removes it: libsndfile's own format check says yes to formats the
    /// installed build cannot write, so a batch checks this way before it queues anything.
    /// Throws what the writer would (`AudioError.formatUnavailable`, `.invalidOption`).
    public func checkWritable(sourceRate: Int) throws(NarrateError) {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let probe = "\(directory)/narrate-format-check-\(getpid()).\(format.fileExtension)"
        let writer = try AudioFileWriter(destination: probe, sampleRate: sourceRate, encoding: self, overwrite: true)
        defer { writer.discard() }
        do {
            try writer.writeSilence(samples: sourceRate / 10)
            try writer.flush()
        } catch {
            throw NarrateError(AudioError.formatUnavailable(format: format.displayName, reason: "\(error)"))
        }
    }

    /// A canonical text of the encoding for cache keys; WAV at the source rate is the text
    /// renders had before formats could be chosen.
    public func description(sourceRate: Int) -> String {
        let rate = fileSampleRate(forSource: sourceRate)
        if format == .wav, rate == sourceRate { return "wav pcm16" }
        var parts = [format.rawValue, "\(rate) Hz"]
        if let bitrate { parts.append("\(bitrate) kbps") }
        if let quality { parts.append("q\(quality)") }
        return parts.joined(separator: " ")
    }
}
