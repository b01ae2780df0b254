import NarrateLibrary
public import NarrateQueue

/// How narrate starts one of its own worker processes (`narrate worker`, hidden options): the
/// one description of that command line, which the launchers turn into arguments and the
/// `worker` command reads back (`WorkerCommand.invocation`), so neither side spells the
/// other's options.
public struct WorkerInvocation: Equatable, Sendable {
    /// The queue a worker works.
    public enum Queue: Equatable, Sendable {
        /// The library's own queue, in the database at `path`.
        case library(path: String)
        /// A shared queue (its address in `NARRATE_QUEUE`, never on the command line, where
        /// `ps` would show its password), writing under `outputRoot`; ending once it is
        /// empty when `untilEmpty`.
        case shared(outputRoot: String, untilEmpty: Bool)
    }

    /// The worker's name in the queue.
    public var name: String
    /// The process that started it: when it is gone, the worker stops.
    public var coordinator: Int32
    /// Which queue.
    public var queue: Queue
    /// The least priority of the jobs taken (the library's queue).
    public var minimumPriority: JobPriority
    /// Seconds to stay after the last job for the next (the library's queue).
    public var lingerSeconds: Double
    /// Whether it loads the voice of the library's newest article before any job.
    public var preloadsVoice: Bool

    public init(
        name: String, coordinator: Int32, queue: Queue, minimumPriority: JobPriority = .background, lingerSeconds: Double = 0,
        preloadsVoice: Bool = false
    ) {
        self.name = name
        self.coordinator = coordinator
        self.queue = queue
        self.minimumPriority = minimumPriority
        self.lingerSeconds = lingerSeconds
        self.preloadsVoice = preloadsVoice
    }

    /// The command's arguments after the program's name: `worker` and its options.
    public var arguments: [String] {
        var arguments = ["worker", "--name", name, "--coordinator", String(coordinator)]
        switch queue {
        case .library(let path):
            arguments += ["--library", path, "--minimum-priority", String(describing: minimumPriority)]
            if lingerSeconds > 0 { arguments += ["--linger", String(lingerSeconds)] }
            if preloadsVoice { arguments.append("--preload") }
        case .shared(let outputRoot, let untilEmpty):
            arguments += ["--output-dir", outputRoot]
            if untilEmpty { arguments.append("--until-empty") }
        }
        return arguments
    }
}
