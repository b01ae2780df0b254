import Foundation

/// A value behind a lock that ThreadSanitizer sees (a pthread mutex, through `NSLock`).
///
/// The engine's lock is held for a whole synthesis, so other threads wait on it for long. The
/// standard library's `Mutex` waits in a futex inside the uninstrumented runtime on Linux, and
/// ThreadSanitizer, seeing no acquire, then reported the engine's own state, read and written
/// only under that lock, as a race (a neural voice's phonemes asked for on one thread while
/// another synthesized).
final class EngineLock<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
