public import NarrateCore

/// What a narration produced: the sentences and where each one sits in the audio.
public struct NarrationSummary: Sendable {
    /// The sentences spoken, in order.
    public var sentences: [Sentence]
    /// Where each sentence's speech sits in the audio.
    public var timings: [SentenceTiming]
    /// Where each spoken word sits in the audio and the text, in order (empty when the
    /// engine reports no words).
    public var words: [WordTiming]
    /// Samples of audio produced, pauses included.
    public var frameCount: Int
    /// Samples per second.
    public var sampleRate: Int

    /// Creates a summary.
    public init(sentences: [Sentence], timings: [SentenceTiming], words: [WordTiming] = [], frameCount: Int, sampleRate: Int) {
        self.sentences = sentences
        self.timings = timings
        self.words = words
        self.frameCount = frameCount
        self.sampleRate = sampleRate
    }

    /// Where each sentence starts and ends in the audio with the pause after it: the ranges
    /// follow one another without gaps, from sample 0 to `frameCount`.
    public var sentenceSamples: [Range<Int>] {
        timings.indices.map { index in
            let start = index == 0 ? 0 : timings[index].startFrame
            let end = index + 1 < timings.count ? timings[index + 1].startFrame : frameCount
            return start..<max(start, end)
        }
    }

    /// Length of the audio in seconds.
    public var duration: Double {
        sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0
    }
}
