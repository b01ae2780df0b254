import NarrateSystem

/// Where the running program's executable is, for finding files shipped beside it.
public enum ExecutablePath {
    /// The executable's absolute path (Linux: /proc/self/exe), or `argv[0]` elsewhere.
    public static func current() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return CommandLine.arguments.first
    }
}
