import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The type bits of what is at `path` itself (`S_IFCHR`, `S_IFIFO`, `S_IFLNK`, ...: a link is
/// not followed), or 0 when nothing is there.
public func fileType(atPath path: String) -> UInt32 {
    var status = stat()
    return lstat(path, &status) == 0 ? UInt32(status.st_mode & S_IFMT) : 0
}
