/// The audio file formats narrate writes.
public enum AudioFileFormat: String, Sendable, CaseIterable {
    /// RIFF WAVE, 16-bit PCM.
    case wav

    /// The usual file extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The format a path's extension names, if narrate writes it.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}
