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
/// of their own (`onOwnThread`), polls with `pause`. Their jobs still run on threads of their
/// own (`ThreadPerJobExecutor`), not on Swift's cooperative pool: that pool (one thread a
/// core) is also where the synchronous, CPU-bound unit tests compute, for minutes when
/// instrumented: behind them a test waiting to see a batch's job running gave up under
/// AddressSanitizer, and a refused PostgreSQL connection was told after 79 s.
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
            try await withTaskExecutorPreference(ThreadPerJobExecutor()) {
                try await function()
            }
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

/// A task executor that runs each job on a new thread: the end-to-end tests' jobs never
/// wait for a thread of the cooperative pool, whatever the CPU-bound tests beside them do.
final class ThreadPerJobExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
