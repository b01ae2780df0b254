public import NarrateCore

/// What a whole book says of its own words' capitals, gathered a chapter at a time before
/// any chapter is segmented, so that each chapter is cut into sentences as the whole book
/// would be (`SentenceSegmenter.places(of:firstBlockIndex:evidence:)`). It holds a hash of
/// each distinct word, not the words: it grows with the book's vocabulary, not its length.
public struct SentenceEvidence: Sendable {
    var evidence = OrthographicEvidence()

    /// No evidence yet.
    public init() {}

    /// Adds what `blocks` say (code as written says nothing of the prose's words).
    public mutating func add(_ blocks: [Block]) {
        for block in blocks where block.kind != .code {
            evidence.add(Array(block.text.unicodeScalars))
        }
    }
}
