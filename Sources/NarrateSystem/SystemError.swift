/// A system call's failure: errno's code, and the system's words for it.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The errno value.
    public let code: Int32

    /// A failure with errno `code`.
    public init(code: Int32) {
        self.code = code
    }

    /// The failure of the call just made (errno as it is now).
    public static var current: SystemError { SystemError(code: errno) }

    /// The system's words for it (strerror), as "No space left on device".
    public var description: String { String(cString: strerror(code)) }
}
