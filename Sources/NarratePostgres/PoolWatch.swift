import NIOConcurrencyHelpers
import NarrateCore

/// The statements of a session waiting for one of its pool's connections, for the session's
/// watchdog to look at once a second: one that waits more than a second has a connection of
/// the watchdog's own ask the server why. A refusal found so is kept here for the statements
/// to throw once the pool they waited on is replaced.
final class PoolWatch: Sendable {
    private struct State {
        /// Each waiting statement: since when, and until when it may wait.
        var waiting: [Int: (since: ContinuousClock.Instant, deadline: ContinuousClock.Instant)] = [:]
        var next = 0
        /// Statements with a connection, at work.
        var leased = 0
        /// The server's refusal the watchdog heard, and the pool it replaced for it.
        var refusal: (error: NarrateError, generation: Int)?
    }

    private let state = NIOLockedValueBox(State())

    /// A statement begins to wait, until `deadline` at the latest; its ticket.
    func begin(deadline: ContinuousClock.Instant) -> Int {
        state.withLockedValue { state in
            state.next += 1
            state.waiting[state.next] = (.now, deadline)
            return state.next
        }
    }

    /// Statement `ticket` no longer waits (it failed).
    func end(_ ticket: Int) {
        state.withLockedValue { _ = $0.waiting.removeValue(forKey: ticket) }
    }

    /// Statement `ticket` has its connection; `release()` when it is done with it.
    func lease(_ ticket: Int) {
        state.withLockedValue { state in
            state.waiting[ticket] = nil
            state.leased += 1
        }
    }

    /// A statement is done with its connection.
    func release() {
        state.withLockedValue { $0.leased -= 1 }
    }

    /// How long the longest waiting statement has waited, whether one waits past its deadline,
    /// and how many statements have a connection.
    func look() -> (longest: Duration?, overdue: Bool, leased: Int) {
        state.withLockedValue { state in
            let now = ContinuousClock.now
            let longest = state.waiting.values.map { now - $0.since }.max()
            return (longest, state.waiting.values.contains { $0.deadline <= now }, state.leased)
        }
    }

    /// Notes that the server refused the watchdog, which replaces pool `generation` for it.
    func noteRefusal(_ error: NarrateError, replacing generation: Int) {
        state.withLockedValue { $0.refusal = (error, generation) }
    }

    /// The refusal for which pool `generation` was replaced, if that is why.
    func refusal(replacing generation: Int) -> NarrateError? {
        state.withLockedValue { state in state.refusal?.generation == generation ? state.refusal?.error : nil }
    }
}
