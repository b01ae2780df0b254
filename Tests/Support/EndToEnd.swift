import Foundation

// Swift Testing is there in test builds only: a release build of every target
// (`scripts/build-release --all`) builds this module without the trait.
#if canImport(Testing)
public import Testing

/// Marks a suite of end-to-end tests: each runs `narrate` processes (or a PostgreSQL) and
/// waits for them. At most one such test a core runs at once, so the machine is not swamped
/// with processes that each want a core (a render, a server, a batch's workers).
///
/// The tests are async and wait without holding a thread: a process's end through its
/// termination handler (`Process.exited()`), its pipes and any other blocking call on threads
/// of their own (`onOwnThread`), polls with `pause`. They run on Swift's cooperative pool
/// (one thread a core), beside the unit tests: the unit tests that compute or block for
/// seconds (a neural voice over two samples, a 4 GB WAV file, a 5 MB page, cover images,
/// Python making a test voice) do it on threads of their own too, so a test waiting for an
/// event is not kept from seeing it (under AddressSanitizer such a wait once gave up).
public struct EndToEnd: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Only test cases take a slot; a suite itself runs nothing that waits.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> EndToEnd? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await Self.slots.take()
        do {
            try await function()
            await Self.slots.give()
        } catch {
            await Self.slots.give()
            throw error
        }
    }

    private static let slots = TestSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))
}

/// A counting semaphore for tests, waited on without holding a thread.
actor TestSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    /// Takes a slot, waiting for one to be given back if none is free.
    func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a slot back, to the longest waiter if there is one.
    func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

extension Trait where Self == EndToEnd {
    /// An end-to-end test, one a core at once (see `EndToEnd`).
    public static var endToEnd: Self { EndToEnd() }
}

#endif
