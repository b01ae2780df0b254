public import NarrateCore

/// What can go wrong with listening that is listening's own.
public enum ListeningError: ModuleError {
    /// The article was heard to the end: there is no rest of it to write.
    case articleFinished(id: Int64)

    public var kind: FailureKind { .invalidRequest }

    public var description: String {
        switch self {
        case .articleFinished(let id): "article \(id) was heard to the end"
        }
    }
}
