/// Plays nothing, in real time (or `speed` times faster): for tests and for moving a saved
/// position along without sound.
public final class SilentPlaybackSink: PlaybackSink {
    /// Samples per second.
    public let sampleRate: Int
    private var clock: PlaybackClock

    /// Creates a sink whose clock runs `speed` times real time.
    public init(sampleRate: Int, speed: Double = 1) {
        self.sampleRate = sampleRate
        clock = PlaybackClock(sampleRate: sampleRate, speed: speed)
    }

    /// Waits as long as `samples` take to hear.
    public func play(_ samples: [Int16]) throws(PlaybackSinkError) {
        clock.advance(by: samples.count)
    }

    /// Nothing is buffered.
    public func finish() {}
}
