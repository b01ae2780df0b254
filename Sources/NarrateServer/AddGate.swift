import NarrateCore
import NarrateSystem

/// Lets one article at a time be read and added through the API: a page fetched may be
/// 16 MiB, which takes some 360 MB to read, and two such requests at once would take twice
/// that. A request waits here without holding a thread (the pool's threads stay free for
/// everything else), in the order it came.
actor AddGate {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` alone among the gate's.
    func run<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            // What the article took, back to the system rather than kept by the allocator.
            MemoryTrim.giveBack()
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
