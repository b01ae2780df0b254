import NarrateSystem

/// Keeps a paced sink in real time (or `speed` times faster): after a write of audio up to
/// frame N, it waits until N frames' worth of time has passed since the start.
struct PlaybackClock {
    let sampleRate: Int
    let speed: Double
    private let start = ContinuousClock.now
    private(set) var frames = 0

    init(sampleRate: Int, speed: Double) {
        self.sampleRate = sampleRate
        self.speed = speed
    }

    /// Counts `count` more frames and sleeps until they are due.
    mutating func advance(by count: Int) {
        frames += count
        let due = Double(frames) / Double(sampleRate) / speed
        let elapsed = ContinuousClock.now - start
        let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let wait = due - elapsedSeconds
        if wait > 0 { usleep(useconds_t(min(wait, 10) * 1_000_000)) }
    }
}
