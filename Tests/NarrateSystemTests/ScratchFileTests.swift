import Foundation
import NarrateSystem
import Testing

/// Scratch files: made in the temporary folder, named by nothing once made, read and
/// written through their descriptor.
@Suite("Scratch files")
struct ScratchFileTests {
    @Test func aScratchFileHasNoNameAndHoldsWhatIsWritten() throws {
        let descriptor = try ScratchFile.open(prefix: "narrate-test")
        defer { try? SystemCall.close(descriptor) }
        var status = stat()
        #expect(fstat(descriptor, &status) == 0)
        #expect(status.st_nlink == 0, "it still has a name")
        #expect(status.st_mode & 0o077 == 0, "others may read it")
        try SystemCall.writeAll(descriptor, Array("pages".utf8))
        var bytes = [UInt8](repeating: 0, count: 5)
        let read = try bytes.withUnsafeMutableBytes { buffer throws(SystemError) in try SystemCall.pread(descriptor, into: buffer, at: 0) }
        #expect(read == 5 && bytes == Array("pages".utf8))
        #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0, "a child would inherit it")
    }

    @Test func aFolderThatCannotBeWrittenIsAnError() {
        let folder = "/nonexistent-\(UUID().uuidString)"
        #expect(throws: SystemError(code: ENOENT)) { try ScratchFile.open(prefix: "narrate-test", in: folder) }
    }
}
