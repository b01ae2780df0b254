/// A file to work in, in the temporary folder (`TMPDIR`, else /tmp), that no name points to:
/// it is unlinked as soon as it is made, so it goes when its descriptor is closed, whatever
/// becomes of the process.
public enum ScratchFile {
    /// The temporary folder.
    public static var folder: String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A new scratch file in `folder`, open for reading and writing and closed on exec, its
    /// (hidden, short-lived) name starting with `prefix`: its descriptor, the caller's to close.
    public static func open(prefix: String, in folder: String = folder) throws(SystemError) -> Int32 {
        // As mkstemp makes it (a new name, created exclusively, for the owner alone), but
        // closed on exec from the start: a helper started on another thread meanwhile
        // inherits nothing.
        for _ in 0..<100 {
            let path = "\(folder)/.\(prefix)-\(String(UInt64.random(in: .min ... .max), radix: 36))"
            let descriptor = createExclusively(path)
            if descriptor >= 0 {
                unlink(path)
                return descriptor
            }
            guard errno == EEXIST || errno == EINTR else { throw SystemError.current }
        }
        throw SystemError(code: EEXIST)
    }
}

/// open(2) of a new file at `path` for its owner alone, failing if one is there, closed on
/// exec. (Out here, `open` is the C library's, not `ScratchFile.open`.)
private func createExclusively(_ path: String) -> Int32 {
    open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
}
