public import NarrateCore

/// A recorded render of a library article: an audio file made with one set of settings,
/// with where each sentence starts and ends in it.
public struct RenderRecord: Sendable, Equatable, Codable {
    /// The render's id.
    public var id: Int64
    /// The article it speaks.
    public var articleId: Int64
    /// Identifies the voice, rate, format and every other setting that shaped the audio.
    public var settingsHash: String
    /// The audio file.
    public var path: String
    /// Whether the file is in the library's audio folder (the library deletes it with the
    /// article) rather than a file the user named.
    public var ownedByLibrary: Bool
    /// The audio format's name (`wav`, `flac`, ...).
    public var format: String
    /// Samples per second.
    public var sampleRate: Int
    /// Samples in the file.
    public var sampleCount: Int64
    /// When it was made, ISO 8601.
    public var createdAt: String
    /// Whether its word timings are the engine's own or estimated.
    public var wordTimings: WordTimings = .exact
    /// The voice it was spoken in ("en-us", "piper:en_US-joe-medium"); nil for a render
    /// recorded before renders kept it.
    public var voice: String? = nil
    /// The parts of the article it reads (`ReadingChoices.description`); nil for a render
    /// recorded before renders kept them.
    public var reading: String? = nil

    /// Whether it reads what `choices` read: a render from before renders kept their
    /// choices counts as one with narrate's defaults.
    public func reads(as choices: ReadingChoices) -> Bool {
        (reading.flatMap(ReadingChoices.init(setting:)) ?? .standard) == choices
    }

    /// Whether it may be listened to for an article that keeps voice `kept` (nil: none, the
    /// language picks): any render then; else one in that voice, or one whose voice is not known.
    public func isSpoken(inVoice kept: String?) -> Bool {
        guard let kept, let voice else { return true }
        let (made, asked) = (voice.lowercased(), kept.lowercased())
        if made == asked { return true }
        // A Piper voice kept by a short spelling ("joe", "piper:joe", as `add --voice` kept it
        // before it kept full names): its render has the full name.
        guard made.hasPrefix("piper:") else { return false }
        let wanted = asked.hasPrefix("piper:") ? asked.dropFirst(6) : Substring(asked)
        return !wanted.isEmpty && made.dropFirst(6).contains(wanted)
    }

    /// Its length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(sampleCount) / Double(sampleRate) : 0 }
}
