public import NarrateCore

/// What can go wrong with the library: its file cannot be used (`path`; the file is left as
/// it was), or what was asked for is not in it.
public enum LibraryError: ModuleError {
    /// The library database cannot be opened or used (read-only, a newer schema, a full disk).
    case unavailable(path: String, reason: String)
    /// The library's path holds a file that is not an SQLite database.
    case notALibrary(path: String)
    /// No article in the library has this id.
    case noSuchArticle(id: Int64)
    /// No feed subscription in the library has this id.
    case noSuchFeed(id: Int64)
    /// A position was asked for at a sentence (0-based) the article (`count` sentences) does
    /// not have.
    case noSuchSentence(articleId: Int64, sentence: Int, count: Int)

    public var kind: FailureKind {
        switch self {
        case .unavailable, .notALibrary: .storageFailure
        case .noSuchArticle, .noSuchFeed: .notFound
        case .noSuchSentence: .invalidRequest
        }
    }

    public var description: String {
        switch self {
        case .unavailable(let path, let reason): "\(path): cannot use the library: \(reason)"
        case .notALibrary(let path): "\(path): cannot use the library: not an SQLite database (left untouched)"
        case .noSuchArticle(let id): "no article with id \(id)"
        case .noSuchFeed(let id): "no feed with id \(id)"
        case .noSuchSentence(let articleId, let sentence, let count):
            "article \(articleId) has sentences 1 to \(count); \(sentence + 1) is outside it"
        }
    }
}
