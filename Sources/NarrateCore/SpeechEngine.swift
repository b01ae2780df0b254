/// A speech synthesizer that turns text into 16-bit mono PCM, chunk by chunk.
///
/// The pipeline talks to the engine only through this protocol, so it can be tested with a
/// fake and another engine could be added later.
public protocol SpeechEngine: AnyObject, Sendable {
    /// Samples per second of the audio the engine produces.
    var sampleRate: Int { get }

    /// Selects the voice and its parameters for the following synthesis calls.
    func configure(_ settings: VoiceSettings) throws

    /// Speaks `text`, handing every chunk to `receive` as it is produced.
    ///
    /// The chunk's samples are valid only during the call. `receive` returns `false` to stop
    /// early; the method then returns normally.
    func synthesize(_ text: String, receive: (SpeechChunk) throws -> Bool) throws
}

/// A piece of synthesized audio and the events that fall inside it.
public struct SpeechChunk {
    /// PCM samples; valid only while the receiving closure runs.
    public var samples: UnsafeBufferPointer<Int16>
    /// Sentence and word starts reported by the engine.
    public var events: [SpeechEvent]

    /// Creates a chunk.
    public init(samples: UnsafeBufferPointer<Int16>, events: [SpeechEvent]) {
        self.samples = samples
        self.events = events
    }
}

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
