import NarrateAudio
public import NarrateCore

/// An article's audio written in full to its temporary file, not yet flushed to the disk nor
/// renamed into place: a batch worker hands it to another thread, so that the wait for the
/// disk overlaps the synthesis of its next article instead of leaving a core idle.
///
/// `@unchecked Sendable`: the writer is finished and no longer written to; whoever holds this
/// value calls `place()` (or lets it go, which removes the temporary file) once, on one thread.
public final class WrittenAudio: @unchecked Sendable {
    /// What the file holds, as the library records it.
    public let audio: RenderedAudio
    private let writer: AudioFileWriter
    private let checkpoint: NarrationCheckpoint?

    init(audio: RenderedAudio, writer: AudioFileWriter, checkpoint: NarrationCheckpoint? = nil) {
        self.audio = audio
        self.writer = writer
        self.checkpoint = checkpoint
    }

    /// Flushes the file to the disk, renames it into place and flushes its folder; the
    /// chapters a long narration kept on the way are then removed.
    public func place() throws(NarrateError) {
        try writer.commit()
        checkpoint?.remove()
    }
}
