internal import CNarrateSndFile
public import NarrateCore
import NarrateSystem

/// Plays into a pipe: a Sun AU stream (16-bit mono; the one header libsndfile writes
/// without knowing the length, which aplay, sox, ffplay and mpv read) on a file descriptor,
/// paced in real time (or `speed` times faster) like a sound card.
public final class StreamPlaybackSink: PlaybackSink {
    /// Samples per second.
    public let sampleRate: Int
    private let output: OutputFile
    private let channel: SoundFileChannel
    private let file: OpaquePointer
    private var clock: PlaybackClock

    /// Starts the stream on standard output. Every byte goes through `SoundFileChannel`,
    /// so a full device or a closed pipe is seen at once, the AU header included.
    public init(sampleRate: Int, speed: Double = 1) throws(NarrateError) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_AU | SF_FORMAT_PCM_16)
        output = try OutputFile(try OutputTarget.resolve(OutputTarget.standardOutputPath), overwrite: true)
        // Standard output redirected to a file still gets a stream: playback is a stream.
        channel = try SoundFileChannel(output: output, info: &info, forceStream: true)
        file = channel.handle!
        self.sampleRate = sampleRate
        clock = PlaybackClock(sampleRate: sampleRate, speed: speed)
    }

    deinit {
        _ = channel.finish()
    }

    /// Writes `samples`, then waits until they are due.
    public func play(_ samples: [Int16]) throws(PlaybackSinkError) {
        guard !samples.isEmpty else { return }
        if let failure = channel.failure { throw Self.error(failure) }
        let written = samples.withUnsafeBufferPointer { sf_write_short(file, $0.baseAddress, sf_count_t($0.count)) }
        if let failure = channel.failure { throw Self.error(failure) }
        if written < samples.count { throw .failed(String(cString: sf_strerror(file))) }
        clock.advance(by: samples.count)
    }

    /// Flushes what libsndfile holds.
    public func finish() {
        sf_write_sync(file)
    }

    /// A reader that went away is the listener closing the stream; anything else failed.
    private static func error(_ failure: String) -> PlaybackSinkError {
        failure == String(cString: strerror(EPIPE)) ? .closed : .failed(failure)
    }
}
