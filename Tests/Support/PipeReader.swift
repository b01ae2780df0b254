public import Foundation

/// Reads a pipe to its end on a thread of its own, started at once (so a child never waits
/// on a full pipe, whatever the cooperative pool is doing), and hands what it read to a test
/// that awaits it.
public final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    private var waiting: [CheckedContinuation<Data, Never>] = []

    /// Starts reading `handle`.
    public init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            let read = handle.readDataToEndOfFile()
            // Read to its end: closed now, not whenever the pipe is freed.
            try? handle.close()
            let resumed = lock.withLock {
                data = read
                defer { waiting = [] }
                return waiting
            }
            for continuation in resumed { continuation.resume(returning: read) }
        }
        thread.start()
    }

    /// Everything the pipe gave, once its writers have closed it.
    public func value() async -> Data {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock {
                if data == nil { waiting.append(continuation) }
                return data
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

extension Pipe {
    /// What is left to read from the pipe, as text, read to its end on a thread of its own
    /// (a process's standard error once it has ended).
    public func remainingText() async -> String {
        String(decoding: await PipeReader(fileHandleForReading).value(), as: UTF8.self)
    }
}
