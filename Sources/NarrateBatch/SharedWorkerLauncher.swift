public import NarrateCore
import NarrateRendering
import NarrateSpread
import NarrateSystem

/// Starts the worker processes of `narrate worker --queue URL --jobs N`: `executable worker
/// --name NAME --coordinator PID --output-dir DIR`, each working the shared queue alone
/// (libespeak-ng is process-global). The queue's address goes to them in `NARRATE_QUEUE`,
/// not on their command line, where `ps` would show its password. Their standard error is
/// this process's, so a worker's one line reaches the terminal or the journal.
public struct SharedWorkerLauncher: WorkerLauncher, Sendable {
    /// The program to start (narrate's own executable).
    public var executable: String
    /// The folder the workers write into.
    public var outputRoot: String
    /// What the workers' names begin with (the host name, or the name given): each is
    /// `PREFIX/PID-N`, unique across the machines of the queue.
    public var namePrefix: String
    /// Whether the workers end once the queue has nothing queued or running.
    public var untilEmpty: Bool

    public init(executable: String, outputRoot: String, namePrefix: String, untilEmpty: Bool) {
        self.executable = executable
        self.outputRoot = outputRoot
        self.namePrefix = namePrefix
        self.untilEmpty = untilEmpty
    }

    public func launch(name: String) throws(NarrateError) -> Int32 {
        let invocation = WorkerInvocation(
            name: "\(namePrefix)/\(name)", coordinator: getpid(), queue: .shared(outputRoot: outputRoot, untilEmpty: untilEmpty)
        )
        do {
            return try ProcessSpawn.start(executable, arguments: [executable] + invocation.arguments) { actions in
                posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            }
        } catch {
            throw NarrateError(WorkerStartError(executable: executable, reason: error.description))
        }
    }
}
