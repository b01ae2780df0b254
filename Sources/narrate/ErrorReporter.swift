import NarrateCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints one line on standard error and exits with the error's sysexits code.
enum ErrorReporter {
    static func fail(_ error: NarrateError) -> Never {
        printError(error.description)
        exit(error.exitCode)
    }

    /// Exits the process with `code`.
    static func terminate(_ code: Int32) -> Never {
        exit(code)
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
