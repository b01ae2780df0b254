import Foundation
import NarrateSystem
import Synchronization
import Testing

/// Where the interrupted-read test is: 1 the plain read, 2 SystemCall's, 3 done.
private final class Phase: Sendable {
    let value = Atomic<Int>(1)
}

@Suite("System calls")
struct SystemCallTests {
    @Test("Everything written to a pipe is read back, and the end reads as 0")
    func pipeRoundTrip() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let message = Array("a line through a pipe\n".utf8)
        try SystemCall.writeAll(ends[1], message)
        try SystemCall.close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try SystemCall.read(ends[0], into: &buffer)
        #expect(Array(buffer[..<count]) == message)
        #expect(try SystemCall.read(ends[0], into: &buffer) == 0)
        try SystemCall.close(ends[0])
    }

    @Test("A write at an offset lands there, and pread reads it from there")
    func positionedWriteAndRead() throws {
        let path = NSTemporaryDirectory() + "narrate-system-\(UUID().uuidString)"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        defer { unlink(path) }
        try SystemCall.writeAll(descriptor, Array("0123456789".utf8))
        try SystemCall.writeAll(descriptor, Array("abc".utf8), at: 4)
        var middle = [UInt8](repeating: 0, count: 5)
        let count = try middle.withUnsafeMutableBytes { try SystemCall.pread(descriptor, into: $0, at: 3) }
        #expect(count == 5)
        #expect(String(decoding: middle, as: UTF8.self) == "3abc7")
        try SystemCall.close(descriptor)
    }

    @Test("A read a signal interrupts is made again, not failed with EINTR")
    func interruptedReadIsMadeAgain() throws {
        // A handler without SA_RESTART: the blocked read returns EINTR when the signal comes.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGURG, &action, &previous)
        defer { sigaction(SIGURG, &previous, nil) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        // The test's thread may be one of a pool's, which block signals: this one takes SIGURG.
        var urgent = sigset_t()
        sigemptyset(&urgent)
        sigaddset(&urgent, SIGURG)
        var mask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &urgent, &mask)
        defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
        let reader = pthread_self()
        let writeEnd = ends[1]
        let phase = Phase()
        // Signals every 2 ms until the reader is done: in phase 1 (the plain read) with no byte
        // to read, in phase 2 (SystemCall's read) 50 of them before the byte.
        let interrupter = Thread {
            var sentInPhaseTwo = 0
            while phase.value.load(ordering: .acquiring) != 3 {
                pthread_kill(reader, SIGURG)
                usleep(2_000)
                if phase.value.load(ordering: .acquiring) == 2 {
                    sentInPhaseTwo += 1
                    if sentInPhaseTwo == 50 { _ = try? SystemCall.writeAll(writeEnd, [42]) }
                }
            }
        }
        interrupter.start()
        var buffer = [UInt8](repeating: 0, count: 1)
        // The control: the plain call is interrupted.
        let plain = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, 1) }
        let plainError = errno
        phase.value.store(2, ordering: .releasing)
        let count = try SystemCall.read(ends[0], into: &buffer)
        phase.value.store(3, ordering: .releasing)
        #expect(plain == -1 && plainError == EINTR)
        #expect(count == 1)
        #expect(buffer == [42])
    }

    @Test("A failure carries errno and the system's words for it")
    func failuresCarryTheCode() {
        #expect(throws: SystemError(code: EBADF)) { try SystemCall.close(-1) }
        var buffer = [UInt8](repeating: 0, count: 1)
        #expect(throws: SystemError(code: EBADF)) { try SystemCall.read(-1, into: &buffer) }
        #expect(SystemError(code: ENOSPC).description == String(cString: strerror(ENOSPC)))
    }

    @Test("A spawned process's exit status is told, and a signal's end is nil")
    func exitStatus() throws {
        let exited = try ProcessSpawn.start("/bin/sh", arguments: ["sh", "-c", "exit 3"]) { _ in }
        #expect(try SystemCall.waitForExit(exited) == 3)
        let killed = try ProcessSpawn.start("/bin/sh", arguments: ["sh", "-c", "kill -KILL $$"]) { _ in }
        #expect(try SystemCall.waitForExit(killed) == nil)
        #expect(throws: SystemError(code: ENOENT)) {
            try ProcessSpawn.start("/nonexistent/narrate-helper", arguments: ["helper"]) { _ in }
        }
    }
}
