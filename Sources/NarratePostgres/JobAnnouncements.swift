import Foundation
import Logging
import NIOConcurrencyHelpers
import NarrateCore
internal import PostgresNIO

/// Hearing the queued jobs announced on a channel (`LISTEN`), on a connection of its own (a
/// listening connection should not be busy): an idle worker waits on it instead of looking at
/// the queue again and again. A job announced while nobody waits is kept for the next wait
/// (one mark: a claim after it finds every job queued meanwhile). A lost connection ends the
/// hearing; the next wait listens again.
///
/// One worker waits at a time; a second wait ends the first with false.
final class JobAnnouncements: Sendable {
    private struct State {
        /// A job was announced since the last wait took the mark.
        var announced = false
        /// The wait in progress.
        var waiter: (id: Int, continuation: CheckedContinuation<Bool, Never>)?
        var nextWaiter = 0
        /// The task that hears the channel, while it does, and its number.
        var hearing: (id: Int, task: Task<Void, Never>)?
        var nextHearing = 0
        /// A hearing that ended before it could be kept (its connection lost at once).
        var endedEarly: Int?
        /// A connection for hearing is being made: no second one is started meanwhile.
        var connecting = false
        /// `close` was called: nothing is heard from then on.
        var closed = false
    }

    private let address: PostgresQueueAddress
    private let channel: String
    private let state = NIOLockedValueBox(State())

    init(address: PostgresQueueAddress, channel: String) {
        self.address = address
        self.channel = channel
    }

    deinit {
        state.withLockedValue { $0.hearing?.task.cancel() }
    }

    /// How long a worker waits, before it claims, for the channel to be heard.
    static let listenPatience = 5.0

    /// Starts hearing the channel, if not already: a worker does so before it claims, so that
    /// no job queued after its last claim goes unheard. Failing to listen is not an error:
    /// the worker then finds jobs at its next look, a wait's time-out. Waits at most
    /// `seconds`: a server that takes the connection but never answers its login or LISTEN
    /// (one restarting) must not keep the worker asleep; the hearing is then made, or given
    /// up, in the background, and no other is started meanwhile.
    func listen(atMost seconds: Double = listenPatience) async {
        let attempt = Task { await self.hear() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = NIOLockedValueBox<CheckedContinuation<Void, Never>?>(continuation)
            let resume = { @Sendable in
                once.withLockedValue { pending in
                    defer { pending = nil }
                    return pending
                }?.resume()
            }
            Task {
                await attempt.value
                resume()
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                resume()
            }
        }
    }

    /// Connects and hears the channel until the connection is lost; returns once it is heard
    /// (or could not be).
    private func hear() async {
        let id = state.withLockedValue { state -> Int? in
            guard state.hearing == nil, !state.closed, !state.connecting else { return nil }
            state.connecting = true
            state.nextHearing += 1
            return state.nextHearing
        }
        guard let id else { return }
        defer { state.withLockedValue { $0.connecting = false } }
        guard let connection = try? await PostgresSession.connect(address) else { return }
        let (ready, readiness) = AsyncStream.makeStream(of: Bool.self)
        let (channel, state) = (self.channel, self.state)
        // The task holds the state, not this object: a weak reference's side table, still
        // there when the process exits, is a leak to LeakSanitizer (its pointer is encoded).
        let hearing = Task {
            do {
                try await connection.listen(on: channel) { notifications in
                    // A statement after the LISTEN: once it answers, LISTEN is in force.
                    _ = try await connection.query("SELECT 1", logger: Logger(label: "narrate.queue") { _ in SwiftLogNoOpLogHandler() })
                    readiness.yield(true)
                    for try await _ in notifications { Self.announce(in: state) }
                }
            } catch {}
            readiness.finish()
            try? await connection.close()
            // Only this hearing's slot: a later one may have taken it.
            state.withLockedValue { state in
                if state.hearing?.id == id { state.hearing = nil } else { state.endedEarly = id }
            }
        }
        var iterator = ready.makeAsyncIterator()
        guard await iterator.next() == true else {
            hearing.cancel()
            return
        }
        // Kept unless closed meanwhile, or another listen got there first (then this one goes).
        let kept = state.withLockedValue { state -> Bool in
            guard !state.closed, state.hearing == nil, state.endedEarly != id else { return false }
            state.hearing = (id, hearing)
            return true
        }
        if !kept { hearing.cancel() }
    }

    /// Waits until a job is announced or `seconds` pass (or the task is cancelled); true when
    /// one was announced (the caller claims, and may find it taken by another worker).
    func wait(seconds: Double) async -> Bool {
        // Heard before the wait, as before a claim: a job queued meanwhile is not missed.
        await listen(atMost: Self.listenPatience)
        let id = state.withLockedValue { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let (previous, taken) = state.withLockedValue { state in
                    if state.announced {
                        state.announced = false
                        return (nil as CheckedContinuation<Bool, Never>?, true)
                    }
                    defer { state.waiter = (id, continuation) }
                    return (state.waiter?.continuation, false)
                }
                previous?.resume(returning: false)
                if taken {
                    continuation.resume(returning: true)
                    return
                }
                // Cancelled before the wait was in place: the handler found nothing to end.
                if Task.isCancelled {
                    Self.end(waiter: id, announced: false, in: state)
                    return
                }
                Task { [state] in
                    try? await Task.sleep(for: .seconds(seconds))
                    Self.end(waiter: id, announced: false, in: state)
                }
            }
        } onCancel: {
            Self.end(waiter: id, announced: false, in: state)
        }
    }

    /// Ends the hearing and any wait.
    func close() {
        let (hearing, waiter) = state.withLockedValue { state in
            defer { (state.hearing, state.waiter, state.closed) = (nil, nil, true) }
            return (state.hearing, state.waiter)
        }
        hearing?.task.cancel()
        waiter?.continuation.resume(returning: false)
    }

    /// A job was announced: the waiter, if any, is told; else the mark is kept.
    private static func announce(in state: NIOLockedValueBox<State>) {
        let waiter = state.withLockedValue { state in
            defer { state.waiter = nil }
            if state.waiter == nil { state.announced = true }
            return state.waiter
        }
        waiter?.continuation.resume(returning: true)
    }

    /// Ends wait `id` with `announced`, if it is still the one in progress.
    private static func end(waiter id: Int, announced: Bool, in state: NIOLockedValueBox<State>) {
        let waiter = state.withLockedValue { state -> (id: Int, continuation: CheckedContinuation<Bool, Never>)? in
            guard let waiter = state.waiter, waiter.id == id else { return nil }
            state.waiter = nil
            return waiter
        }
        waiter?.continuation.resume(returning: announced)
    }
}
