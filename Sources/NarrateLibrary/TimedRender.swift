/// A render on record with how much of it is timed: what choosing a render to reuse or to
/// play reads of it, in one snapshot.
public struct TimedRender: Sendable, Equatable {
    /// The render.
    public var render: RenderRecord
    /// The start and end sample of each of its sentences, in order.
    public var sentenceSamples: [Range<Int64>]
    /// How many spoken words it has timed (none for a render made before words were timed).
    public var wordCount: Int

    public init(render: RenderRecord, sentenceSamples: [Range<Int64>], wordCount: Int) {
        self.render = render
        self.sentenceSamples = sentenceSamples
        self.wordCount = wordCount
    }
}
