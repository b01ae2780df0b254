import Foundation
import NarrateCore
import Testing

/// Writing outputs onto whatever is at the path: files are replaced whole, links stay links,
/// devices, FIFOs and sockets are written in place and never replaced, and every failed write
/// is an error.
@Suite("OutputFile")
struct OutputFileTests {
    /// Whether this process may make device nodes (root, outside a restricted container).
    static let canMakeDevices: Bool = {
        let path = NSTemporaryDirectory() + "narrate-mknod-probe-\(getpid())"
        defer { unlink(path) }
        return mknod(path, S_IFCHR | 0o666, device(1, 3)) == 0
    }()

    @Test func aMissingPathIsAFileThatDoesNotExist() throws {
        let scratch = try Scratch()
        let target = try OutputTarget.resolve("\(scratch.path)/new.txt")
        #expect(target.kind == .file)
        #expect(!target.exists)
        #expect(target.resolvedPath == "\(scratch.path)/new.txt")
    }

    @Test func writesAFileThroughATemporaryFileAndARename() throws {
        let scratch = try Scratch()
        let path = "\(scratch.path)/out.txt"
        let output = try OutputFile(try OutputTarget.resolve(path), overwrite: false)
        let temporary = try #require(output.temporaryPath)
        #expect(temporary.hasPrefix("\(scratch.path)/.out.txt.") && temporary.hasSuffix(".tmp"))
        try output.write(Array("hello".utf8))
        #expect(!FileManager.default.fileExists(atPath: path))
        try output.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello")
        #expect(try scratch.entries() == ["out.txt"])
    }

    @Test func aWriterKilledMidWriteLeavesTemporaryFilesThatCanBeFound() throws {
        let scratch = try Scratch()
        let path = "\(scratch.path)/out.wav"
        for name in [".out.wav.Ab12Cd.tmp", ".out.wav.Zz99yy.tmp", ".out.wav.toolong1.tmp", ".other.wav.Ab12Cd.tmp", "out.wav"] {
            _ = FileManager.default.createFile(atPath: "\(scratch.path)/\(name)", contents: Data())
        }
        #expect(OutputFile.leftovers(of: path) == ["\(scratch.path)/.out.wav.Ab12Cd.tmp", "\(scratch.path)/.out.wav.Zz99yy.tmp"])
        #expect(OutputFile.leftovers(of: "\(scratch.path)/none.wav").isEmpty)
        #expect(OutputFile.leftovers(of: "/dev/null").isEmpty)
    }

