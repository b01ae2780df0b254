import Logging
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarratePublishing
import NarrateQueue
import ServiceLifecycle

/// Renders ahead the episodes of the feeds podcast apps follow, while the server runs: every
/// few seconds (and at once when a feed is fetched for the first time) the articles of those
/// feeds without audio in their format are queued, a few at a time, for the batch workers,
/// and a worker is started to take them. New and re-tagged articles are taken up on the
/// next look; an episode appears in its feed once its audio exists.
struct FeedRenderAhead: Service {
    let work: LibraryWork
    let workers: any RenderWorkers
    /// Seconds between looks.
    let interval: Double
    let logger: Logger

    /// Looks until the server shuts down (then it returns quietly: stopping is no error).
    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                // While episodes are being made, looked at every second, so the queue is
                // topped up before the worker runs out of work (and leaves).
                let busy = await look()
                try await Task.sleep(for: .milliseconds(Int((busy ? min(interval, 1) : interval) * 1_000)))
            }
        }
    }

    /// Queues what the followed feeds lack and makes sure a worker takes it; whether episodes
    /// are waiting or being made.
    @discardableResult
    func look() async -> Bool {
        do {
            let (waiting, busy) = try await work.run { library throws(NarrateError) -> (Bool, Bool) in
                let followed = try FeedSubscriptions(library: library).followed()
                guard !followed.isEmpty else { return (false, false) }
                try EpisodeQueue(library: library).fill(followed)
                let episodes = try library.queue.jobs(in: [.queued, .running]).filter { $0.priority == .background }
                return (episodes.contains { $0.state == .queued }, !episodes.isEmpty)
            }
            if waiting { try await workers.ensureRunning(for: .background) }
            return busy
        } catch is CancellationError {
            return false // the server is stopping (or never started): no error to report
        } catch {
            if Task.isCancelled { return false }
            logger.warning("rendering the feeds' episodes ahead: \(error)")
            return false
        }
    }
}
