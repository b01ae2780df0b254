import NarrateSystem

/// What a path narrate is asked to write to is on disk, and so how it is written.
///
/// A regular file (or a path where nothing is yet) is replaced whole through a temporary file
/// beside it and a rename; a symbolic link to one replaces the file it points to and stays a
/// link. A character device, FIFO or socket (and `-`, standard output) is a stream: written
/// in place, in order, never replaced, with or without `--force`. A directory or a block
/// device is refused.
public struct OutputTarget: Sendable, Equatable {
    /// The kinds of destination.
    public enum Kind: Sendable, Equatable {
        /// A regular file, or nothing yet: written through a temporary file and a rename.
        case file
        /// Standard output (`-`).
        case standardOutput
        /// A character device such as `/dev/null` or a terminal.
        case characterDevice
        /// A named pipe.
        case fifo
        /// A Unix domain socket.
        case socket
    }

    /// The path as given (`-` for standard output).
    public var path: String
    /// For `.file`: the file that is replaced, with symbolic links followed; else `path`.
    public var resolvedPath: String
    /// What is there.
    public var kind: Kind
    /// Whether something is at the path already.
    public var exists: Bool

    /// The path that means standard output.
    public static let standardOutputPath = "-"

    /// Whether the destination is written in place as a stream (no seeking, no rename).
    public var isStream: Bool { kind != .file }

    /// "standard output", "a character device", "a FIFO", "a socket" or "a file".
    public var kindDescription: String {
        switch kind {
        case .file: "a file"
        case .standardOutput: "standard output"
        case .characterDevice: "a character device"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        }
    }

    /// Looks at `path` without opening it. Throws `.cannotCreateOutput` for a directory, a
    /// block device, a loop of symbolic links or a path that cannot be examined.
    public static func resolve(_ path: String) throws(NarrateError) -> OutputTarget {
        if path == standardOutputPath {
            return OutputTarget(path: path, resolvedPath: path, kind: .standardOutput, exists: true)
        }
        guard !path.isEmpty else { throw .cannotCreateOutput(path: path, reason: "the path is empty") }
        var current = path
        // The links a file system follows before it gives ELOOP (Linux: 40).
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                if code == ENOENT {
                    return OutputTarget(path: path, resolvedPath: current, kind: .file, exists: false)
                }
                throw .cannotCreateOutput(path: path, reason: Self.reason(code))
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                guard let next = Self.linkTarget(current) else {
                    throw .cannotCreateOutput(path: path, reason: Self.reason(errno))
                }
                current = next.hasPrefix("/") ? next : Self.directory(of: current) + "/" + next
            case S_IFREG:
                return OutputTarget(path: path, resolvedPath: current, kind: .file, exists: true)
            case S_IFDIR:
                throw .cannotCreateOutput(path: path, reason: "it is a directory")
            case S_IFCHR:
                return OutputTarget(path: path, resolvedPath: path, kind: .characterDevice, exists: true)
            case S_IFIFO:
                return OutputTarget(path: path, resolvedPath: path, kind: .fifo, exists: true)
            case S_IFSOCK:
                return OutputTarget(path: path, resolvedPath: path, kind: .socket, exists: true)
            default:
                throw .cannotCreateOutput(
                    path: path, reason: "it is a block device; narrate never writes onto a disk, give a file name"
                )
            }
        }
        throw .cannotCreateOutput(path: path, reason: Self.reason(ELOOP))
    }

    /// The folder that holds `path` ("." for a bare name, "/" for a file at the root).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
