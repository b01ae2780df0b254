import Foundation

/// Runs `body`, which blocks (sockets, a process's pipes, a sleep the test must time
/// exactly), on a thread of its own and waits for it without holding a thread of Swift's
/// cooperative pool: an in-process server answers on that pool (two threads on two cores),
/// which two blocked tests would starve.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// Waits `seconds` without holding a thread (a test polling a file or a process).
public func pause(_ seconds: Double) async {
    try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
}

/// Polls `condition` every `interval` seconds until it holds or `seconds` pass, without
/// holding a thread between looks; whether it held.
@discardableResult
public func poll(
    every interval: Double = 0.02, for seconds: Double, until condition: () throws -> Bool
) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        await pause(interval)
    }
    return try condition()
}
