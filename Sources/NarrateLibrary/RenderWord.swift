/// One spoken word of a render: where it is heard and which word of its block's text it
/// shows on, for a player that highlights words and starts from any word.
public struct RenderWord: Sendable, Equatable, Codable {
    /// The sentence it belongs to (its position in the article, from 0).
    public var sentence: Int
    /// The word in its block's text, in Unicode scalar offsets.
    public var textRange: Range<Int>
    /// The samples it is heard in, in the render's file.
    public var samples: Range<Int64>

    public init(sentence: Int, textRange: Range<Int>, samples: Range<Int64>) {
        self.sentence = sentence
        self.textRange = textRange
        self.samples = samples
    }
}
