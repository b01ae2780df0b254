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
        var refusal: NarrateError?
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

    /// Statement `ticket` has its connection, or no longer waits.
    func end(_ ticket: Int) {
        state.withLockedValue { _ = $0.waiting.removeValue(forKey: ticket) }
    }

    /// How long the longest waiting statement has waited, and whether one waits past its deadline.
    func look() -> (longest: Duration?, overdue: Bool) {
        state.withLockedValue { state in
            let now = ContinuousClock.now
            let longest = state.waiting.values.map { now - $0.since }.max()
            return (longest, state.waiting.values.contains { $0.deadline <= now })
        }
    }

    /// The server's refusal the watchdog heard last, until a statement gets through again.
    var refusal: NarrateError? {
        get { state.withLockedValue { $0.refusal } }
        set { state.withLockedValue { $0.refusal = newValue } }
    }
}
