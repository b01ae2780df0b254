/// Something the engine reports while speaking.
public struct SpeechEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A sentence starts.
        case sentence
        /// A word starts.
        case word
        /// A sentence or clause ends.
        case end
    }

    /// What happened.
    public var kind: Kind
    /// Offset in the synthesized text, in Unicode scalars.
    public var textOffset: Int
    /// Length of the word in Unicode scalars (words only).
    public var length: Int
    /// Offset in the audio of this synthesis call, in samples.
    public var sampleOffset: Int

    /// Creates an event.
    public init(kind: Kind, textOffset: Int, length: Int, sampleOffset: Int) {
        self.kind = kind
        self.textOffset = textOffset
        self.length = length
        self.sampleOffset = sampleOffset
    }
}
