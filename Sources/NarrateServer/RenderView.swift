import NarrateAudio
import NarrateCore
import NarrateLibrary

/// A render a page plays: its id, length and where its audio is served (by article and
/// render id, never by its path).
struct RenderView: Encodable, Sendable {
    var id: Int64
    var duration: Double
    var format: String
    var audio: String
    /// "exact", or "estimated" for a neural voice whose model gives no durations.
    var wordTimings: String
    /// The voice it was spoken in; null for a render recorded before renders kept it.
    @Nullable var voice: String?
    /// Seconds a browser plays before the render's first sample (an MP3 decoder's delay,
    /// which a file without an info frame does not say): the player's clock minus this is
    /// the render's time, the time of its words.
    var audioDelay: Double

    init(_ render: RenderRecord) {
        wordTimings = render.wordTimings.rawValue
        voice = render.voice
        id = render.id
        duration = render.duration
        format = render.format
        audio = "/api/articles/\(render.articleId)/renders/\(render.id)/audio"
        audioDelay = DecoderDelay.seconds(ofFile: render.path, format: render.format, sampleRate: render.sampleRate)
    }
}
