import Foundation

// Swift Testing is there in test builds only: a release build of every target
// (`scripts/build-release --all`) builds this module without the trait.
#if canImport(Testing)
public import Testing

/// Runs each test of a suite on threads of its own instead of Swift's cooperative pool.
///
/// The end-to-end tests are synchronous: they wait for `narrate` processes, poll files and
/// sleep between polls, each for seconds and the shared-queue ones for minutes. Run on the
/// cooperative pool (one thread a core: two here), two of them at once held every thread,
/// and the in-process server tests of the same test binary starved: their requests timed
/// out after 20 s in CI, and Swift Testing's own events waited. With this trait a blocking
/// test blocks only a thread made for it. At most one such test a core runs at once, as
/// when they held the pool's threads, so the machine is not swamped with `narrate` processes.
///
/// The queue's tests are async (PostgreSQL's client is), and for the same reason run with it:
/// a test awaiting a connection is resumed on a thread of its own, not after the blocking
/// tests beside it let a pool thread go (a refused connection once took 51 s to be told).
public struct OwnThreads: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Only test cases get threads; a suite itself runs nothing that waits.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OwnThreads? {
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

extension Trait where Self == OwnThreads {
    /// Each test on threads of its own (see `OwnThreads`).
    public static var ownThreads: Self { OwnThreads() }
}

#endif

/// A task executor that runs each job on a new thread: a job that blocks holds only its own.
final class ThreadPerJobExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
