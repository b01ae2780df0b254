public import NarrateCore

/// What can go wrong writing or playing audio that is the audio's own: a format this
/// machine's libraries cannot write, an encoder refusing its settings, no sound device, a
/// format that cannot be written to a stream.
public enum AudioError: ModuleError {
    /// The installed libsndfile cannot write an audio format.
    case formatUnavailable(format: String, reason: String)
    /// The encoder narrate links for a format (LAME for MP3, libopus for Opus) refused the
    /// settings or could not start.
    case encoderRefused(format: String, reason: String)
    /// No sound device to play through; `reason` says why.
    case outputUnavailable(reason: String)
    /// A format that rewrites its header at the end (WAV) was asked for on a stream: standard
    /// output, a device, a FIFO or a socket (`kind` says which).
    case cannotStream(path: String, kind: String, format: String)

    public var kind: FailureKind {
        switch self {
        case .formatUnavailable, .encoderRefused, .outputUnavailable: .serviceUnavailable
        case .cannotStream: .invalidRequest
        }
    }

    public var description: String {
        switch self {
        case .formatUnavailable(let format, let reason):
            "cannot write \(format) audio: the installed libsndfile lacks it (\(reason)); "
                + "install libsndfile 1.1 or later built with it (Debian 12's libsndfile1 writes FLAC, Ogg, Opus and MP3)"
        case .encoderRefused(let format, let reason):
            "cannot write \(format) audio: \(reason); choose another bitrate or quality"
        case .outputUnavailable(let reason):
            "no sound device (\(reason))"
        case .cannotStream(let path, let kind, let format):
            "\(path): it is \(kind), which is written as a stream, and \(format) cannot be streamed "
                + "(its header is rewritten at the end); FLAC, Ogg, Opus, MP3, AU and raw audio can"
        }
    }
}
