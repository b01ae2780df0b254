/// Something that synthesizes `SpeechPart`s elsewhere (other processes: eSpeak NG is one
/// per process) while the narration speaks the part before them.
public protocol SpeechPartHelpers: Sendable {
    /// Starts synthesizing `part`. Throws when no helper can be started; the narration then
    /// speaks the part itself.
    func start(_ part: SpeechPart) throws -> any SpeechPartJob
}

/// A part being synthesized by a helper.
public protocol SpeechPartJob: AnyObject {
    /// Waits until the part is done: its recording, or nil when the helper failed (the
    /// narration then speaks the part itself, so the audio is the same either way).
    func finish() -> SpeechPartReader?

    /// Stops the helper and drops what it made.
    func cancel()
}
