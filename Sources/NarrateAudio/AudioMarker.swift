/// A labelled place in a recording: a chapter start, written into WAV files as a cue point
/// with a label.
public struct AudioMarker: Sendable, Equatable {
    /// The frame the marker points at.
    public var frame: Int
    /// Its label (a chapter's title).
    public var label: String

    /// Creates a marker.
    public init(frame: Int, label: String) {
        self.frame = frame
        self.label = label
    }
}
