/// One file watched for changes another process makes (see `FileChanges`): a reader of a
/// growing file reads what is there, then waits for `next(within:)` instead of polling.
/// Ends when it is released.
public final class FileWatch: Sendable {
    /// What happened to the file.
    public enum Change: Sendable, Equatable {
        /// More was written.
        case written
        /// The writer closed it, renamed it or removed it (or events were lost): whatever
        /// writes it may be done.
        case closedOrMoved
    }

    private let changes: FileChanges
    /// Its number in `changes`; nil when the file is not watched (no inotify, no file).
    private let number: Int?

    init(changes: FileChanges, number: Int?) {
        self.changes = changes
        self.number = number
    }

    deinit {
        if let number { changes.end(number) }
    }

    /// Whether changes come as events; false: `next(within:)` always waits out its interval
    /// (or a short one, `fallback`), as a poll.
    public var hasEvents: Bool {
        guard let number else { return false }
        return changes.state.withLock { $0.watchers[number]?.watch != nil }
    }

    /// The next change since the watch began or since the last call (at once when one is
    /// waiting), or nil once `interval` has passed without one (or the task is cancelled).
    /// One wait at a time.
    /// Without events it sleeps `fallback` (at most `interval`) and says `.written`, so the
    /// caller looks at the file again as often as a poll would.
    public func next(within interval: Duration, fallback: Duration = .milliseconds(25)) async -> Change? {
        // What came before this call, even when the watch is gone since (a removed file).
        if let number, let pending = take(number) { return pending }
        guard let number, hasEvents else {
            try? await Task.sleep(for: min(interval, fallback))
            return Task.isCancelled ? nil : .written
        }
        let round = changes.state.withLock { state -> Int? in
            guard var watcher = state.watchers[number] else { return nil }
            if watcher.pending != nil { return nil }
            watcher.round += 1
            state.watchers[number] = watcher
            return watcher.round
        }
        guard let round else { return take(number) }
        let changes = changes
        // The interval runs out in a task of its own, which wakes this round if it still waits.
        let timer = Task {
            // Cancelled: the round is over (or the caller's task is cancelled, which ends the
            // wait by itself); an old round's timer must not mark a later round expired.
            do { try await Task.sleep(for: interval) } catch { return }
            changes.state.withLock { state in
                guard var watcher = state.watchers[number] else { return }
                // Before the round waits, it finds it expired.
                watcher.expiredRound = max(watcher.expiredRound, round)
                let waiting = watcher.waiting
                if waiting?.round == round { watcher.waiting = nil }
                state.watchers[number] = watcher
                if let waiting, waiting.round == round { waiting.continuation.resume(returning: nil) }
            }
        }
        defer { timer.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Change?, Never>) in
                changes.state.withLock { state in
                    guard var watcher = state.watchers[number], !Task.isCancelled, watcher.expiredRound != round else {
                        continuation.resume(returning: nil)
                        return
                    }
                    // A change came in since the round began.
                    if let pending = watcher.pending {
                        watcher.pending = nil
                        state.watchers[number] = watcher
                        continuation.resume(returning: pending)
                        return
                    }
                    precondition(watcher.waiting == nil, "two waits at once on one FileWatch")
                    watcher.waiting = (round, continuation)
                    state.watchers[number] = watcher
                }
            }
        } onCancel: {
            timer.cancel()
            changes.state.withLock { state in
                guard var watcher = state.watchers[number], let waiting = watcher.waiting, waiting.round == round else { return }
                watcher.waiting = nil
                state.watchers[number] = watcher
                waiting.continuation.resume(returning: nil)
            }
        }
    }

    /// `next(within:)` for a thread that may block (not one of the cooperative pool's): the
    /// next change, or nil once `interval` has passed without one.
    public func wait(within interval: Duration, fallback: Duration = .milliseconds(25)) -> Change? {
        if let number, let pending = take(number) { return pending }
        guard let number, hasEvents else {
            let seconds = min(interval, fallback).seconds
            usleep(useconds_t(seconds * 1_000_000))
            return .written
        }
        return changes.state.wait(seconds: interval.seconds) { state -> Change? in
            guard var watcher = state.watchers[number] else { return .closedOrMoved }
            guard let pending = watcher.pending else { return nil }
            watcher.pending = nil
            state.watchers[number] = watcher
            return pending
        }
    }

    /// The change waiting for watch `number`, taken.
    private func take(_ number: Int) -> Change? {
        changes.state.withLock { state in
            guard var watcher = state.watchers[number] else { return nil }
            let pending = watcher.pending
            watcher.pending = nil
            state.watchers[number] = watcher
            return pending
        }
    }
}

extension Duration {
    /// The duration in seconds.
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
