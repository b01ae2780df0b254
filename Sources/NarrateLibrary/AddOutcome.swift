/// What adding an article did.
public enum AddOutcome: Sendable, Equatable {
    /// The article is new and now has this id.
    case added(id: Int64, title: String)
    /// The same content was already in the library under this id; nothing changed.
    case exists(id: Int64, title: String)

    /// The article's id, new or not.
    public var articleId: Int64 {
        switch self {
        case .added(let id, _), .exists(let id, _): id
        }
    }
}
