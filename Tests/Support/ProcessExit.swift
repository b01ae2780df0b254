public import Foundation

/// The exit of a process the tests started, awaited without holding a thread.
///
/// Foundation's `Process.waitUntilExit` holds its thread (and, on a thread without a run
/// loop of its own, spins); its `terminationHandler` is called at once, but only if it was set
/// before the process ended: one set after the process ran may race with its end and never
/// be called. `DescriptorGate.launch`, which starts every process of the tests, sets it
/// through `watch` first; `Process.exited()` then waits for that call.
final class ProcessExit: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    nonisolated(unsafe) private static var exits: [ObjectIdentifier: ProcessExit] = [:]
    private static let exitsLock = NSLock()

    /// Sets `process`'s termination handler (chaining any it has) so its exit can be awaited.
    static func watch(_ process: Process) {
        let exit = ProcessExit()
        let earlier = process.terminationHandler
        process.terminationHandler = { ended in
            earlier?(ended)
            exit.end()
            forget(ended)
        }
        exitsLock.withLock { exits[ObjectIdentifier(process)] = exit }
    }

    /// The exit watched for `process`, if `watch` was called before it ran.
    static func of(_ process: Process) -> ProcessExit? {
        exitsLock.withLock { exits[ObjectIdentifier(process)] }
    }

    /// Forgets `process` once its exit has been seen.
    static func forget(_ process: Process) {
        exitsLock.withLock { _ = exits.removeValue(forKey: ObjectIdentifier(process)) }
    }

    private func end() {
        let resumed = lock.withLock {
            ended = true
            defer { waiting = [] }
            return waiting
        }
        for continuation in resumed { continuation.resume() }
    }

    /// Returns once the process has ended.
    func wait() async {
        await withCheckedContinuation { continuation in
            let now = lock.withLock {
                if ended { return true }
                waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

extension Process {
    /// Waits for the process to end without holding a thread; its exit status.
    ///
    /// A process started through `DescriptorGate.launch` is awaited by its termination
    /// handler while it runs; one that has ended, or was started otherwise, is looked at every
    /// few milliseconds until Foundation marks it ended (which it may do a moment after the
    /// handler is called, or before).
    @discardableResult
    public func exited() async -> Int32 {
        if let exit = ProcessExit.of(self) { await exit.wait() }
        while isRunning { await pause(0.002) }
        return terminationStatus
    }
}
