import Foundation
public import NarrateCore
import Narration
import Synchronization

/// What starts the worker processes that render for the server (eSpeak NG is process-global
/// and not thread-safe, so no render runs inside the server process).
public protocol RenderWorkers: Sendable {
    /// Makes sure a worker is running to take the queued jobs. Called when a render is asked
    /// for and while a page polls one, so a job queued as the last worker left is taken.
    func ensureRunning() throws(NarrateError)
}

/// Worker processes of narrate's own executable (`narrate worker`), one at a time (the
/// machine's other cores stay with the server), started when a job is queued and none runs;
/// a worker leaves when the queue is empty, or when the server is gone.
public final class ProcessRenderWorkers: RenderWorkers {
    private let launcher: WorkerProcessLauncher
    private let running = Mutex<Int32?>(nil)
    private let started = Atomic<Int>(0)

    /// Workers of `executable` on the library at `libraryPath`.
    public init(executable: String, libraryPath: String) {
        launcher = WorkerProcessLauncher(executable: executable, libraryPath: libraryPath)
    }

    public func ensureRunning() throws(NarrateError) {
        let result: Result<Void, NarrateError> = running.withLock { pid in
            if let current = pid {
                var status: Int32 = 0
                // Still running: nothing to do. Gone (reaped here): start another.
                if waitpid(current, &status, WNOHANG) == 0 { return .success(()) }
                pid = nil
            }
            do throws(NarrateError) {
                let number = started.add(1, ordering: .relaxed).newValue
                pid = try launcher.launch(name: "serve-\(getpid())-\(number)")
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Stops the running worker (its job goes back to the queue) and waits for it.
    public func stop() {
        running.withLock { pid in
            guard let current = pid else { return }
            kill(current, SIGTERM)
            var status: Int32 = 0
            waitpid(current, &status, 0)
            pid = nil
        }
    }
}
