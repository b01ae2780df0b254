import Foundation
import Synchronization

/// Blocking work (synthesis, which keeps a core busy for minutes; a file's `fsync`) called from
/// async code, on a thread of its own: the caller's task waits without holding one of the
/// cooperative pool's few threads, which the server, the queue's connections and the other
/// tasks need.
///
/// The task's cancellation reaches the work as a flag it asks (`Cancellation.isCancelled`)
/// between its steps: blocking work cannot be stopped from outside, only told.
public enum OwnThread {
    /// A cancellation the blocking work asks about.
    public final class Cancellation: Sendable {
        private let cancelled = Atomic<Bool>(false)

        init() {}

        /// Whether the waiting task was cancelled.
        public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

        func cancel() { cancelled.store(true, ordering: .relaxed) }
    }

    /// Runs `body` on a new thread named `name` and returns what it returns, or throws what it
    /// throws; `body` is told when the calling task is cancelled.
    public static func run<Value: Sendable, Failure: Error>(
        named name: String, _ body: @escaping @Sendable (_ cancellation: Cancellation) throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let cancellation = Cancellation()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
                let thread = Thread {
                    do throws(Failure) {
                        continuation.resume(returning: .success(try body(cancellation)))
                    } catch {
                        continuation.resume(returning: .failure(error))
                    }
                }
                thread.name = name
                // As the main thread's: synthesis and its libraries recurse deeper than a
                // secondary thread's default allows on some systems (512 KiB on macOS).
                thread.stackSize = 8 << 20
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
        return try result.get()
    }

    /// Waits on this thread for `body`, async work (a statement to a database over the network),
    /// from blocking work that needs its answer before it goes on. Only for a thread of its
    /// own (`run`), never one of the cooperative pool's: the pool runs `body`.
    public static func wait<Value: Sendable, Failure: Error>(
        for body: @escaping @Sendable () async throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let outcome = Outcome<Value, Failure>()
        Task {
            do throws(Failure) {
                outcome.end(.success(try await body()))
            } catch {
                outcome.end(.failure(error))
            }
        }
        return try outcome.wait().get()
    }

    /// The end of async work a thread waits for (under a pthread lock, which ThreadSanitizer sees).
    private final class Outcome<Value: Sendable, Failure: Error>: @unchecked Sendable {
        private let condition = NSCondition()
        private var result: Result<Value, Failure>?

        func end(_ result: Result<Value, Failure>) {
            condition.withLock {
                self.result = result
                condition.signal()
            }
        }

        func wait() -> Result<Value, Failure> {
            condition.withLock {
                while result == nil { condition.wait() }
                return result!
            }
        }
    }
}
