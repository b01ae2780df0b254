import Foundation

/// Runs fetches concurrently but politely: at most `concurrency` at once overall and
/// `perHost` at once to any one host, and a pause before the next request to a host whose
/// last request failed, as a well-behaved crawler does.
///
/// Each task costs the same whatever the number of tasks: the tasks wait in a queue per
/// host, and the hosts that may be asked now in a heap by their first waiting task, so the
/// next task is found in logarithmic time (a scan of every waiting task made a feed of
/// 20,000 links to one host quadratic: 76 s).
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
        var results = [Result?](repeating: nil, count: hosts.count)
        run(hosts: hosts, ahead: nil, isCancelled: isCancelled, givenUp: givenUp, work: work) { index, result in results[index] = result }
        return results
    }

    /// Like `run`, handing each task's result to `deliver` on the calling thread, in task
    /// order, as soon as it and every task before it are done (nil for a task skipped after
    /// `isCancelled`): what a caller records as it goes is kept if the process is killed.
    /// No task starts more than twice `concurrency` tasks ahead of the first not yet
    /// delivered, so a kill loses at most that many, and no more results are held.
    public func run<Result: Sendable>(
        hosts: [String], isCancelled: @escaping @Sendable () -> Bool,
        givenUp: @escaping @Sendable (Int, Int) -> Result, work: @escaping @Sendable (Int) -> (Result, HostHealth),
        deliver: (Int, Result?) -> Void
    ) {
        run(hosts: hosts, ahead: 2 * concurrency, isCancelled: isCancelled, givenUp: givenUp, work: work, deliver: deliver)
    }

    private func run<Result: Sendable>(
        hosts: [String], ahead: Int?, isCancelled: @escaping @Sendable () -> Bool,
        givenUp: @escaping @Sendable (Int, Int) -> Result, work: @escaping @Sendable (Int) -> (Result, HostHealth),
        deliver: (Int, Result?) -> Void
    ) {
        let state = State<Result>(hosts: hosts, perHost: perHost, ahead: ahead)
        let workers = min(concurrency, hosts.count)
        guard workers > 0 else { return }
        let tasks = Tasks(isCancelled: isCancelled, givenUp: givenUp, work: work)
        let pause = pauseAfterFailure
        let limit = giveUpAfter
        // Threads of their own, not Dispatch's pool: that is as wide as the cores, and these
        // mostly wait on the network.
        for _ in 0..<workers {
            let thread = Thread {
                Self.serve(tasks, state, pause: pause, giveUpAfter: limit)
                state.workerEnded()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        while let (index, result) = state.nextDelivery(workers: workers) { deliver(index, result) }
        // Every worker has let go of the tasks' closures; what they hold (a library, a
        // fetcher) is released here, on the caller's thread, before it goes on: released by
        // a worker thread still ending, a library closed while the caller went on, and a
        // process that exited meanwhile lost track of what the closing held (LeakSanitizer
        // reported an article's bytes that a cached statement still referred to).
        state.waitUntilEnded(workers: workers)
        tasks.release()
    }

    /// One worker's loop: takes tasks until none is left. The closures are taken from
    /// `tasks` for each task and let go of before the worker says it has ended.
    private static func serve<Result: Sendable>(_ tasks: Tasks<Result>, _ state: State<Result>, pause: Double, giveUpAfter limit: Int) {
        while let index = state.next(isCancelled: tasks.isCancelled) {
            let failures = state.failuresInARow(of: index)
            if failures >= limit {
                state.finish(index, result: tasks.givenUp(index, failures), pause: 0, failed: nil)
                continue
            }
            let (result, health) = tasks.work(index)
            state.finish(index, result: result, pause: health == .failed ? pause : 0, failed: health == .failed)
        }
    }

    /// The caller's closures, shared by the workers until the caller releases them.
    private final class Tasks<Result: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var closures:
            (isCancelled: @Sendable () -> Bool, givenUp: @Sendable (Int, Int) -> Result, work: @Sendable (Int) -> (Result, HostHealth))?

        init(
            isCancelled: @escaping @Sendable () -> Bool, givenUp: @escaping @Sendable (Int, Int) -> Result,
            work: @escaping @Sendable (Int) -> (Result, HostHealth)
        ) {
            closures = (isCancelled, givenUp, work)
        }

        private var current:
            (isCancelled: @Sendable () -> Bool, givenUp: @Sendable (Int, Int) -> Result, work: @Sendable (Int) -> (Result, HostHealth))
        {
            lock.lock()
            defer { lock.unlock() }
            guard let closures else { preconditionFailure("a PoliteQueue worker ran after its queue ended") }
            return closures
        }

        var isCancelled: @Sendable () -> Bool { current.isCancelled }

        func givenUp(_ index: Int, _ failures: Int) -> Result { current.givenUp(index, failures) }

        func work(_ index: Int) -> (Result, HostHealth) { current.work(index) }

        func release() {
            lock.lock()
            closures = nil
            lock.unlock()
        }
    }

    /// The queue's shared state, under one condition lock.
    private final class State<Result>: @unchecked Sendable {
        private let condition = NSCondition()
        private let perHost: Int
        /// How far ahead of the first task not delivered a task may start; nil: any.
        private let ahead: Int?
        /// Each task's host, as a number.
        private let hostOf: [Int]
        /// Each host's tasks not yet started, in order.
        private var waiting: [ArraySlice<Int>]
        private var inFlight: [Int]
        private var pausedUntil: [Date?]
        private var failures: [Int]
        /// Hosts with a task waiting, a free slot and no pause, by their first waiting task
        /// (entries that no longer say so are skipped when they come up).
        private var ready = MinHeap<Int>()
        /// Paused hosts, by the end of their pause (in seconds since the reference date).
        private var paused = MinHeap<Double>()
        private var unstarted: Int
        private var stored: [Result?]
        private var done: [Bool]
        private var delivered = 0
        private var workersEnded = 0

        init(hosts: [String], perHost: Int, ahead: Int?) {
            self.perHost = perHost
            self.ahead = ahead.map { max(1, $0) }
            var numbers: [String: Int] = [:]
            hostOf = hosts.map { host in
                if let number = numbers[host] { return number }
                numbers[host] = numbers.count
                return numbers.count - 1
            }
            var queues = [[Int]](repeating: [], count: numbers.count)
            for (index, host) in hostOf.enumerated() { queues[host].append(index) }
            waiting = queues.map { $0[...] }
            inFlight = Array(repeating: 0, count: numbers.count)
            pausedUntil = Array(repeating: nil, count: numbers.count)
            failures = Array(repeating: 0, count: numbers.count)
            unstarted = hosts.count
            stored = Array(repeating: nil, count: hosts.count)
            done = Array(repeating: false, count: hosts.count)
            for host in waiting.indices { offer(host) }
        }

        /// Puts `host` in the heap of hosts that may be asked, if it may be.
        private func offer(_ host: Int) {
            guard let first = waiting[host].first, inFlight[host] < perHost, pausedUntil[host] == nil else { return }
            ready.push(first, host)
        }

        /// The next task a worker may start, waiting while every waiting task's host is busy
        /// or paused; nil when none is left (or the run is cancelled).
        func next(isCancelled: () -> Bool) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if isCancelled() || unstarted == 0 { return nil }
                let now = Date()
                while let (until, host) = paused.peek, until <= now.timeIntervalSinceReferenceDate {
                    paused.pop()
                    if let end = pausedUntil[host], end <= now {
                        pausedUntil[host] = nil
                        offer(host)
                    }
                }
                while let (first, host) = ready.peek {
                    // The heap's first is the lowest task that may start: beyond the window, none may.
                    if let ahead, first >= delivered + ahead { break }
                    ready.pop()
                    guard waiting[host].first == first, inFlight[host] < perHost, pausedUntil[host] == nil else { continue }
                    waiting[host].removeFirst()
                    unstarted -= 1
                    inFlight[host] += 1
                    offer(host)
                    return first
                }
                // Every waiting task's host is busy or paused: wait for a finish or a pause's end.
                let soonest = paused.peek.map { Date(timeIntervalSinceReferenceDate: $0.0) } ?? now.addingTimeInterval(0.5)
                _ = condition.wait(until: min(soonest, now.addingTimeInterval(0.5)))
            }
        }

        func failuresInARow(of index: Int) -> Int {
            condition.lock()
            defer { condition.unlock() }
            return failures[hostOf[index]]
        }

        /// Records task `index`'s result; `failed` (nil: given up, not tried) counts toward
        /// or resets the host's failures in a row.
        func finish(_ index: Int, result: Result, pause: Double, failed: Bool?) {
            condition.lock()
            let host = hostOf[index]
            stored[index] = result
            done[index] = true
            inFlight[host] -= 1
            if let failed { failures[host] = failed ? failures[host] + 1 : 0 }
            if pause > 0 {
                let until = Date().addingTimeInterval(pause)
                pausedUntil[host] = until
                paused.push(until.timeIntervalSinceReferenceDate, host)
            } else {
                offer(host)
            }
            condition.broadcast()
            condition.unlock()
        }

        func workerEnded() {
            condition.lock()
            workersEnded += 1
            condition.broadcast()
            condition.unlock()
        }

        /// Returns once `workers` workers have ended.
        func waitUntilEnded(workers: Int) {
            condition.lock()
            while workersEnded < workers { condition.wait() }
            condition.unlock()
        }

        /// The next result in task order once it is done, taken out of the state; once every
        /// worker has ended, the tasks never started (nil results); nil at the end.
        func nextDelivery(workers: Int) -> (Int, Result?)? {
            condition.lock()
            defer { condition.unlock() }
            while delivered < done.count, !done[delivered], workersEnded < workers { condition.wait() }
            guard delivered < done.count else { return nil }
            let index = delivered
            delivered += 1
            let result = stored[index]
            stored[index] = nil
            // The window moved: a worker may start the next task.
            if ahead != nil { condition.broadcast() }
            return (index, result)
        }
    }
}

/// A binary min-heap of (key, value) pairs, keys compared, for the queue's hosts.
private struct MinHeap<Key: Comparable> {
    private var items: [(key: Key, value: Int)] = []

    var peek: (Key, Int)? { items.first.map { ($0.key, $0.value) } }

    mutating func push(_ key: Key, _ value: Int) {
        items.append((key, value))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].key < items[parent].key else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func pop() -> (Key, Int)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count, items[left].key < items[smallest].key { smallest = left }
                if right < items.count, items[right].key < items[smallest].key { smallest = right }
                guard smallest != parent else { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return (top.key, top.value)
    }
}
