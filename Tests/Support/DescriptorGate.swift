public import Foundation

/// Keeps the tests from starting a process while one test holds over a thousand descriptors.
/// Foundation's `Process.run` on Linux lists `/proc/self/fd` to close what the child should
/// not inherit, and with some 1,300 descriptors open it read past the end of a directory
/// record and the test process crashed (SIGSEGV in memcpy, while the connection-flood test
/// held its connections). Every process the tests start goes through `launch`; the flood
/// holds its connections inside `holdingManyDescriptors`, which waits for launches under way
/// and makes new ones wait for it.
public enum DescriptorGate {
    private static let condition = NSCondition()
    nonisolated(unsafe) private static var launches = 0
    nonisolated(unsafe) private static var holding = false
    nonisolated(unsafe) private static var waitingToHold = 0

    /// Runs `process` once no test holds many descriptors, watching for its exit
    /// (`Process.exited()`).
    public static func launch(_ process: Process) throws {
        condition.lock()
        while holding || waitingToHold > 0 { condition.wait() }
        launches += 1
        condition.unlock()
        defer {
            condition.lock()
            launches -= 1
            condition.broadcast()
            condition.unlock()
        }
        ProcessExit.watch(process)
        try process.run()
    }

    /// Runs `process` once no test holds many descriptors, waiting for that on a thread of
    /// its own rather than one of the cooperative pool.
    public static func launch(_ process: Process) async throws {
        try await onOwnThread { try launch(process) }
    }

    /// Runs `body`, which opens many descriptors, while no process is being started.
    public static func holdingManyDescriptors<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        waitingToHold += 1
        while holding || launches > 0 { condition.wait() }
        waitingToHold -= 1
        holding = true
        condition.unlock()
        defer {
            condition.lock()
            holding = false
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
