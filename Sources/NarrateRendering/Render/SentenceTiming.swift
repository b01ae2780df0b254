/// Where one sentence's speech sits in the audio (the pause after it not included).
public struct SentenceTiming: Sendable, Equatable, Codable {
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
