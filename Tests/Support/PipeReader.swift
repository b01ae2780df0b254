public import Foundation

/// Reads a pipe to its end on a thread of its own, from the moment it is made (so a child
/// never waits on a full pipe), and hands what it read to a test that awaits it.
public final class PipeReader: Sendable {
    private let data: Task<Data, any Error>

    /// Starts reading `handle`.
    public init(_ handle: FileHandle) {
        data = Task { try await onOwnThread { handle.readDataToEndOfFile() } }
    }

    /// Everything the pipe gave, once its writers have closed it.
    public func value() async -> Data {
        (try? await data.value) ?? Data()
    }
}

extension Pipe {
    /// What is left to read from the pipe, as text, read to its end on a thread of its own
    /// (a process's standard error once it has ended).
    public func remainingText() async -> String {
        String(decoding: await PipeReader(fileHandleForReading).value(), as: UTF8.self)
    }
}
