import NarrateSystem

/// A command that stops cleanly on Ctrl-C, `kill` or a hang-up: the root installs its signal
/// handlers on the main thread before it runs (a signal mask is a thread's, and an async
/// command runs on Swift's pool, whose threads come and go). By default the stop signals set
/// the flag narration checks between chunks; a command with roles of its own (a worker, a
/// supervisor) installs what each role handles.
protocol HandlesStopSignals {
    /// Installs the handlers; called once, on the main thread, before `run`.
    func installSignals()
}

extension HandlesStopSignals {
    func installSignals() {
        Interruption.install()
    }
}
