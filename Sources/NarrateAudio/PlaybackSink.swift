/// Where `narrate play` sends audio as it plays: a sound card, a pipe, or nowhere. Writes
/// return when the audio is due (real time, or `speed` times faster on the paced sinks).
public protocol PlaybackSink: AnyObject {
    /// Samples per second.
    var sampleRate: Int { get }
    /// Plays `samples` (16-bit mono); throws `PlaybackSinkError.closed` when the listener
    /// went away (a closed pipe).
    func play(_ samples: [Int16]) throws(PlaybackSinkError)
    /// Waits until everything written has been heard.
    func finish()
}

/// Why a playback sink stopped taking audio.
public enum PlaybackSinkError: Error, Sendable, Equatable {
    /// The other end is gone (a pipe's reader exited).
    case closed
    /// The sink failed; the message says how.
    case failed(String)
}
