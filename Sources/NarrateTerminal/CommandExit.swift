/// How a command that did its work, or part of it, ends: with a sysexits code of its own
/// (75 when some of a batch failed, 130 when stopped, 74 when a file could not be deleted).
/// Commands throw it; the root command exits with it, after checking standard output, as it
/// does for a `NarrateError` it reports. Nothing below the command line exits the process.
public struct CommandExit: Error, Equatable {
    /// The exit code.
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    /// Stopped by the user (Ctrl-C, SIGTERM): 128 + SIGINT.
    public static let interrupted = CommandExit(code: 130)
    /// Some of the work failed and may succeed if tried again (EX_TEMPFAIL).
    public static let partlyFailed = CommandExit(code: 75)
    /// A file could not be written or deleted (EX_IOERR).
    public static let ioError = CommandExit(code: 74)
    /// A service (every feed) could not be reached (EX_UNAVAILABLE).
    public static let unavailable = CommandExit(code: 69)
}
