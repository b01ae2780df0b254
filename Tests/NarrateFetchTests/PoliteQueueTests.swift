import Foundation
import NarrateFetch
import Synchronization
import Testing

/// The polite queue's limits, with work that only sleeps: at most N at once overall and 2
/// to one host, a pause before a host that failed is asked again, and nothing new started
/// once cancelled.
@Suite("Polite queue")
struct PoliteQueueTests {
    /// Counts work in flight, overall and by host, and the highest counts seen (under an
    /// NSLock, which ThreadSanitizer follows).
    final class Gauge: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private var highest = 0
        private var byHost: [String: Int] = [:]
        private var highestByHost: [String: Int] = [:]
        private var startTimes: [String: [Date]] = [:]
        private var endTimes: [String: [Date]] = [:]

        func start(_ host: String) {
            lock.lock()
            defer { lock.unlock() }
            now += 1
            highest = max(highest, now)
            byHost[host, default: 0] += 1
            highestByHost[host] = max(highestByHost[host, default: 0], byHost[host, default: 0])
            startTimes[host, default: []].append(Date())
        }

        func end(_ host: String) {
            lock.lock()
            defer { lock.unlock() }
            now -= 1
            byHost[host, default: 0] -= 1
            endTimes[host, default: []].append(Date())
        }

        var most: Int { lock.withLock { highest } }
        var mostByHost: [String: Int] { lock.withLock { highestByHost } }
        func starts(_ host: String) -> [Date] { lock.withLock { startTimes[host] ?? [] } }
        func ends(_ host: String) -> [Date] { lock.withLock { endTimes[host] ?? [] } }
    }

    @Test func noMoreThanTheLimitsAtOnce() {
        let hosts = (0..<40).map { ["a.example", "b.example", "c.example", "d.example", "e.example"][$0 % 5] }
        let gauge = Gauge()
        let results = PoliteQueue(concurrency: 6, perHost: 2, pauseAfterFailure: 0).run(
            hosts: hosts, isCancelled: { false }, givenUp: { _, _ in -1 }
        ) { index in
            gauge.start(hosts[index])
            usleep(20_000)
            gauge.end(hosts[index])
            return (index * 10, .fine)
        }
        #expect(results.compactMap { $0 } == (0..<40).map { $0 * 10 })
        #expect(gauge.most <= 6 && gauge.most >= 3, "\(gauge.most)")
        #expect(gauge.mostByHost.values.allSatisfy { $0 <= 2 }, "\(gauge.mostByHost)")
    }

    @Test func aHostThatFailedIsLeftAloneForThePause() {
        let hosts = Array(repeating: "slow.example", count: 3)
        let gauge = Gauge()
        _ = PoliteQueue(concurrency: 4, perHost: 1, pauseAfterFailure: 0.3).run(
            hosts: hosts, isCancelled: { false }, givenUp: { _, _ in -1 }
        ) { index in
            gauge.start(hosts[index])
            gauge.end(hosts[index])
            return (index, .failed)
        }
        let starts = gauge.starts("slow.example")
        let ends = gauge.ends("slow.example")
        #expect(starts.count == 3)
        for index in 1..<starts.count {
            #expect(
                starts[index].timeIntervalSince(ends[index - 1]) >= 0.29,
                "started \(starts[index].timeIntervalSince(ends[index - 1])) s after a failure")
        }
    }

    @Test func nothingStartsOnceCancelled() {
        let started = Atomic<Int>(0)
        let results = PoliteQueue(concurrency: 2).run(
            hosts: Array(repeating: "x.example", count: 20), isCancelled: { started.load(ordering: .relaxed) >= 4 }, givenUp: { _, _ in -1 }
        ) { index in
            started.add(1, ordering: .relaxed)
            return (index, .fine)
        }
        let done = results.compactMap { $0 }.count
        #expect(done >= 4 && done <= 6, "\(done) ran")
    }

    /// A host that fails again and again has its remaining tasks given up without a request.
    @Test func aHostThatKeepsFailingIsGivenUp() {
        let tried = Atomic<Int>(0)
        let hosts = Array(repeating: "down.example", count: 50) + ["up.example"]
        let results = PoliteQueue(concurrency: 4, perHost: 2, pauseAfterFailure: 0.01, giveUpAfter: 3).run(
            hosts: hosts, isCancelled: { false }, givenUp: { _, failures in "given up after \(failures)" }
        ) { index in
            tried.add(1, ordering: .relaxed)
            return hosts[index] == "up.example" ? ("fetched", .fine) : ("failed", .failed)
        }
        #expect(tried.load(ordering: .relaxed) <= 6, "\(tried.load(ordering: .relaxed)) requests to a host that was down")
        #expect(results.last == "fetched")
        #expect(results.filter { $0?.hasPrefix("given up") == true }.count >= 45)
    }

    /// What the caller's closures hold (a library, a fetcher) is let go of before `run`
    /// returns, not later on a worker thread still ending: here the second worker is still
    /// asking `isCancelled` when the only task's result is delivered.
    @Test func whatTheClosuresHoldIsReleasedBeforeRunReturns() {
        final class Held: Sendable {}
        weak var weakHeld: Held?
        do {
            let held = Held()
            weakHeld = held
            let done = Atomic<Bool>(false)
            let results = PoliteQueue(concurrency: 2).run(
                hosts: ["a"],
                isCancelled: {
                    _ = held
                    // Once the task is done, a worker lingers here.
                    if done.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.3) }
                    return false
                },
                givenUp: { _, _ in "given up" }
            ) { _ in
                _ = held
                done.store(true, ordering: .releasing)
                return ("fetched", .fine)
            }
            #expect(results == ["fetched"])
        }
        #expect(weakHeld == nil)
    }
}
