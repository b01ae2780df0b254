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

    /// Its length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(sampleCount) / Double(sampleRate) : 0 }
}
