/// A piece of synthesized audio and the events that fall inside it.
public struct SpeechChunk {
    /// PCM samples; valid only while the receiving closure runs.
    public var samples: UnsafeBufferPointer<Int16>
    /// Sentence and word starts reported by the engine.
    public var events: [SpeechEvent]

    /// Creates a chunk.
    public init(samples: UnsafeBufferPointer<Int16>, events: [SpeechEvent]) {
        self.samples = samples
        self.events = events
    }
}
