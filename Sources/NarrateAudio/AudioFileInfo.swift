internal import CNarrateSndFile
public import NarrateCore

/// What libsndfile reports about an audio file: rate, channels, length, format and tags.
public struct AudioFileInfo: Sendable, Equatable {
    /// Samples per second per channel.
    public let sampleRate: Int
    /// Number of channels.
    public let channels: Int
    /// Number of frames (samples per channel) as the header or the decoder counts them.
    public let frames: Int
    /// Whether the samples are 16-bit PCM in a WAV container (plain, extensible or RF64).
    public let isPCM16WAV: Bool
    /// The narrate format the file is in, when it is one.
    public let format: AudioFileFormat?
    /// The tags libsndfile reads back.
    public let tags: AudioTags

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
        defer { sf_close(file) }
        func string(_ kind: Int32) -> String? {
            sf_get_string(file, kind).map { String(cString: $0) }
        }
        let major = info.format & Int32(SF_FORMAT_TYPEMASK)
        let subtype = info.format & Int32(SF_FORMAT_SUBMASK)
        let isWAV = [SF_FORMAT_WAV, SF_FORMAT_WAVEX, SF_FORMAT_RF64].map { Int32($0) }.contains(major)
        return AudioFileInfo(
            sampleRate: Int(info.samplerate),
            channels: Int(info.channels),
            frames: Int(info.frames),
            isPCM16WAV: isWAV && subtype == Int32(SF_FORMAT_PCM_16),
            format: AudioFileFormat.allCases.first {
                ($0.sndfileFormat & Int32(SF_FORMAT_TYPEMASK | SF_FORMAT_SUBMASK))
                    == (info.format & Int32(SF_FORMAT_TYPEMASK | SF_FORMAT_SUBMASK))
            }
                ?? (isWAV && subtype == Int32(SF_FORMAT_PCM_16) ? .wav : nil),
            tags: AudioTags(
                title: string(Int32(SF_STR_TITLE)), artist: string(Int32(SF_STR_ARTIST)), album: string(Int32(SF_STR_ALBUM)),
                date: string(Int32(SF_STR_DATE)), comment: string(Int32(SF_STR_COMMENT)),
                trackNumber: string(Int32(SF_STR_TRACKNUMBER))
            )
        )
    }
}