    /// What a killed writer left beside a file goes the next time the file is written: a
    /// leftover nobody holds and unchanged for a while; not one a live writer holds, not a
    /// fresh one, not another file's.
    @Test func writingAFileRemovesTheTemporaryFilesKilledWritersLeftBesideIt() throws {
        let scratch = try Scratch()
        let path = "\(scratch.path)/out.json"
        let old = Date().addingTimeInterval(-60)
        for name in [".out.json.Ab12Cd.tmp", ".out.json.Fresh1.tmp", ".other.json.Ab12Cd.tmp"] {
            _ = FileManager.default.createFile(atPath: "\(scratch.path)/\(name)", contents: Data("half".utf8))
            if name != ".out.json.Fresh1.tmp" {
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: "\(scratch.path)/\(name)")
            }
        }
        // A writer still at work holds its file, however old.
        let live = try OutputFile(try OutputTarget.resolve(path), overwrite: true)
        let livePath = try #require(live.temporaryPath)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: livePath)
        try OutputFile.write(Array("{}".utf8), to: path)
        let left = try scratch.entries()
        #expect(!left.contains(".out.json.Ab12Cd.tmp"))
        #expect(left.contains(".out.json.Fresh1.tmp"))
        #expect(left.contains(".other.json.Ab12Cd.tmp"))
        #expect(left.contains((livePath as NSString).lastPathComponent))
        live.discard()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
    }

    @Test func anExistingFileIsKeptWithoutOverwrite() throws {
        let scratch = try Scratch()
        let path = try scratch.write("out.txt", "old")
        #expect(throws: NarrateError.outputExists(path: path)) {
            try OutputFile.write(Array("new".utf8), to: path, overwrite: false)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try scratch.entries() == ["out.txt"])
    }

    @Test func aDiscardedOutputLeavesTheOldFileAndNoTemporaryFile() throws {
        let scratch = try Scratch()
        let path = try scratch.write("out.txt", "old")
        let output = try OutputFile(try OutputTarget.resolve(path), overwrite: true)
        try output.write(Array("half of the new".utf8))
        output.discard()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try scratch.entries() == ["out.txt"])
    }

    /// Through a symbolic link the file it points to is replaced; the link stays a link.
    @Test func aLinkStaysALinkAndItsFileIsReplaced() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/real", withIntermediateDirectories: false)
        let file = try scratch.write("real/out.txt", "old")
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/link.txt", withDestinationPath: "real/out.txt")
        let target = try OutputTarget.resolve("\(scratch.path)/link.txt")
        #expect(target.kind == .file)
        #expect(target.resolvedPath == "\(scratch.path)/real/out.txt")
        try OutputFile.write(Array("new".utf8), to: "\(scratch.path)/link.txt")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(scratch.path)/link.txt") == "real/out.txt")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/real") == ["out.txt"])
    }

    /// A link to nothing yet creates the file it names.
    @Test func aDanglingLinkCreatesItsFile() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/link.txt", withDestinationPath: "later.txt")
        try OutputFile.write(Array("new".utf8), to: "\(scratch.path)/link.txt", overwrite: false)
        #expect(try String(contentsOfFile: "\(scratch.path)/later.txt", encoding: .utf8) == "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "\(scratch.path)/link.txt") == "later.txt")
    }

    @Test func aLoopOfLinksIsRefused() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: "\(scratch.path)/b", withDestinationPath: "a")
        #expect(throws: NarrateError.cannotCreateOutput(path: "\(scratch.path)/a", reason: String(cString: strerror(ELOOP)))) {
            try OutputTarget.resolve("\(scratch.path)/a")
        }
    }

    @Test func aDirectoryIsRefused() throws {
        let scratch = try Scratch()
        #expect(throws: NarrateError.cannotCreateOutput(path: scratch.path, reason: "it is a directory")) {
            try OutputTarget.resolve(scratch.path)
        }
    }

    /// A FIFO is written in place, with or without overwrite, and is still a FIFO afterwards.
    @Test func aFIFOIsWrittenInPlace() throws {
        let scratch = try Scratch()
        let path = "\(scratch.path)/pipe"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(try OutputTarget.resolve(path).kind == .fifo)
        let reader = BackgroundReader { try readToEnd(path) }
        try OutputFile.write(Array("through the pipe".utf8), to: path, overwrite: false)
        #expect(String(decoding: try reader.value(), as: UTF8.self) == "through the pipe")
        #expect(try scratch.kind("pipe") == S_IFIFO)
        #expect(try scratch.entries() == ["pipe"])
    }

    /// A character device (here a null device made in the scratch folder) takes the bytes and
    /// stays a device: it is never replaced by a regular file.
    @Test(.enabled(if: canMakeDevices, "needs mknod (root outside a restricted container)"))
    func aCharacterDeviceIsWrittenAndNeverReplaced() throws {
        let scratch = try Scratch()
        let path = "\(scratch.path)/null"
        #expect(mknod(path, S_IFCHR | 0o666, device(1, 3)) == 0)
        #expect(try OutputTarget.resolve(path).kind == .characterDevice)
        try OutputFile.write([UInt8](repeating: 7, count: 1 << 20), to: path, overwrite: true)
        #expect(try scratch.kind("null") == S_IFCHR)
        #expect(try scratch.entries() == ["null"])
    }

    /// A full device (like /dev/full) fails the write with ENOSPC, as an error, not silently.
    @Test(.enabled(if: canMakeDevices, "needs mknod (root outside a restricted container)"))
    func aFullDeviceIsAWriteFailure() throws {
        let scratch = try Scratch()
        let path = "\(scratch.path)/full"
        #expect(mknod(path, S_IFCHR | 0o666, device(1, 7)) == 0)
        #expect(throws: NarrateError.streamWriteFailed(path: path, reason: String(cString: strerror(ENOSPC)))) {
            try OutputFile.write(Array("lost".utf8), to: path)
        }
        #expect(try scratch.kind("full") == S_IFCHR)
    }

    @Test(.enabled(if: canMakeDevices, "needs mknod (root outside a restricted container)"))
    func aBlockDeviceIsRefused() throws {
        let scratch = try Scratch()
        let path = "\(scratch.path)/disk"
        #expect(mknod(path, S_IFBLK | 0o600, device(7, 200)) == 0)
        #expect(throws: NarrateError.self) { try OutputTarget.resolve(path) }
        #expect(try scratch.kind("disk") == S_IFBLK)
    }

    /// A Unix socket is connected to and written like a pipe.
    @Test func aSocketIsConnectedTo() throws {
        let scratch = try Scratch()
        let path = "\(scratch.path)/sock"
        let server = try UnixSocketServer(path: path)
        let received = BackgroundReader { Data(server.acceptAndReadAll()) }
        #expect(try OutputTarget.resolve(path).kind == .socket)
        try OutputFile.write(Array("over the socket".utf8), to: path, overwrite: false)
        #expect(String(decoding: try received.value(), as: UTF8.self) == "over the socket")
        #expect(try scratch.kind("sock") == S_IFSOCK)
    }

    /// A copy goes through the same path: a FIFO receives the file's bytes.
    @Test func copyingAFileIntoAFIFO() throws {
        let scratch = try Scratch()
        let source = try scratch.write("source.bin", String(repeating: "0123456789", count: 20_000))
        let path = "\(scratch.path)/pipe"
        #expect(mkfifo(path, 0o600) == 0)
        let reader = BackgroundReader { try readToEnd(path) }
        try OutputFile.copy(file: source, to: path, overwrite: false)
        #expect(try reader.value() == Data(contentsOf: URL(fileURLWithPath: source)))
    }

    /// A reader that goes away is a failed write (EPIPE), not a success.
    @Test func aClosedReaderIsAWriteFailure() throws {
        signal(SIGPIPE, SIG_IGN)
        let scratch = try Scratch()
        let path = "\(scratch.path)/pipe"
        #expect(mkfifo(path, 0o600) == 0)
        let reader = Thread {
            let descriptor = open(path, O_RDONLY)
            close(descriptor)
        }
        reader.start()
        #expect(throws: NarrateError.streamWriteFailed(path: path, reason: String(cString: strerror(EPIPE)))) {
            // Enough bytes that the write outlasts the reader.
            let output = try OutputFile(try OutputTarget.resolve(path), overwrite: true)
            usleep(100_000)
            for _ in 0..<64 { try output.write([UInt8](repeating: 1, count: 1 << 16)) }
        }
    }
}

