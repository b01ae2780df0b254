import Foundation
import HTTPTypes
import HummingbirdTesting
import NarrateLibrary
import NarrateSystem
import NarrateTestSupport
import Synchronization
import Testing

@testable import NarrateServer

@Suite("Connections: a budget with a reserve, and no wait without end")
struct ConnectionTests {
    /// A budget of `most` connections, `reserved` of them for proven ones, and the closings it asked for.
    final class Recorder: Sendable {
        let closed = Mutex<[Int]>([])
        func closing(_ index: Int) -> @Sendable () -> Void { { self.closed.withLock { $0.append(index) } } }
    }

    static func admittedId(_ admission: ConnectionBudget.Admission) -> UInt64? {
        if case .admitted(let id, let evicted) = admission {
            evicted?()
            return id
        }
        return nil
    }

    @Test func whenStrangersFillTheirShareTheOldestIdleOneMakesRoom() throws {
        let budget = ConnectionBudget(limits: ConnectionLimits(maxConnections: 6, reserved: 2))
        let recorder = Recorder()
        var ids: [UInt64] = []
        for index in 0..<4 {
            ids.append(try #require(Self.admittedId(budget.open(address: "127.0.0.1", isLoopback: true, close: recorder.closing(index)))))
        }
        #expect(budget.counts == .init(strangers: 4, proven: 0))
        // The oldest is waiting for an answer: the next oldest goes.
        budget.setAnswering(ids[0], true)
        _ = try #require(Self.admittedId(budget.open(address: "127.0.0.1", isLoopback: true, close: recorder.closing(4))))
        #expect(recorder.closed.withLock { $0 } == [1])
        #expect(budget.counts == .init(strangers: 4, proven: 0))
        // Closing an evicted connection again changes nothing.
        budget.close(ids[1])
        #expect(budget.counts == .init(strangers: 4, proven: 0))
        // A proven connection leaves the strangers' share and is never evicted.
        budget.prove(ids[2])
        budget.prove(ids[3])
        #expect(budget.counts == .init(strangers: 2, proven: 2))
        for index in 5..<9 {
            _ = try #require(Self.admittedId(budget.open(address: "127.0.0.1", isLoopback: true, close: recorder.closing(index))))
        }
        #expect(budget.counts == .init(strangers: 4, proven: 2))
        #expect(!recorder.closed.withLock { $0 }.contains(2))
        #expect(!recorder.closed.withLock { $0 }.contains(3))
    }

    @Test func withEveryStrangerAnsweredANewConnectionIsRefused() throws {
        let budget = ConnectionBudget(limits: ConnectionLimits(maxConnections: 3, reserved: 1))
        let recorder = Recorder()
        for index in 0..<2 {
            let id = try #require(Self.admittedId(budget.open(address: nil, isLoopback: false, close: recorder.closing(index))))
            budget.setAnswering(id, true)
        }
        guard case .refused(let reason) = budget.open(address: nil, isLoopback: false, close: recorder.closing(9)) else {
            Issue.record("a third stranger was taken in")
            return
        }
        #expect(reason.contains("3"))
        #expect(recorder.closed.withLock { $0 }.isEmpty)
    }

    @Test func oneAddressBeyondLoopbackHasItsOwnLimit() throws {
        let budget = ConnectionBudget(limits: ConnectionLimits(maxConnections: 100, reserved: 10, perAddress: 3))
        var ids: [UInt64] = []
        for _ in 0..<3 { ids.append(try #require(Self.admittedId(budget.open(address: "192.0.2.7", isLoopback: false) {}))) }
        guard case .refused(let reason) = budget.open(address: "192.0.2.7", isLoopback: false, close: {}) else {
            Issue.record("a fourth connection from one address was taken in")
            return
        }
        #expect(reason.contains("192.0.2.7"))
        #expect(Self.admittedId(budget.open(address: "192.0.2.8", isLoopback: false) {}) != nil)
        for _ in 0..<10 { #expect(Self.admittedId(budget.open(address: "127.0.0.1", isLoopback: true) {}) != nil) }
        budget.close(ids[0])
        #expect(Self.admittedId(budget.open(address: "192.0.2.7", isLoopback: false) {}) != nil)
    }

    @Test func theLimitFitsTheFilesTheProcessMayOpen() {
        let limits = ConnectionLimits(maxConnections: 1_024, reserved: 256)
        #expect(limits.fitting(openFiles: 65_536) == limits)
        let fitted = limits.fitting(openFiles: 1_024)
        #expect(fitted.maxConnections == 768)
        #expect(fitted.reserved == 192)
        #expect(OpenFileLimit.raised() >= 1_024)
    }

    @Test func theQueueOfStrangersStaysSmallWhileTheOldestIsAnswered() throws {
        let budget = ConnectionBudget(limits: ConnectionLimits(maxConnections: 10, reserved: 2))
        let first = try #require(Self.admittedId(budget.open(address: nil, isLoopback: false) {}))
        budget.setAnswering(first, true)
        for _ in 0..<20_000 {
            let id = try #require(Self.admittedId(budget.open(address: nil, isLoopback: false) {}))
            budget.close(id)
        }
        #expect(budget.counts == .init(strangers: 1, proven: 0))
        #expect(budget.queuedStrangers < 2_000)
    }

    // MARK: The server

    static let quick = ConnectionLimits(maxConnections: 1_024, reserved: 256, headSeconds: 0.5, bodySeconds: 1, idleSeconds: 1)

    @Test func aConnectionThatSendsNoWholeHeadIsClosed() async throws {
        let fixture = try ServerFixture()
        try await fixture.test(limits: Self.quick) { client in
            let port = try #require(client.port)
            let took = try await onOwnThread {
                let silent = try RawConnection(port: port)
                let trickle = try RawConnection(port: port)
                let started = ContinuousClock.now
                #expect(trickle.send("GET /api/art"))
                #expect(silent.receive(waiting: 10).closed)
                #expect(trickle.receive(waiting: 10).closed)
                return ContinuousClock.now - started
            }
            #expect(took < .seconds(5))
        }
    }

    @Test func aBodyThatDoesNotEndInTimeIsCut() async throws {
        let fixture = try ServerFixture()
        try await fixture.test(limits: Self.quick) { client in
            let port = try #require(client.port)
            let answer = try await onOwnThread {
                let connection = try RawConnection(port: port)
                connection.send("POST /api/articles HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n{\"text\": \"")
                return connection.receive(waiting: 10)
            }
            #expect(answer.closed)
        }
        #expect(try fixture.library.articles.count() == 0)
    }

    @Test func aKeptAliveConnectionIsClosedAfterItsIdleTime() async throws {
        let fixture = try ServerFixture()
        try await fixture.test(limits: Self.quick) { client in
            let port = try #require(client.port)
            let answer = try await onOwnThread {
                let connection = try RawConnection(port: port)
                connection.send("GET /api/facets HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return connection.receive(waiting: 10)
            }
            #expect(answer.text.hasPrefix("HTTP/1.1 200"))
            #expect(answer.closed)
        }
    }
}
