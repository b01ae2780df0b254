/// Which articles `list` keeps by how far they have been heard.
public enum ProgressFilter: String, Sendable, CaseIterable {
    /// Heard to the end.
    case finished
    /// Not heard to the end: never played, or stopped part way.
    case unfinished
}
