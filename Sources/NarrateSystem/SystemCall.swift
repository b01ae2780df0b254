/// The system calls narrate makes in more than one place, made as swift-nio's `System.swift`
/// makes them: a call a signal interrupted (EINTR) is made again, at once; any other failure
/// is thrown as a `SystemError` with errno's code. The whole-buffer writes go on after short
/// writes.
public enum SystemCall {
    /// read(2) into `buffer`: the bytes read, 0 at the end.
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        try again { systemRead(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// read(2) into `bytes` (as many as it holds): the bytes read, 0 at the end. When a signal
    /// interrupts it, `stopsWhen` is asked first: true ends it with `EINTR` (the reader was
    /// asked to stop), false makes the call again.
    public static func read(
        _ descriptor: Int32, into bytes: inout [UInt8], stopsWhen isCancelled: () -> Bool = { false }
    ) throws(SystemError) -> Int {
        try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try again(unless: isCancelled) { systemRead(descriptor, buffer.baseAddress, buffer.count) } }
        }.get()
    }

    /// pread(2) into `buffer` from `offset`: the bytes read, 0 at the end.
    public static func pread(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws(SystemError) -> Int {
        try again { systemPread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// write(2) of `bytes`: the bytes written.
    public static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        try again { systemWrite(descriptor, bytes.baseAddress, bytes.count) }
    }

    /// Writes all of `bytes`; a write that takes nothing is `EIO`.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var done = 0
        while done < bytes.count {
            let count = try write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[done...]))
            guard count > 0 else { throw SystemError(code: EIO) }
            done += count
        }
    }

    /// Writes all of `bytes`; a write that takes nothing is `EIO`.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try writeAll(descriptor, buffer) } }.get()
    }

    /// Writes all of `bytes` at `offset` (pwrite(2)); a write that takes nothing is `EIO`.
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(SystemError) {
        var done = 0
        while done < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[done...])
            let count = try again { systemPwrite(descriptor, rest.baseAddress, rest.count, off_t(offset) + off_t(done)) }
            guard count > 0 else { throw SystemError(code: EIO) }
            done += count
        }
    }

    /// Writes all of `bytes` at `offset` (pwrite(2)); a write that takes nothing is `EIO`.
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], at offset: Int64) throws(SystemError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try writeAll(descriptor, buffer, at: offset) } }.get()
    }

    /// close(2). EINTR counts as closed, as on Linux the descriptor is gone then (calling
    /// close again could close one another thread has just opened).
    public static func close(_ descriptor: Int32) throws(SystemError) {
        guard systemClose(descriptor) != 0 else { return }
        let code = errno
        if code != EINTR { throw SystemError(code: code) }
    }

    /// Waits for child `pid` to end: its exit status, nil when a signal ended it.
    @discardableResult
    public static func waitForExit(_ pid: pid_t) throws(SystemError) -> Int32? {
        var status: Int32 = 0
        _ = try again { Int(waitpid(pid, &status, 0)) }
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    /// socket(2) for a stream to a Unix-domain socket, closed on exec where the system can
    /// say so at once (Linux); -1 with errno set when it fails.
    public static func unixStreamSocket() -> Int32 {
        #if canImport(Glibc)
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
    }

    /// `call` made until it is not interrupted (or, interrupted, `isCancelled` says to stop:
    /// `EINTR`): its result, or errno's failure.
    private static func again(unless isCancelled: () -> Bool = { false }, _ call: () -> Int) throws(SystemError) -> Int {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = errno
            if code != EINTR || isCancelled() { throw SystemError(code: code) }
        }
    }
}

// The C functions by other names: a type with a method called `read` or `write` would
// otherwise find its own.
#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemPread = Glibc.pread
private let systemWrite = Glibc.write
private let systemPwrite = Glibc.pwrite
private let systemClose = Glibc.close
#elseif canImport(Darwin)
private let systemRead = Darwin.read
private let systemPread = Darwin.pread
private let systemWrite = Darwin.write
private let systemPwrite = Darwin.pwrite
private let systemClose = Darwin.close
#endif
