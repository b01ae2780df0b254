import NarrateCore

/// An output with every sample written into it kept by a `NarrationCheckpoint` too.
final class CheckpointSink: AudioSink {
    private let output: any AudioSink
    private let checkpoint: NarrationCheckpoint

    init(output: any AudioSink, checkpoint: NarrationCheckpoint) {
        self.output = output
        self.checkpoint = checkpoint
    }

    var sampleRate: Int { output.sampleRate }

    func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        try output.write(samples)
        try checkpoint.keep(samples)
    }

    func writeSilence(samples count: Int) throws {
        try output.writeSilence(samples: count)
        try checkpoint.keepSilence(count)
    }
}
