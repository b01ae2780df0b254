/// Where a render's word timings come from.
public enum WordTimings: String, Sendable, Equatable, Codable {
    /// From the engine itself (eSpeak NG's word events, a Piper model's own durations).
    case exact
    /// Estimated from the phonemes and the audio (a neural model that gives no durations).
    case estimated
}
