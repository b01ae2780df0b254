/// A destination for PCM audio: a file being written, a player, a test buffer.
public protocol AudioSink: AnyObject {
    /// Samples per second the sink expects.
    var sampleRate: Int { get }

    /// Appends samples.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws

    /// Appends `count` samples of silence.
    func writeSilence(samples count: Int) throws
}
