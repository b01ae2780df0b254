import NarrateSystem

/// The entries of a folder, read with opendir and readdir, without Foundation.
///
/// An entry's name is read where readdir put it, up to its NUL: the record readdir returns
/// is only as long as its name, so copying the 256-byte `d_name` field whole (as
/// `withUnsafeBytes(of: entry.pointee.d_name)` does) read past it, which AddressSanitizer
/// reported as a heap buffer overflow.
public enum DirectoryEntries {
    /// One entry: its name, and whether it is a folder (when the file system says so).
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var isFolder: Bool
    }

    /// The entries of `path`, `.` and `..` left out, in the order the system gives them;
    /// nil when the folder cannot be read.
    public static func list(_ path: String) -> [Entry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            guard name != ".", name != ".." else { continue }
            entries.append(Entry(name: name, isFolder: entry.pointee.d_type == UInt8(DT_DIR)))
        }
        return entries
    }

    /// The names of `path`'s entries, `.` and `..` left out; empty when it cannot be read.
    public static func names(_ path: String) -> [String] {
        list(path)?.map(\.name) ?? []
    }
}
