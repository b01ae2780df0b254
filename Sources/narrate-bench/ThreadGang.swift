import Dispatch
import Foundation
import Synchronization

/// Threads of their own (not a pool's: each blocks on its database) started together: each
/// runs its part of one piece of work, and the time is from their common start to the last
/// one's end. What a benchmark of competing clients needs, as pgbench's clients are.
struct ThreadGang {
    /// The threads.
    var count: Int

    /// What one run gave: the seconds and each thread's result, in the threads' order.
    struct Outcome<Value: Sendable>: Sendable {
        var seconds: Double
        var results: [Value]
    }

    /// Runs `body(index)` on each of the threads, all released at once when every one is
    /// ready; the first error any of them threw is thrown once all have ended.
    func run<Value: Sendable>(_ body: @escaping @Sendable (Int) throws -> Value) throws -> Outcome<Value> {
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let results = Mutex<[Int: Result<Value, any Error>]>([:])
        for index in 0..<count {
            let thread = Thread {
                ready.signal()
                go.wait()
                let result = Result { try body(index) }
                results.withLock { $0[index] = result }
                finished.signal()
            }
            thread.start()
        }
        for _ in 0..<count { ready.wait() }
        let start = ContinuousClock.now
        for _ in 0..<count { go.signal() }
        for _ in 0..<count { finished.wait() }
        let seconds = (ContinuousClock.now - start).seconds
        let values = try results.withLock { results in
            try (0..<count).map { index in try results[index]!.get() }
        }
        return Outcome(seconds: seconds, results: values)
    }
}
