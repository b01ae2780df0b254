/// A run of sentences a narration has spoken, from `firstSentence` up to (not including)
/// `endSentence`, with where they sit in the audio: what a long narration keeps of each
/// chapter it finishes (`NarrationCheckpoint`), and what one that goes on after a stop or a
/// crash starts from.
public struct NarrationStretch: Sendable, Equatable, Codable {
    /// The first sentence spoken in it.
    public var firstSentence: Int
    /// The sentence after its last: where the next stretch starts.
    public var endSentence: Int
    /// Its first sample in the whole narration's audio.
    public var startFrame: Int
    /// The sample after its last, the pause after its last sentence included.
    public var endFrame: Int
    /// Where each of its sentences sits in the whole narration's audio.
    public var timings: [SentenceTiming]
    /// Where each of its words sits in the whole narration's audio and the text.
    public var words: [WordTiming]

    /// A stretch.
    public init(
        firstSentence: Int, endSentence: Int, startFrame: Int, endFrame: Int, timings: [SentenceTiming], words: [WordTiming]
    ) {
        self.firstSentence = firstSentence
        self.endSentence = endSentence
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.timings = timings
        self.words = words
    }

    /// Whether `next` goes on where this one ends, and each is whole: one timing for each of
    /// its sentences, in order and in its frames.
    func isFollowed(by next: NarrationStretch) -> Bool {
        next.firstSentence == endSentence && next.startFrame == endFrame && next.isWhole
    }

    /// One timing for each sentence, in order, inside its frames; words inside them too.
    var isWhole: Bool {
        guard firstSentence < endSentence, startFrame <= endFrame, timings.count == endSentence - firstSentence else { return false }
        for (offset, timing) in timings.enumerated() {
            guard timing.sentenceIndex == firstSentence + offset, timing.startFrame >= startFrame,
                timing.startFrame + timing.frameCount <= endFrame
            else { return false }
        }
        return words.allSatisfy { word in
            (firstSentence..<endSentence).contains(word.sentenceIndex) && word.startFrame >= startFrame
                && word.startFrame + word.frameCount <= endFrame
        }
    }

    /// `next` appended: one stretch from this one's start to `next`'s end.
    func followed(by next: NarrationStretch) -> NarrationStretch {
        NarrationStretch(
            firstSentence: firstSentence, endSentence: next.endSentence, startFrame: startFrame, endFrame: next.endFrame,
            timings: timings + next.timings, words: words + next.words
        )
    }
}
