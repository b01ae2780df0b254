#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The C library's buffered standard output, which `print` writes to.
public enum StandardOutput {
    /// Flushes what is buffered: nil when all of it was written, else the failure (`EIO`
    /// when the stream failed without saying why). The stream's error mark is cleared.
    public static func flush() -> SystemError? {
        guard fflush(stdout) != 0 || ferror(stdout) != 0 else { return nil }
        let code = errno
        clearerr(stdout)
        return SystemError(code: code == 0 ? EIO : code)
    }
}
