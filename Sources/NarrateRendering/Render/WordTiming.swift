/// Where one spoken word sits in the audio and which words of the text it shows on, from
/// the word events the engine reports while it speaks.
public struct WordTiming: Sendable, Equatable, Codable {
    /// Index into the narration's sentences.
    public var sentenceIndex: Int
    /// The word's place in its block's text, in Unicode scalar offsets (the sentence's text
    /// range shifted to the word the spoken word stands for).
    public var textRange: Range<Int>
    /// First sample of the word.
    public var startFrame: Int
    /// Samples until the next word starts (or the sentence's speech ends).
    public var frameCount: Int

    /// Creates a timing.
    public init(sentenceIndex: Int, textRange: Range<Int>, startFrame: Int, frameCount: Int) {
        self.sentenceIndex = sentenceIndex
        self.textRange = textRange
        self.startFrame = startFrame
        self.frameCount = frameCount
    }
}
