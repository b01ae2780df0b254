/// The orders `narrate list` offers.
public enum ArticleSort: String, Sendable, CaseIterable {
    /// Newest first.
    case saved
    /// By title, A to Z.
    case title
    /// Shortest first.
    case length
}
