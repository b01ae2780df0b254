public import NarrateCore

/// The server cannot listen on the address it was given (taken, not this machine's, or a
/// port that needs privileges). A front end adds how to choose another.
public struct ListenError: ModuleError {
    /// The host and port, as given.
    public var address: String
    /// Why not.
    public var reason: String

    /// The error for `address`, refused for `reason`.
    public init(address: String, reason: String) {
        self.address = address
        self.reason = reason
    }

    public var kind: FailureKind { .serviceUnavailable }

    public var description: String { "cannot listen on \(address): \(reason)" }
}
