public import NarrateCore

/// What can go wrong with the library's file, with where (`path`); the file is left as it
/// was.
public enum LibraryError: ModuleError {
    /// The library database cannot be opened or used (read-only, a newer schema, a full disk).
    case unavailable(path: String, reason: String)
    /// The library's path holds a file that is not an SQLite database.
    case notALibrary(path: String)

    public var kind: FailureKind { .storageFailure }

    public var description: String {
        switch self {
        case .unavailable(let path, let reason): "\(path): cannot use the library: \(reason)"
        case .notALibrary(let path): "\(path): cannot use the library: not an SQLite database (left untouched)"
        }
    }
}
