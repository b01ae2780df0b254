import NIOConcurrencyHelpers
import NarrateCore
import NarrateSystem

/// The connections `narrate serve` holds, counted against its `ConnectionLimits`: which are
/// a stranger's and which proven, which are waiting for an answer, how many each address
/// beyond loopback has. Shared by every connection's `ConnectionGuard`; its decisions are
/// made under one lock, and a connection it evicts is closed outside it.
final class ConnectionBudget: Sendable {
    /// What becomes of a new connection.
    enum Admission {
        /// Taken in as `id`; `evicted` is the stranger's connection closed to make room.
        case admitted(id: UInt64, evicted: (@Sendable () -> Void)?)
        /// Closed at once, for `reason`.
        case refused(reason: String)
    }

    /// How many connections are held, by kind.
    struct Counts: Equatable {
        var strangers: Int
        var proven: Int
        var total: Int { strangers + proven }
    }

    private struct Entry {
        var address: String?
        var proven = false
        var answering = false
        let close: @Sendable () -> Void
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        /// Strangers' connections, oldest first; ids since proven or closed are skipped.
        var strangersByAge: [UInt64] = []
        var oldest = 0
        var strangers = 0
        var proven = 0
        var byAddress: [String: Int] = [:]
        var nextId: UInt64 = 1
        /// The most connections held since memory was last given back.
        var mostSinceTrim = 0
    }

    let limits: ConnectionLimits
    /// A pthread mutex (NIO's), not the standard library's `Mutex`: on Linux that one hands
    /// a contended lock over inside the kernel (a priority-inheritance futex), which
    /// ThreadSanitizer cannot see, so under a flood of connections every event loop's
    /// decisions here were reported as races. The server's other shared state uses it too.
    private let state = NIOLockedValueBox(State())

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    var counts: Counts { state.withLockedValue { Counts(strangers: $0.strangers, proven: $0.proven) } }
    /// The length of the queue of strangers' connections, skipped ids included.
    var queuedStrangers: Int { state.withLockedValue { $0.strangersByAge.count - $0.oldest } }

    /// Takes in a connection from `address` (nil when unknown; `isLoopback` when from this
    /// machine, where no per-address limit applies), closed with `close` if evicted later.
    func open(address: String?, isLoopback: Bool, close: @escaping @Sendable () -> Void) -> Admission {
        state.withLockedValue { state in
            let counted = isLoopback ? nil : address
            if let counted, state.byAddress[counted, default: 0] >= limits.perAddress {
                return .refused(reason: "\(limits.perAddress) connections from \(counted) are open already")
            }
            var evicted: (@Sendable () -> Void)?
            if state.strangers >= limits.forStrangers || state.strangers + state.proven >= limits.maxConnections {
                guard let victim = Self.oldestIdleStranger(&state) else {
                    return .refused(reason: "the server holds as many connections as it may (\(limits.maxConnections))")
                }
                evicted = Self.forget(victim, &state)
            }
            let id = state.nextId
            state.nextId += 1
            state.entries[id] = Entry(address: counted, close: close)
            state.strangersByAge.append(id)
            if state.strangersByAge.count - state.oldest > 4 * max(state.strangers, 256) {
                // Ids proven or closed behind a stranger still being answered: dropped.
                let entries = state.entries
                state.strangersByAge = state.strangersByAge[state.oldest...].filter { entries[$0]?.proven == false }
                state.oldest = 0
            }
            state.strangers += 1
            if let counted { state.byAddress[counted, default: 0] += 1 }
            return .admitted(id: id, evicted: evicted)
        }
    }

    /// Counts connection `id` as proven: it sent a request the server answers.
    func prove(_ id: UInt64) {
        state.withLockedValue { state in
            guard var entry = state.entries[id], !entry.proven else { return }
            entry.proven = true
            state.entries[id] = entry
            state.strangers -= 1
            state.proven += 1
        }
    }

    /// Whether connection `id` has a request being read or answered (it is then not evicted).
    func setAnswering(_ id: UInt64, _ answering: Bool) {
        state.withLockedValue { state in
            state.entries[id]?.answering = answering
        }
    }

    /// Connection `id` is closed. When a flood of connections has drained (the server held
    /// more than a quarter of its limit, and now holds a tenth of that), the memory they took
    /// is given back to the system: glibc keeps what each event loop's thread freed.
    func close(_ id: UInt64) {
        let drained = state.withLockedValue { state -> Bool in
            _ = Self.forget(id, &state)
            let total = state.strangers + state.proven
            state.mostSinceTrim = max(state.mostSinceTrim, total + 1)
            guard state.mostSinceTrim > limits.maxConnections / 4, total * 10 < state.mostSinceTrim else { return false }
            state.mostSinceTrim = total
            return true
        }
        if drained { MemoryTrim.giveBack() }
    }

    /// The oldest stranger's connection waiting for nothing, found from the front of the queue.
    private static func oldestIdleStranger(_ state: inout State) -> UInt64? {
        var index = state.oldest
        while index < state.strangersByAge.count {
            let id = state.strangersByAge[index]
            if let entry = state.entries[id], !entry.proven {
                if !entry.answering { return id }
            } else if index == state.oldest {
                state.oldest += 1
            }
            index += 1
        }
        return nil
    }

    /// Removes `id` from the counts; returns its closing, or nil when it was gone already.
    private static func forget(_ id: UInt64, _ state: inout State) -> (@Sendable () -> Void)? {
        guard let entry = state.entries.removeValue(forKey: id) else { return nil }
        if entry.proven { state.proven -= 1 } else { state.strangers -= 1 }
        if let address = entry.address {
            let left = state.byAddress[address, default: 1] - 1
            state.byAddress[address] = left > 0 ? left : nil
        }
        // The queue of strangers is compacted once most of it is behind its front.
        while state.oldest < state.strangersByAge.count, state.entries[state.strangersByAge[state.oldest]].map({ !$0.proven }) != true {
            state.oldest += 1
        }
        if state.oldest > 1_024, state.oldest * 2 > state.strangersByAge.count {
            state.strangersByAge.removeFirst(state.oldest)
            state.oldest = 0
        }
        return entry.close
    }
}
