public import NarrateCore

/// A worker process (a render worker, a part of a spread synthesis, a queue worker) could
/// not be started.
public struct WorkerStartError: ModuleError {
    /// The program that was to run.
    public var executable: String
    /// Why it could not start.
    public var reason: String

    /// The error for `executable`, which could not start for `reason`.
    public init(executable: String, reason: String) {
        self.executable = executable
        self.reason = reason
    }

    public var kind: FailureKind { .systemRefused }

    public var description: String { "cannot start a worker process (\(executable)): \(reason)" }
}
