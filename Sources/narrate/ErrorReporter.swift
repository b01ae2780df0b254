import NarrateCore
// @preconcurrency: the C library's `stdout` is a global variable, read here only on the
// way out, on the main thread.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Prints one line on standard error and exits with the error's sysexits code.
enum ErrorReporter {
    static func fail(_ error: NarrateError) -> Never {
        printError(error.description)
        exit(error.exitCode)
    }

    /// Exits the process with `code`, after checking that standard output took everything.
    static func terminate(_ code: Int32) -> Never {
        finishStandardOutput()
        exit(code)
    }

    /// Flushes standard output: when what a command printed could not be written (a full
    /// disk, an I/O error), that is one line and exit 74, not a silent success. A reader that
    /// went away (`narrate list | head -1`) chose to stop reading; that ends quietly.
    static func finishStandardOutput() {
        guard fflush(stdout) != 0 || ferror(stdout) != 0 else { return }
        let code = errno
        clearerr(stdout)
        if code == EPIPE { return }
        fail(.streamWriteFailed(path: "standard output", reason: String(cString: strerror(code == 0 ? EIO : code))))
    }

    /// What to tell the user when an article must be rendered before it can be played.
    static func noteRenderingFirst(_ id: Int64) -> (Double) -> Void {
        { seconds in printNote("rendering article \(id) first (\(DurationText.minutes(seconds)) of audio)") }
    }

    /// Prints a line on standard error that is not an error ("showing 100 of 2,000").
    static func printNote(_ message: String) {
        printError(message)
    }

    static func printError(_ message: String) {
        let line = "narrate: \(message)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { buffer in
            write(STDERR_FILENO, buffer.baseAddress, buffer.count - 1)
        }
    }
}
