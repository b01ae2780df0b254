import Foundation
import NIOConcurrencyHelpers
public import NarrateCore
public import NarrateQueue
import NarrateSystem
import Synchronization

/// Worker processes of narrate's own executable (`narrate worker`), started when a job is
/// queued and none runs; a worker leaves when the queue is empty, or when the server is
/// gone. One takes every job (the episodes made ahead for the feeds too); a second is
/// started for a render a listener waits for, so it never waits behind an episode.
public final class ProcessRenderWorkers: RenderWorkers {
    private let executable: String
    private let libraryPath: String
    private let running = NIOLockedValueBox<[JobPriority: Int32]>([:])
    private let started = Atomic<Int>(0)

    /// Seconds the listening worker stays after its last render, its voices loaded: the next
    /// article a listener starts within them is begun without a process to start or a
    /// neural voice's model to load.
    static let listeningLinger: Double = 600

    /// Workers of `executable` on the library at `libraryPath`.
    public init(executable: String, libraryPath: String) {
        self.executable = executable
        self.libraryPath = libraryPath
    }

    public func ensureRunning(for priority: JobPriority) throws(NarrateError) {
        try ensureRunning(for: priority, preloading: false)
    }

    public func startStandby() {
        try? ensureRunning(for: .listening, preloading: true)
    }

    private func ensureRunning(for priority: JobPriority, preloading: Bool) throws(NarrateError) {
        // The listener's own worker takes listening renders only; the other takes every job.
        let slot: JobPriority = priority == .listening ? .listening : .background
        let result: Result<Void, NarrateError> = running.withLockedValue { workers in
            if let current = workers[slot] {
                var status: Int32 = 0
                // Still running: told of the job (the listening worker may be waiting for
                // one). Gone (its reaper has not forgotten it yet, or reaped here): start another.
                if waitpid(current, &status, WNOHANG) == 0 {
                    if slot == .listening { kill(current, SIGUSR2) }
                    return .success(())
                }
                workers[slot] = nil
            }
            do throws(NarrateError) {
                let number = started.add(1, ordering: .relaxed).newValue
                let launcher = WorkerProcessLauncher(
                    executable: executable, libraryPath: libraryPath, minimumPriority: slot,
                    lingerSeconds: slot == .listening ? Self.listeningLinger : 0, preloadsVoice: preloading
                )
                let pid = try launcher.launch(name: "serve-\(getpid())-\(number)")
                workers[slot] = pid
                reap(pid, slot: slot)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Waits for worker `pid` on a thread of its own, so that a worker that leaves (its queue
    /// empty, its time up, killed) is reaped at once rather than left a zombie until the next
    /// render asks for one; then forgets it, unless another took its slot meanwhile.
    private func reap(_ pid: Int32, slot: JobPriority) {
        let running = self.running
        Thread.detachNewThread {
            _ = try? SystemCall.waitForExit(pid)
            running.withLockedValue { workers in
                if workers[slot] == pid { workers[slot] = nil }
            }
        }
    }

    /// Stops the running workers (their jobs go back to the queue) and waits for them.
    public func stop() {
        running.withLockedValue { workers in
            for pid in workers.values { kill(pid, SIGTERM) }
            for pid in workers.values {
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
            workers = [:]
        }
    }
}