/// Everything a FIFO (or file) gives until its writer closes it.
func readToEnd(_ path: String) throws -> Data {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw POSIXError(.ENOENT) }
    defer { try? handle.close() }
    return handle.readDataToEndOfFile()
}

/// A Linux device number (glibc's `makedev` is a macro Swift does not import).
func device(_ major: UInt32, _ minor: UInt32) -> dev_t {
    dev_t(major) << 8 | dev_t(minor)
}

/// A temporary folder for one test.
final class Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "narrate-core-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(path)/\(name)"))
        return "\(path)/\(name)"
    }

    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The file type bits of `name` (not following links).
    func kind(_ name: String) throws -> mode_t {
        var status = stat()
        guard lstat("\(path)/\(name)", &status) == 0 else { throw POSIXError(.ENOENT) }
        return status.st_mode & S_IFMT
    }
}

/// Reads on a thread of its own: a FIFO's or socket's other end blocks until this end opens,
/// so it cannot wait on Swift's cooperative pool (two threads on a two-core machine).
final class BackgroundReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<Data, any Error> = .success(Data())

    init(_ body: @escaping @Sendable () throws -> Data) {
        Thread { [self] in
            result = Result { try body() }
            done.signal()
        }.start()
    }

    /// What the body returned, once it has.
    func value() throws -> Data {
        done.wait()
        return try result.get()
    }
}

/// A listening Unix stream socket that takes one connection and reads it to the end.
final class UnixSocketServer: @unchecked Sendable {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            let bytes = Array(path.utf8)
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit {
        close(descriptor)
    }

    func acceptAndReadAll() -> [UInt8] {
        let connection = accept(descriptor, nil, nil)
        defer { close(connection) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
