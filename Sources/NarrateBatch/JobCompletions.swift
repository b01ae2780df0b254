import Foundation
import NarrateCore

/// Completes a worker's jobs on a thread of its own: the render's file flushed to the disk
/// and renamed into place, the render recorded, the job marked done and its lease let go,
/// while the worker's main thread claims and synthesizes its next article.
///
/// Done on the main thread, the wait for the disk (about 14 ms an article here, most of it
/// in `fsync`) left a core idle between articles in a batch as wide as the machine. One
/// completion runs at a time: handing over the next waits for the one before; `finish()`
/// waits for the last and ends the thread, `waitUntilIdle()` waits without ending it. A
/// completion that throws (the library failing to record, not the job's own failure, which
/// the completion records) is thrown by the next `hand`, `waitUntilIdle()` or `finish()`.
///
/// `@unchecked Sendable`: every mutable property is read and written under `condition`.
final class JobCompletions: @unchecked Sendable {
    typealias Completion = @Sendable () throws(NarrateError) -> Void

    private let condition = NSCondition()
    private var waiting: Completion?
    private var running = false
    private var failure: NarrateError?
    private var stopping = false
    private var started = false
    private var ended = false

    /// Runs `completion` on the completions' thread once the one before it has ended.
    func hand(_ completion: @escaping Completion) throws(NarrateError) {
        condition.lock()
        defer { condition.unlock() }
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "narrate job completions"
            thread.start()
        }
        while waiting != nil || running { condition.wait() }
        if let failure {
            self.failure = nil
            throw failure
        }
        waiting = completion
        condition.broadcast()
    }

    /// Waits for the completion in hand and throws what a completion threw; more may be
    /// handed after.
    func waitUntilIdle() throws(NarrateError) {
        condition.lock()
        defer { condition.unlock() }
        while waiting != nil || running { condition.wait() }
        if let failure {
            self.failure = nil
            throw failure
        }
    }

    /// Waits for the completion in hand, ends the thread and throws what a completion threw.
    func finish() throws(NarrateError) {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        while started, !ended { condition.wait() }
        if let failure {
            self.failure = nil
            throw failure
        }
    }

    private func run() {
        condition.lock()
        while true {
            while waiting == nil, !stopping { condition.wait() }
            guard let completion = waiting else { break }
            waiting = nil
            running = true
            condition.unlock()
            var thrown: NarrateError?
            do throws(NarrateError) {
                try completion()
            } catch {
                thrown = error
            }
            condition.lock()
            running = false
            if let thrown, failure == nil { failure = thrown }
            condition.broadcast()
        }
        ended = true
        condition.broadcast()
        condition.unlock()
    }
}
