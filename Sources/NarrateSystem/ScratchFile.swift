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
        var template = Array("\(folder)/.\(prefix)-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SystemError.current }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }
}
