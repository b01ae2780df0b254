import Foundation

/// Runs fetches concurrently but politely: at most `concurrency` at once overall and
/// `perHost` at once to any one host, and a pause before the next request to a host whose
/// last request failed, as a well-behaved crawler does.
public struct PoliteQueue: Sendable {
    /// Requests at once, overall.
    public var concurrency: Int
    /// Requests at once to one host.
    public var perHost: Int
    /// Seconds a host is left alone after a request to it failed.
    public var pauseAfterFailure: Double
    /// Failures in a row after which a host's remaining tasks are given up without a request
    /// (a host that is down would otherwise cost a pause per link).
    public var giveUpAfter: Int

    public init(concurrency: Int, perHost: Int = 2, pauseAfterFailure: Double = 2, giveUpAfter: Int = 5) {
        self.concurrency = max(1, concurrency)
        self.perHost = max(1, perHost)
        self.pauseAfterFailure = max(0, pauseAfterFailure)
        self.giveUpAfter = max(1, giveUpAfter)
    }

    /// What one task says of its host.
    public enum HostHealth: Sendable {
        case fine
        /// The host failed (an error status, a timeout): pause before asking it again.
        case failed
    }

    /// Runs `work` for tasks 0..<count (task i goes to host `hosts[i]`), each at most once,
    /// in order as far as the limits allow; tasks not started when `isCancelled` turns true
    /// are skipped (their result nil). A task of a host that failed `giveUpAfter` times in a
    /// row gets `givenUp(task, failures)` instead of `work`. Returns the results by task.
    public func run<Result: Sendable>(
        hosts: [String], isCancelled: @escaping @Sendable () -> Bool,
        givenUp: @escaping @Sendable (Int, Int) -> Result, work: @escaping @Sendable (Int) -> (Result, HostHealth)
    ) -> [Result?] {
        let state = State(count: hosts.count)
        let workers = min(concurrency, hosts.count)
        guard workers > 0 else { return [] }
        // Threads of their own, not Dispatch's pool: that is as wide as the cores, and these
        // mostly wait on the network.
        let finished = DispatchSemaphore(value: 0)
        let perHost = self.perHost
        let pause = pauseAfterFailure
        let limit = giveUpAfter
        for _ in 0..<workers {
            let thread = Thread {
                while let index = state.next(hosts: hosts, perHost: perHost, isCancelled: isCancelled) {
                    let failures = state.failuresInARow(hosts[index])
                    if failures >= limit {
                        state.finish(index, host: hosts[index], result: givenUp(index, failures), pause: 0, failed: nil)
                        continue
                    }
                    let (result, health) = work(index)
                    state.finish(index, host: hosts[index], result: result, pause: health == .failed ? pause : 0, failed: health == .failed)
                }
                finished.signal()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        for _ in 0..<workers { finished.wait() }
        return state.results()
    }

    /// The queue's shared state, under one condition lock.
    private final class State: @unchecked Sendable {
        private let condition = NSCondition()
        private var started: [Bool]
        private var stored: [Any?]
        private var remaining: Int
        private var inFlight: [String: Int] = [:]
        private var pausedUntil: [String: Date] = [:]
        private var failures: [String: Int] = [:]
        private var firstWaiting = 0

        init(count: Int) {
            started = Array(repeating: false, count: count)
            stored = Array(repeating: nil, count: count)
            remaining = count
        }

        /// The next task a worker may start, waiting while every waiting task's host is busy
        /// or paused; nil when none is left (or the run is cancelled).
        func next(hosts: [String], perHost: Int, isCancelled: () -> Bool) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if isCancelled() { return nil }
                while firstWaiting < started.count && started[firstWaiting] { firstWaiting += 1 }
                if firstWaiting >= started.count { return nil }
                let now = Date()
                var soonest: Date?
                for index in firstWaiting..<started.count where !started[index] {
                    let host = hosts[index]
                    guard inFlight[host, default: 0] < perHost else { continue }
                    if let until = pausedUntil[host], until > now {
                        soonest = min(soonest ?? until, until)
                        continue
                    }
                    started[index] = true
                    inFlight[host, default: 0] += 1
                    return index
                }
                // Everything waiting is on busy or paused hosts: wait for a finish or a pause's end.
                _ = condition.wait(until: min(soonest ?? now.addingTimeInterval(0.5), now.addingTimeInterval(0.5)))
            }
        }

        func failuresInARow(_ host: String) -> Int {
            condition.lock()
            defer { condition.unlock() }
            return failures[host, default: 0]
        }

        /// Records task `index`'s result; `failed` (nil: given up, not tried) counts toward
        /// or resets the host's failures in a row.
        func finish(_ index: Int, host: String, result: Any, pause: Double, failed: Bool?) {
            condition.lock()
            stored[index] = result
            remaining -= 1
            inFlight[host, default: 1] -= 1
            if let failed { failures[host] = failed ? failures[host, default: 0] + 1 : 0 }
            if pause > 0 { pausedUntil[host] = Date().addingTimeInterval(pause) }
            condition.broadcast()
            condition.unlock()
        }

        func results<Result>() -> [Result?] {
            condition.lock()
            defer { condition.unlock() }
            return stored.map { $0 as? Result }
        }
    }
}
