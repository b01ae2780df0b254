/// Which queued jobs a worker takes first: the render a listener waits for, then a batch's,
/// then the ones made ahead for podcast feeds.
public enum JobPriority: Int, Sendable, Codable, Comparable, CaseIterable {
    /// Made ahead, for a podcast feed: nobody waits for it.
    case background = 0
    /// Asked for by `narrate batch`.
    case batch = 1
    /// A player waits for it.
    case listening = 2

    public static func < (lhs: JobPriority, rhs: JobPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
