import NarrateSystem

/// Reads whole files (or standard input) without Foundation.
public enum FileContents {
    /// Why a file could not be read.
    public struct ReadError: Error, Sendable, Equatable {
        /// The `errno` value.
        public var code: Int32
        /// Whether the read stopped because a signal interrupted it and the caller cancelled.
        public var isInterrupted: Bool { code == EINTR }
        /// Whether the file holds more than the limit it was read with.
        public var isTooLarge: Bool { code == EFBIG }
        /// A short, lower-case explanation with what to do.
        public var reason: String {
            switch code {
            case ENOENT: "no such file; check the path"
            case EACCES: "permission denied; check the file's permissions"
            case EISDIR: "is a directory; give a file"
            case EFBIG: "larger than the most narrate reads at once"
            default: String(cString: strerror(code)).lowercased()
            }
        }
    }

    /// The size in bytes of the regular file at `path`; nil when there is none there (or it
    /// is a folder, a device, a pipe).
    public static func size(of path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// What tells whether the file at a path is still the one that was read: which file it
    /// is (device and inode), its size, and when its contents last changed.
    public struct Stamp: Sendable, Equatable {
        var device: UInt64
        var inode: UInt64
        /// Its size in bytes.
        public var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
    }

    /// The stamp of the regular file at `path`, refused as `read` refuses it: no file there,
    /// a folder, more than `limit` bytes (`EFBIG`).
    public static func stamp(of path: String, limit: Int = .max) throws(ReadError) -> Stamp {
        var status = stat()
        guard stat(path, &status) == 0 else { throw ReadError(code: errno) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw ReadError(code: EISDIR) }
        guard Int(status.st_size) <= limit else { throw ReadError(code: EFBIG) }
        return Stamp(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modifiedSeconds: Int(status.modified.tv_sec), modifiedNanoseconds: Int(status.modified.tv_nsec))
    }

    /// The first `count` bytes of the file at `path` (fewer in a shorter file).
    public static func head(of path: String, count: Int) throws(ReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(code: errno) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        do {
            let read = try SystemCall.read(descriptor, into: &bytes)
            return Array(bytes[0..<read])
        } catch {
            throw ReadError(code: error.code)
        }
    }

    /// The whole content of `path`; "-" reads standard input. Directories are refused.
    ///
    /// `isCancelled` is asked before each read, after a read a signal interrupted, and every
    /// quarter of a second while a pipe or terminal has nothing to read (so a signal that
    /// came just before a read cannot leave it waiting for input); when it says to stop, the
    /// error's code is `EINTR`. More than `limit` bytes is `EFBIG`: a regular file is refused
    /// by its size before anything is read, a pipe as soon as it gives more.
    public static func read(_ path: String, limit: Int = .max, isCancelled: () -> Bool = { false }) throws(ReadError) -> [UInt8] {
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw ReadError(code: errno) }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw ReadError(code: EISDIR)
        }
        // A regular file always has its bytes at hand; anything else may wait for a writer.
        let mayWait = (status.st_mode & S_IFMT) != S_IFREG
        var bytes: [UInt8] = []
        if !mayWait {
            guard Int(status.st_size) <= limit else { throw ReadError(code: EFBIG) }
            bytes.reserveCapacity(Int(status.st_size))
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            if isCancelled() { throw ReadError(code: EINTR) }
            if mayWait {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&waiting, 1, 250)
                if ready == 0 || (ready < 0 && errno == EINTR) { continue }
                if ready < 0 { throw ReadError(code: errno) }
            }
            let count: Int
            do {
                count = try SystemCall.read(descriptor, into: &chunk, stopsWhen: isCancelled)
            } catch {
                throw ReadError(code: error.code)
            }
            if count == 0 { break }
            guard bytes.count + count <= limit else { throw ReadError(code: EFBIG) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }
}
