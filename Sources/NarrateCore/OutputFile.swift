import NarrateSystem

/// One output narrate writes, whatever is at its path (see `OutputTarget`), with every
/// write, flush and close checked.
///
/// A file is written to a temporary file beside the one it replaces (`.NAME.XXXXXX.tmp`);
/// `commit()` flushes its data to the disk (`fsync`), closes it, renames it into place and
/// flushes the folder, so neither a crash nor a power cut leaves a renamed but empty or
/// half-written file, and the old file stays whole until the new one is. A stream (standard
/// output, a character device, a FIFO, a socket) is written in place and never replaced.
/// A failed write (a full disk, an I/O error, a reader that went away) is `.writeFailed`
/// (`.streamWriteFailed` for a stream).
public final class OutputFile {
    /// What is being written to.
    public let target: OutputTarget
    /// The descriptor the bytes go to: the temporary file, or the stream.
    public let descriptor: Int32
    /// The temporary file being written; nil for a stream.
    public let temporaryPath: String?
    /// Bytes written so far.
    public private(set) var bytesWritten = 0

    private let overwrite: Bool
    private var isOpen = true

    /// The temporary files a writer of `path` may have left beside it (`.NAME.XXXXXX.tmp`),
    /// as a process killed mid-write leaves them. Only for a regular file's path.
    public static func leftovers(of path: String) -> [String] {
        guard let target = try? OutputTarget.resolve(path), target.kind == .file else { return [] }
        let directory = OutputTarget.directory(of: target.resolvedPath)
        let prefix = ".\(OutputTarget.name(of: target.resolvedPath))."
        // The prefix, six random characters, ".tmp".
        return DirectoryEntries.names(directory)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".tmp") && $0.utf8.count == prefix.utf8.count + 10 }
            .map { "\(directory)/\($0)" }.sorted()
    }

    /// Seconds a temporary file nobody holds must have been left unchanged before it is
    /// taken for abandoned: a writer holds its file's lock from a moment after making it.
    static let abandonedAfterSeconds = 10

    /// Removes the temporary files beside `path` whose writer is gone (killed, or a version
    /// of narrate that held no lock): no process holds their lock and they have not changed
    /// for `abandonedAfterSeconds`. Every output does this before it is written, so whatever
    /// a killed run left beside a file goes the next time the file is written. Returns the
    /// files removed.
    @discardableResult
    public static func removeAbandoned(leftoversOf path: String) -> [String] {
        var removed: [String] = []
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        for leftover in leftovers(of: path) {
            let descriptor = open(leftover, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                Int(now.tv_sec) - Int(status.modified.tv_sec) >= abandonedAfterSeconds,
                flock(descriptor, LOCK_EX | LOCK_NB) == 0
            else { continue }
            if unlink(leftover) == 0 { removed.append(leftover) }
        }
        return removed
    }

    /// Opens `target` for writing. A file that exists is refused with `.outputExists` unless
    /// `overwrite`; a FIFO waits for a reader (`isCancelled` is asked when a signal
    /// interrupts the wait, and `true` makes it `.interrupted`).
    public init(_ target: OutputTarget, overwrite: Bool, isCancelled: () -> Bool = { false }) throws(NarrateError) {
        self.target = target
        self.overwrite = overwrite
        switch target.kind {
        case .file:
            if target.exists, !overwrite { throw .outputExists(path: target.path) }
            let directory = OutputTarget.directory(of: target.resolvedPath)
            var template = Array("\(directory)/.\(OutputTarget.name(of: target.resolvedPath)).XXXXXX.tmp".utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
            guard descriptor >= 0 else {
                throw .cannotCreateOutput(path: target.path, reason: OutputTarget.reason(errno))
            }
            self.descriptor = descriptor
            temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // mkstemps makes the file private (0600); an output gets the usual mode.
            fchmod(descriptor, 0o666 & ~Self.creationMask)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            // Held until the file is closed, and let go by the system when the process dies:
            // a temporary file nobody holds is one a killed writer left.
            _ = flock(descriptor, LOCK_EX | LOCK_NB)
            Self.removeAbandoned(leftoversOf: target.path)
        case .standardOutput:
            descriptor = STDOUT_FILENO
            temporaryPath = nil
        case .characterDevice, .fifo:
            descriptor = try Self.openStream(target, isCancelled: isCancelled)
            temporaryPath = nil
        case .socket:
            descriptor = try Self.connectSocket(target)
            temporaryPath = nil
        }
    }

    deinit {
        if isOpen { discard() }
    }

    /// The path written to, as the user gave it ("standard output" for `-`).
    public var displayPath: String {
        target.kind == .standardOutput ? "standard output" : target.path
    }

    /// Writes all of `bytes`, retrying short writes and interrupted ones.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(NarrateError) {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let count: Int
            do {
                count = try SystemCall.write(descriptor, UnsafeRawBufferPointer(start: base, count: remaining))
            } catch {
                throw failure(OutputTarget.reason(error.code))
            }
            if count == 0 { throw failure(OutputTarget.reason(EIO)) }
            base += count
            remaining -= count
            bytesWritten += count
            unstarted += count
        }
        // A long file's pages start on their way to the disk as it grows, without waiting
        // for them, so the flush before the rename finds little left to do (on this machine
        // 2 to 4 ms instead of 30 for the 33-minute WAV). Waiting here instead (fdatasync)
        // stalled synthesis.
        if temporaryPath != nil, unstarted >= Self.writebackEvery {
            unstarted = 0
            startWriteback(descriptor)
        }
    }

    /// Bytes written to a temporary file between starts of its writeback.
    static let writebackEvery = 8 << 20
    private var unstarted = 0

    /// The error for a write that failed with `reason`: a file is not created; what a stream
    /// received stays.
    public func failure(_ reason: String) -> NarrateError {
        target.isStream ? .streamWriteFailed(path: displayPath, reason: reason) : .writeFailed(path: displayPath, reason: reason)
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(NarrateError) {
        try write(bytes[...])
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: ArraySlice<UInt8>) throws(NarrateError) {
        var failure: NarrateError?
        bytes.withUnsafeBytes { buffer in
            do throws(NarrateError) { try write(buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Finishes the output: a file is flushed to the disk, closed and renamed into place (to
    /// `path` instead, a file in the same folder, when given), and its folder flushed; a
    /// stream narrate opened is closed. Without `overwrite`, something that appeared at the
    /// destination meanwhile is `.outputExists` (the link is atomic, nothing is clobbered).
    public func commit(as path: String? = nil) throws(NarrateError) {
        guard isOpen else { return }
        guard let temporaryPath else {
            isOpen = false
            if target.kind != .standardOutput {
                do { try SystemCall.close(descriptor) } catch { throw failure(OutputTarget.reason(error.code)) }
            }
            return
        }
        var destination = target
        if let path {
            destination = try OutputTarget.resolve(path)
            guard destination.kind == .file else {
                discard()
                throw .cannotCreateOutput(path: path, reason: "it is \(destination.kindDescription), not a file")
            }
        }
        if fsync(descriptor) != 0 {
            let reason = OutputTarget.reason(errno)
            discard()
            throw .writeFailed(path: destination.path, reason: reason)
        }
        isOpen = false
        do {
            try SystemCall.close(descriptor)
        } catch {
            unlink(temporaryPath)
            throw .writeFailed(path: destination.path, reason: OutputTarget.reason(error.code))
        }
        try Self.move(temporaryPath, to: destination, overwrite: overwrite)
        try Self.flushDirectory(of: destination)
    }

    /// Closes the output and removes the temporary file; the destination is left as it was.
    public func discard() {
        guard isOpen else { return }
        isOpen = false
        if target.kind != .standardOutput { close(descriptor) }
        if let temporaryPath { unlink(temporaryPath) }
    }

    /// Writes `bytes` to `path` whole (through `OutputFile`): the way sync maps, chapter
    /// files and other small outputs are written.
    public static func write(_ bytes: [UInt8], to path: String, overwrite: Bool = true) throws(NarrateError) {
        let output = try OutputFile(try OutputTarget.resolve(path), overwrite: overwrite)
        do {
            try output.write(bytes)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// Copies the file at `source` to `path` (through `OutputFile`).
    public static func copy(file source: String, to path: String, overwrite: Bool) throws(NarrateError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .inputUnavailable(path: source, reason: OutputTarget.reason(errno).lowercased()) }
        defer { close(input) }
        let output = try OutputFile(try OutputTarget.resolve(path), overwrite: overwrite)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        do {
            while true {
                let count: Int
                do {
                    count = try SystemCall.read(input, into: &chunk)
                } catch {
                    throw NarrateError.inputUnavailable(path: source, reason: OutputTarget.reason(error.code).lowercased())
                }
                if count == 0 { break }
                try output.write(chunk[..<count])
            }
            try output.commit()
        } catch {
            output.discard()
            throw error as? NarrateError ?? .writeFailed(path: path, reason: "\(error)")
        }
    }

    // MARK: Opening and finishing

    private static func openStream(_ target: OutputTarget, isCancelled: () -> Bool) throws(NarrateError) -> Int32 {
        while true {
            let descriptor = open(target.path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            let code = errno
            if code == EINTR {
                if isCancelled() { throw .interrupted }
                continue
            }
            throw .cannotCreateOutput(path: target.path, reason: "cannot open \(target.kindDescription): \(OutputTarget.reason(code))")
        }
    }

    private static func connectSocket(_ target: OutputTarget) throws(NarrateError) -> Int32 {
        let descriptor = SystemCall.unixStreamSocket()
        guard descriptor >= 0 else {
            throw .cannotCreateOutput(path: target.path, reason: "cannot open a socket: \(OutputTarget.reason(errno))")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(target.path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else {
            close(descriptor)
            throw .cannotCreateOutput(path: target.path, reason: "the socket's path is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path)
            buffer[path.count] = 0
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = OutputTarget.reason(errno)
            close(descriptor)
            throw .cannotCreateOutput(path: target.path, reason: "cannot connect to the socket: \(reason)")
        }
        return descriptor
    }

    private static func move(_ temporaryPath: String, to destination: OutputTarget, overwrite: Bool) throws(NarrateError) {
        let path = destination.resolvedPath
        if overwrite {
            guard rename(temporaryPath, path) == 0 else {
                let reason = OutputTarget.reason(errno)
                unlink(temporaryPath)
                throw .cannotCreateOutput(path: destination.path, reason: reason)
            }
            return
        }
        if link(temporaryPath, path) == 0 {
            unlink(temporaryPath)
            return
        }
        if errno == EEXIST {
            unlink(temporaryPath)
            throw .outputExists(path: destination.path)
        }
        // File systems without hard links: check, then rename.
        var status = stat()
        guard lstat(path, &status) != 0, rename(temporaryPath, path) == 0 else {
            let exists = lstat(path, &status) == 0
            let reason = OutputTarget.reason(errno)
            unlink(temporaryPath)
            throw exists ? .outputExists(path: destination.path) : .cannotCreateOutput(path: destination.path, reason: reason)
        }
    }

    /// Makes the rename durable. File systems that cannot sync a folder say EINVAL.
    private static func flushDirectory(of destination: OutputTarget) throws(NarrateError) {
        let folder = open(OutputTarget.directory(of: destination.resolvedPath), O_RDONLY | O_CLOEXEC)
        guard folder >= 0 else { return }
        defer { close(folder) }
        if fsync(folder) != 0, errno != EINVAL, errno != ENOTSUP {
            throw .writeFailed(
                path: destination.path, reason: "the file is in place, but its folder could not be flushed: \(OutputTarget.reason(errno))")
        }
    }

    /// The process's umask, read once (reading it means setting it back).
    private static let creationMask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()
}

/// Starts writing `descriptor`'s dirty pages to the disk without waiting for them
/// (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`, which Swift's Glibc module does not
/// declare); a hint whose failure changes nothing, since the flush before the rename reports
/// every error. Nothing elsewhere.
private func startWriteback(_ descriptor: Int32) {
    #if os(Linux)
    typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    // SYNC_FILE_RANGE_WRITE.
    if let function = syncFileRange { _ = unsafeBitCast(function, to: SyncFileRange.self)(descriptor, 0, 0, 2) }
    #endif
}

#if os(Linux)
/// glibc's `sync_file_range`, looked up once.
private nonisolated(unsafe) let syncFileRange = dlsym(nil, "sync_file_range")
#endif
