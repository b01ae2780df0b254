public import NarrateCore
import NarrateLibrary
public import NarrateQueue
import NarrateRendering
import NarrateSpread
import NarrateSystem

/// Starts worker processes for a batch on one library: `executable worker --name NAME
/// --coordinator PID --library PATH`, with no signal blocked (whatever the starting process
/// inherited) but SIGUSR1 and SIGUSR2 until it handles them, and standard input, output and
/// error on /dev/null (job errors are kept in the queue; the workers' own lines would garble
/// the coordinator's progress).
public struct WorkerProcessLauncher: WorkerLauncher, Sendable {
    /// The program to start (narrate's own executable).
    public var executable: String
    /// The library's database path, passed to the workers.
    public var libraryPath: String
    /// The least priority of the jobs the workers take.
    public var minimumPriority: JobPriority
    /// Seconds a worker stays after its last job, for the next (`narrate worker --linger`).
    public var lingerSeconds: Double
    /// Whether a worker loads, before any job, the voice the newest article is spoken in
    /// (`narrate worker --preload`).
    public var preloadsVoice: Bool

    public init(
        executable: String, libraryPath: String, minimumPriority: JobPriority = .background, lingerSeconds: Double = 0,
        preloadsVoice: Bool = false
    ) {
        self.executable = executable
        self.libraryPath = libraryPath
        self.minimumPriority = minimumPriority
        self.lingerSeconds = lingerSeconds
        self.preloadsVoice = preloadsVoice
    }

    /// Starts worker `name`; the coordinator is this process (the worker stops when it is gone).
    public func launch(name: String) throws(NarrateError) -> Int32 {
        let invocation = WorkerInvocation(
            name: name, coordinator: getpid(), queue: .library(path: libraryPath), minimumPriority: minimumPriority,
            lingerSeconds: lingerSeconds, preloadsVoice: preloadsVoice
        )
        let arguments = [executable] + invocation.arguments
        // Told to drain (SIGUSR1) or of a job (SIGUSR2) while it starts, it hears it once ready.
        do {
            return try ProcessSpawn.start(executable, arguments: arguments, holding: [SIGUSR1, SIGUSR2]) { actions in
                posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            }
        } catch {
            throw NarrateError(WorkerStartError(executable: executable, reason: error.description))
        }
    }
}
