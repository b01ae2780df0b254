public import NarrateCore

/// A contiguous run of an article's sentences, as the engine hears them, for another process
/// to synthesize while this one speaks the run before it (`SynthesisSpread`).
public struct SpeechPart: Sendable, Codable, Equatable {
    /// The voice, exactly as the narration configures it.
    public var voice: VoiceSettings
    /// Each sentence's spoken form, in order.
    public var texts: [String]
    /// The sentences (indices into `texts`) before which the engine starts afresh, as the
    /// narration's own engine does there.
    public var resets: [Int]

    /// Creates a part.
    public init(voice: VoiceSettings, texts: [String], resets: [Int] = []) {
        self.voice = voice
        self.texts = texts
        self.resets = resets
    }
}
