internal import CNarrateSndFile
public import NarrateCore

/// What libsndfile reports about an audio file: rate, channels and length.
public struct AudioFileInfo: Sendable, Equatable {
    /// Samples per second per channel.
    public let sampleRate: Int
    /// Number of channels.
    public let channels: Int
    /// Number of frames (samples per channel).
    public let frames: Int
    /// Whether the samples are 16-bit PCM in a WAV container.
    public let isPCM16WAV: Bool

    /// Length in seconds.
    public var duration: Double {
        sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0
    }

    /// Opens `path` with libsndfile and reads its header.
    public static func read(path: String) throws(NarrateError) -> AudioFileInfo {
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw .inputUnavailable(path: path, reason: String(cString: sf_strerror(nil)))
        }
        sf_close(file)
        return AudioFileInfo(
            sampleRate: Int(info.samplerate),
            channels: Int(info.channels),
            frames: Int(info.frames),
            isPCM16WAV: info.format == Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        )
    }
}
