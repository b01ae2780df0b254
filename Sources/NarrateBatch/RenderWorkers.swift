public import NarrateCore
public import NarrateQueue

/// What starts the worker processes that render for the server (eSpeak NG is process-global
/// and not thread-safe, so no render runs inside the server process).
public protocol RenderWorkers: Sendable {
    /// Makes sure a worker is running to take the queued jobs of `priority` and above.
    /// Called when a render is asked for and while a page polls one, so a job queued as the
    /// last worker left is taken; and when episodes for the feeds are queued.
    /// Async, so that a worker in this process (the tests') can run the jobs at once.
    func ensureRunning(for priority: JobPriority) async throws(NarrateError)

    /// Starts the listening worker ahead of any render, with the voice the library's newest
    /// article is spoken in loaded, so that the first article a listener starts does not
    /// wait for a process and a neural voice's model; best effort.
    func startStandby()
}

extension RenderWorkers {
    /// Nothing to start ahead.
    public func startStandby() {}

    /// Makes sure a worker takes the render a listener waits for.
    public func ensureRunning() async throws(NarrateError) {
        try await ensureRunning(for: .listening)
    }
}
