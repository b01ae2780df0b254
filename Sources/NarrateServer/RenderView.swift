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

    init(_ render: RenderRecord) {
        wordTimings = render.wordTimings.rawValue
        voice = render.voice
        id = render.id
        duration = render.duration
        format = render.format
        audio = "/api/articles/\(render.articleId)/renders/\(render.id)/audio"
    }
}
