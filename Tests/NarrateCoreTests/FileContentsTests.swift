import Foundation
import NarrateCore
import Synchronization
import Testing

/// Reading whole files and standard input, and stopping a read that waits for input.
@Suite("FileContents")
struct FileContentsTests {
    /// The `errno` a read failed with, or nil when it did not.
    func failure(_ read: () throws -> [UInt8]) -> Int32? {
        do {
            _ = try read()
            return nil
        } catch {
            return (error as? FileContents.ReadError)?.code ?? -1
        }
    }

    @Test func aFileIsReadWholeAndAFolderIsRefused() throws {
        let scratch = try Scratch()
        let bytes = (0..<200_000).map { UInt8($0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: "\(scratch.path)/big"))
        #expect(try FileContents.read("\(scratch.path)/big") == bytes)
        #expect(failure { try FileContents.read(scratch.path) } == EISDIR)
        #expect(failure { try FileContents.read("\(scratch.path)/none") } == ENOENT)
    }

    /// A pipe nobody writes to (standard input at a terminal, `narrate convert -`) stops
    /// waiting once the caller cancels, even when the signal that cancelled came before the
    /// read began and so interrupted nothing.
    @Test func aReadWaitingForInputStopsWhenCancelledWithoutASignal() throws {
        let scratch = try Scratch()
        let fifo = "\(scratch.path)/input"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for writing (and reading, so opening it does not wait), never written.
        let writer = open(fifo, O_RDWR)
        #expect(writer >= 0)
        let cancelled = Atomic<Bool>(false)
        // NSCondition rather than Mutex: ThreadSanitizer sees it.
        let finished = NSCondition()
        nonisolated(unsafe) var outcome: Result<[UInt8], FileContents.ReadError>?
        let reader = Thread {
            let result = Result { () throws(FileContents.ReadError) in
                try FileContents.read(fifo, isCancelled: { cancelled.load(ordering: .relaxed) })
            }
            finished.lock()
            outcome = result
            finished.signal()
            finished.unlock()
        }
        reader.start()
        Thread.sleep(forTimeInterval: 0.3)
        cancelled.store(true, ordering: .relaxed)
        finished.lock()
        let deadline = Date().addingTimeInterval(30)
        while outcome == nil, finished.wait(until: deadline) {}
        let stopped = outcome != nil
        finished.unlock()
        #expect(stopped, "the read still waits for input 30 s after it was cancelled")
        // End of input lets a read that is still waiting go.
        close(writer)
        finished.lock()
        while outcome == nil { finished.wait() }
        let result = try #require(outcome)
        finished.unlock()
        #expect(failure { try result.get() } == EINTR)
    }
}
