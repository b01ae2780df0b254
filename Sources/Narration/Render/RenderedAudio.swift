public import NarrateLibrary

/// What a render made, as the library records it: the file's format, rate and length, where
/// each sentence and word lies in it. A worker of a shared queue returns it as the job's
/// result (JSON), and the submitting library records the render from it.
public struct RenderedAudio: Sendable, Equatable, Codable {
    /// The audio format (`wav`).
    public var format: String
    /// Samples a second in the file.
    public var sampleRate: Int
    /// Samples in the file.
    public var sampleCount: Int64
    /// Each sentence's samples, pauses included; contiguous.
    public var sentenceSamples: [Range<Int64>]
    /// Each spoken word's samples.
    public var words: [RenderWord]

    public init(format: String, sampleRate: Int, sampleCount: Int64, sentenceSamples: [Range<Int64>], words: [RenderWord]) {
        self.format = format
        self.sampleRate = sampleRate
        self.sampleCount = sampleCount
        self.sentenceSamples = sentenceSamples
        self.words = words
    }

    /// The audio's length in seconds.
    public var durationSeconds: Double { sampleRate > 0 ? Double(sampleCount) / Double(sampleRate) : 0 }
}
