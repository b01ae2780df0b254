internal import CNarrateSndFile
public import NarrateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plays into a pipe: a Sun AU stream (16-bit mono; the one header libsndfile writes
/// without knowing the length, which aplay, sox, ffplay and mpv read) on a file descriptor,
/// paced in real time (or `speed` times faster) like a sound card.
public final class StreamPlaybackSink: PlaybackSink {
    /// Samples per second.
    public let sampleRate: Int
    private let file: OpaquePointer
    private var clock: PlaybackClock

    /// Starts the stream on `descriptor` (standard output by default).
    public init(descriptor: Int32 = 1, sampleRate: Int, speed: Double = 1) throws(NarrateError) {
        var info = SF_INFO()
        info.samplerate = Int32(sampleRate)
        info.channels = 1
        info.format = Int32(SF_FORMAT_AU | SF_FORMAT_PCM_16)
        guard let file = sf_open_fd(descriptor, Int32(SFM_WRITE), &info, 0) else {
            throw .cannotCreateOutput(path: "standard output", reason: String(cString: sf_strerror(nil)).lowercased())
        }
        self.file = file
        self.sampleRate = sampleRate
        clock = PlaybackClock(sampleRate: sampleRate, speed: speed)
    }

    deinit {
        sf_close(file)
    }

    /// Writes `samples`, then waits until they are due.
    public func play(_ samples: [Int16]) throws(PlaybackSinkError) {
        guard !samples.isEmpty else { return }
        errno = 0
        let written = samples.withUnsafeBufferPointer { sf_write_short(file, $0.baseAddress, sf_count_t($0.count)) }
        if written < samples.count {
            if errno == EPIPE || errno == 0 { throw .closed }
            throw .failed(String(cString: strerror(errno)))
        }
        clock.advance(by: samples.count)
    }

    /// Flushes what libsndfile holds.
    public func finish() {
        sf_write_sync(file)
    }
}
