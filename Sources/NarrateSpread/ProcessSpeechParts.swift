import Foundation
import NarrateCore
import NarrateSystem

/// Synthesizes `SpeechPart`s in helper processes: `executable speak-part --parent PID`, which
/// reads the part as JSON on standard input and records its audio into descriptor 3
/// (`SpeechPartRecording`). Both files are unlinked temporary files, so nothing is left
/// behind whatever happens to either process; the helper ends when this process does.
public struct ProcessSpeechParts: SpeechPartHelpers {
    /// The program to start (narrate's own executable).
    public var executable: String

    /// Creates helpers running `executable`.
    public init(executable: String) {
        self.executable = executable
    }

    /// Helpers running this very program, when its path is known.
    public static func current() -> ProcessSpeechParts? {
        ExecutablePath.current().map { ProcessSpeechParts(executable: $0) }
    }

    public func start(_ part: SpeechPart) throws -> any SpeechPartJob {
        let request = try Self.scratchFile()
        defer { try? SystemCall.close(request) }
        let json = try JSONEncoder().encode(part)
        do {
            try SystemCall.writeAll(request, Array(json))
        } catch {
            throw NarrateError.writeFailed(path: "a part of the narration", reason: error.description)
        }
        guard lseek(request, 0, SEEK_SET) == 0 else {
            throw NarrateError.writeFailed(path: "a part of the narration", reason: SystemError.current.description)
        }
        let recording = try Self.scratchFile()
        do {
            let pid = try spawn(request: request, recording: recording)
            return ProcessSpeechPartJob(pid: pid, recording: recording)
        } catch {
            try? SystemCall.close(recording)
            throw error
        }
    }

    /// A new scratch file (unlinked, open for reading and writing).
    private static func scratchFile() throws(NarrateError) -> Int32 {
        do {
            return try ScratchFile.open(prefix: "narrate-part")
        } catch {
            throw .cannotCreateOutput(path: ScratchFile.folder, reason: error.description)
        }
    }

    private func spawn(request: Int32, recording: Int32) throws(NarrateError) -> pid_t {
        do {
            return try ProcessSpawn.start(executable, arguments: [executable] + SpeechPartInvocation(parent: getpid()).arguments) {
                actions in
                posix_spawn_file_actions_adddup2(&actions, request, STDIN_FILENO)
                posix_spawn_file_actions_adddup2(&actions, recording, 3)
                posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            }
        } catch {
            throw NarrateError(WorkerStartError(executable: executable, reason: error.description))
        }
    }
}

/// A helper process at work on one part.
private final class ProcessSpeechPartJob: SpeechPartJob {
    private var pid: pid_t?
    private var recording: Int32?

    init(pid: pid_t, recording: Int32) {
        self.pid = pid
        self.recording = recording
    }

    func finish() -> SpeechPartReader? {
        guard let pid, let recording else { return nil }
        self.pid = nil
        self.recording = nil
        guard Self.wait(for: pid) == 0 else {
            try? SystemCall.close(recording)
            return nil
        }
        return SpeechPartReader(descriptor: recording, closesDescriptor: true)
    }

    func cancel() {
        if let pid {
            kill(pid, SIGKILL)
            _ = Self.wait(for: pid)
        }
        if let recording { try? SystemCall.close(recording) }
        pid = nil
        recording = nil
    }

    deinit { cancel() }

    /// The process's exit status (-1 when it did not exit normally).
    private static func wait(for pid: pid_t) -> Int32 {
        ((try? SystemCall.waitForExit(pid)) ?? nil) ?? -1
    }
}
