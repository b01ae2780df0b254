public import NarrateCore

/// What a narration produced: the sentences and where each one sits in the audio.
public struct NarrationSummary: Sendable {
    /// The sentences spoken, in order.
    public var sentences: [Sentence]
    /// Where each sentence's speech sits in the audio.
    public var timings: [SentenceTiming]
    /// Samples of audio produced, pauses included.
    public var frameCount: Int
    /// Samples per second.
    public var sampleRate: Int

    /// Creates a summary.
    public init(sentences: [Sentence], timings: [SentenceTiming], frameCount: Int, sampleRate: Int) {
        self.sentences = sentences
        self.timings = timings
        self.frameCount = frameCount
        self.sampleRate = sampleRate
    }

    /// Length of the audio in seconds.
    public var duration: Double {
        sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0
    }
}

/// Where one sentence's speech sits in the audio (the pause after it not included).
public struct SentenceTiming: Sendable, Equatable {
    /// Index into the narration's sentences.
    public var sentenceIndex: Int
    /// First sample of the sentence.
    public var startFrame: Int
    /// Number of samples of speech.
    public var frameCount: Int

    /// Creates a timing.
    public init(sentenceIndex: Int, startFrame: Int, frameCount: Int) {
        self.sentenceIndex = sentenceIndex
        self.startFrame = startFrame
        self.frameCount = frameCount
    }
}
