public import NarrateCore

/// What can go wrong with listening that is listening's own: a place asked for that the
/// article does not have.
public enum ListeningError: ModuleError {
    /// The article was heard to the end: there is no rest of it to write.
    case articleFinished(id: Int64)
    /// A time past the end of the article (`duration` seconds long) was asked for.
    case pastTheEnd(articleId: Int64, duration: Double)
    /// A position history entry was asked for that is not there (`entries` there are).
    case noSuchHistoryEntry(articleId: Int64, entries: Int)

    public var kind: FailureKind { .invalidRequest }

    public var description: String {
        switch self {
        case .articleFinished(let id): "article \(id) was heard to the end"
        case .pastTheEnd(let articleId, let duration): "article \(articleId) lasts \(duration) s"
        case .noSuchHistoryEntry(let articleId, let entries):
            entries == 0 ? "article \(articleId) has no position history" : "article \(articleId)'s history has entries 1 to \(entries)"
        }
    }
}
