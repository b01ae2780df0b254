/// An error a module states for itself (the library's, listening's, the audio's, the shared
/// queue's, the server's, ...): its own type, its own words, and the kind of failure it is,
/// which is all a front end needs to choose an exit code or an HTTP status. It travels through the
/// pipeline's typed throws as `NarrateError.module`.
public protocol ModuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    var kind: FailureKind { get }
}

/// The kinds of failure a module's own error can be, as every front end tells them apart.
public enum FailureKind: Sendable, Equatable {
    /// Something the work needs elsewhere (a server, a network address) cannot be reached or
    /// used now; trying again later, or elsewhere, may work.
    case serviceUnavailable
    /// Access was refused: a wrong password, no such user, no permission.
    case permissionDenied
    /// The operating system refused what was asked of it (starting a process).
    case systemRefused
    /// What narrate keeps (its library) cannot be read or written: a file's permissions, a
    /// full disk, a database from a newer narrate.
    case storageFailure
    /// What was asked cannot be done the way it was asked (a format that cannot be written
    /// to a stream): the request's fault, not the machine's.
    case invalidRequest
    /// What was asked for is not there (no article with that id).
    case notFound
}

/// A module's own error, carried by `NarrateError.module`: compared by its type and value.
public struct ModuleFailure: Sendable, Equatable, CustomStringConvertible {
    /// The module's error.
    public let error: any ModuleError

    /// Carries `error`.
    public init(_ error: some ModuleError) {
        self.error = error
    }

    /// The kind of failure.
    public var kind: FailureKind { error.kind }

    /// The module's line for it.
    public var description: String { error.description }

    public static func == (lhs: ModuleFailure, rhs: ModuleFailure) -> Bool {
        lhs.error.isEqual(to: rhs.error)
    }
}

extension ModuleError {
    /// Whether `other` is of this type and equal to this error.
    fileprivate func isEqual(to other: any ModuleError) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
