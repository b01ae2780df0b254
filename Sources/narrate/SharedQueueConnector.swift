import Foundation
public import NarrateCore
import NarrateLibrary
public import NarrateQueue
import Synchronization

/// How a command reaches a shared queue: in `narrate-queue`, the PostgreSQL client it
/// registers at start; in `narrate`, which leaves the client out to start faster, by handing
/// the whole command over to `narrate-queue` beside it (the same arguments, environment and
/// process).
public enum SharedQueueConnector {
    /// Connects to the queue at a URL, with the environment's PG* variables.
    public typealias Connect = @Sendable (_ url: String, _ environment: [String: String]) async throws(NarrateError) -> any SharedJobQueue

    private static let registered = Mutex<Connect?>(nil)

    /// Makes `connect` the way to shared queues in this process.
    public static func register(_ connect: @escaping Connect) {
        registered.withLock { $0 = connect }
    }

    /// Connects to the queue at `url`; without a registered client, runs this command in
    /// `narrate-queue` instead (and does not return).
    static func connect(url: String, environment: [String: String]) async throws(NarrateError) -> any SharedJobQueue {
        if let connect = registered.withLock({ $0 }) { return try await connect(url, environment) }
        let executable = ((ExecutablePath.current() ?? CommandLine.arguments[0]) as NSString).deletingLastPathComponent + "/narrate-queue"
        guard access(executable, X_OK) == 0 else {
            throw NarrateError(
                QueueError.unavailable(
                    address: "the shared queue",
                    reason:
                        "it needs narrate-queue beside narrate (\(executable) is missing; build it with scripts/build-release --product narrate-queue)"
                ))
        }
        fflush(nil)
        var arguments: [UnsafeMutablePointer<CChar>?] = ([executable] + CommandLine.arguments.dropFirst()).map { strdup($0) } + [nil]
        execv(executable, &arguments)
        let reason = String(cString: strerror(errno))
        for pointer in arguments { free(pointer) }
        throw NarrateError(QueueError.unavailable(address: "the shared queue", reason: "cannot start \(executable): \(reason)"))
    }
}
