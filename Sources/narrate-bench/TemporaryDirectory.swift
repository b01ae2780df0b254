import NarrateCore
import NarrateSystem

/// A private scratch directory, removed with everything in it.
struct TemporaryDirectory {
    /// The directory's path.
    let path: String

    init() throws(BenchmarkError) {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/narrate-bench.XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw BenchmarkError("cannot create a temporary directory in \(base)")
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Creates the file `name` in the directory with `bytes` and returns its path.
    func createFile(_ name: String, containing bytes: [UInt8]) throws(BenchmarkError) -> String {
        let file = "\(path)/\(name)"
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw BenchmarkError("cannot create \(file)") }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw BenchmarkError("cannot write \(file)") }
        return file
    }

    /// Removes the directory and everything in it.
    func remove() {
        Self.removeTree(path)
    }

    /// Removes `path`, a folder, with the files and folders in it.
    static func removeTree(_ path: String) {
        for entry in DirectoryEntries.list(path) ?? [] {
            if entry.isFolder {
                removeTree("\(path)/\(entry.name)")
            } else {
                unlink("\(path)/\(entry.name)")
            }
        }
        rmdir(path)
    }
}
