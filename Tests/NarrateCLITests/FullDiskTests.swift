import Foundation
import NarrateLibrary
import NarrateTestSupport
import Testing

/// A small file system of its own (tmpfs), mounted for one test and unmounted after it:
/// a real full disk, where writes fail with ENOSPC part way, not just at a size limit.
final class SmallFileSystem {
    /// Where it is mounted.
    let path: String

    /// Whether tmpfs file systems can be mounted here (root with CAP_SYS_ADMIN).
    static let canMount: Bool = {
        guard getuid() == 0, let probe = try? SmallFileSystem(kilobytes: 64) else { return false }
        _ = probe
        return true
    }()

    init(kilobytes: Int) throws {
        path = NSTemporaryDirectory() + "narrate-full-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // Waited for here, where nothing can be awaited (a static property's value): mount returns at once.
        let mount = try NarrateBinary.runSynchronously(
            ["-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", path], executable: "/bin/mount")
        guard mount.status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw POSIXError(.EPERM)
        }
    }

    deinit {
        // A lazy unmount returns at once (a deinit cannot await).
        _ = try? NarrateBinary.runSynchronously(["-l", path], executable: "/bin/umount")
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Fills what space is left with a file (`filler`), so the next write fails.
    func fill() {
        let descriptor = open("\(path)/filler", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0xAA, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        _ = block.withUnsafeBytes { write(descriptor, $0.baseAddress, 1) }
    }

    /// Frees the space `fill()` took.
    func free() {
        unlink("\(path)/filler")
    }

    /// Names in a folder of it, hidden ones included.
    func entries(_ folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? path : "\(path)/\(folder)").sorted()
    }
}

/// Writing onto a disk that fills up: one clear line, exit 74, nothing half-written left
/// behind, and a library that still opens and passes SQLite's integrity check.
@Suite("A full disk", .endToEnd, .enabled(if: SmallFileSystem.canMount, "needs root to mount a small tmpfs file system"))
struct FullDiskTests {
    let scratch: ScratchDirectory

    init() throws {
        scratch = try ScratchDirectory()
    }

    var longSample: String { NarrateBinary.sample("en-long.txt") }

    func narrate(_ arguments: [String], library: String) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments + ["--library", library])
    }

    func expectSound(_ library: String, articles: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let opened = try ArticleLibrary(location: LibraryLocation(databasePath: library))
        #expect(try opened.integrityProblems() == [], sourceLocation: sourceLocation)
        #expect(try opened.articles.count() == articles, sourceLocation: sourceLocation)
    }

    /// 33 minutes of audio (83 MB of WAV, 15 MB of MP3) onto 2 MB: ENOSPC part way. The MP3
    /// case is the one libsndfile's encoder drops errors in.
    @Test(arguments: ["wav", "mp3", "flac"])
    func convertOntoAFullDiskIs74AndLeavesNothing(_ format: String) async throws {
        let disk = try SmallFileSystem(kilobytes: 2048)
        let output = "\(disk.path)/long.\(format)"
        let run = try await NarrateBinary.run(["convert", longSample, "-o", output])
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.errorLines == ["narrate: \(output): write failed: No space left on device; the output was not created"])
        #expect(try disk.entries() == [])
    }

    /// An older file stays whole when its replacement does not fit.
    @Test func forceKeepsTheOldFileWhenTheNewOneDoesNotFit() async throws {
        let disk = try SmallFileSystem(kilobytes: 2048)
        let output = "\(disk.path)/long.mp3"
        let old = Data(repeating: 7, count: 100_000)
        try old.write(to: URL(fileURLWithPath: output))
        let run = try await NarrateBinary.run(["convert", longSample, "-o", output, "--force"])
        #expect(run.status == 74, "\(run.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == old)
        #expect(try disk.entries() == ["long.mp3"])
    }

    /// A library on a disk with room for the database but not the audio: render fails with
    /// one line, no render is recorded, and the library is sound.
    @Test func renderOntoAFullDiskRecordsNothing() async throws {
        let disk = try SmallFileSystem(kilobytes: 4096)
        let library = "\(disk.path)/library.sqlite"
        #expect(try await narrate(["add", longSample], library: library).status == 0)
        let render = try await narrate(["render", "1"], library: library)
        #expect(render.status == 74, "\(render.standardError)")
        #expect(render.errorLines.count == 1)
        #expect(render.standardError.contains("No space left on device"), "\(render.standardError)")
        try expectSound(library, articles: 1)
        #expect(try disk.entries("audio") == [])
        let opened = try ArticleLibrary(location: LibraryLocation(databasePath: library))
        #expect(try opened.renders.renders(ofArticle: 1).isEmpty)
    }

    /// A sync map that does not fit: 74, and no half-written map.
    @Test func syncMapOntoAFullDiskIs74() async throws {
        let disk = try SmallFileSystem(kilobytes: 256)
        let library = "\(scratch.path)/library.sqlite"
        #expect(try await narrate(["add", longSample], library: library).status == 0)
        disk.fill()
        let map = "\(disk.path)/long.vtt"
        let run = try await narrate(["render", "1", "--sync", map], library: library)
        #expect(run.status == 74, "\(run.standardError)")
        #expect(run.errorLines == ["narrate: \(map): write failed: No space left on device; the output was not created"])
        #expect(try disk.entries() == ["filler"])
    }

    /// `add` when the library's disk is full: SQLITE_FULL is one line and exit 74; the
    /// articles already there stay, and the library passes the integrity check; once there
    /// is room again, the same add works.
    @Test func addOntoAFullDiskIs74AndTheLibraryStaysSound() async throws {
        // Room for the library and the long sample's write-ahead log once the filler goes.
        let disk = try SmallFileSystem(kilobytes: 2048)
        let library = "\(disk.path)/library.sqlite"
        #expect(try await narrate(["add", NarrateBinary.sample("en-news.txt")], library: library).status == 0)
        disk.fill()
        let add = try await narrate(["add", longSample], library: library)
        #expect(add.status == 74, "\(add.standardError)")
        #expect(add.errorLines.count == 1)
        #expect(add.standardError.contains("the disk is full") || add.standardError.contains("No space left"), "\(add.standardError)")
        disk.free()
        try expectSound(library, articles: 1)
        #expect(try await narrate(["add", longSample], library: library).status == 0)
        try expectSound(library, articles: 2)
    }

    /// Playing while the library's disk is full: the position cannot be saved, which is one
    /// line and exit 74, and the library stays sound with the position it had.
    @Test func positionWritesOntoAFullDiskAre74() async throws {
        let disk = try SmallFileSystem(kilobytes: 16_384)
        let library = "\(disk.path)/library.sqlite"
        #expect(try await narrate(["add", NarrateBinary.sample("en-news.txt")], library: library).status == 0)
        #expect(try await narrate(["render", "1"], library: library).status == 0)
        disk.fill()
        let play = try await narrate(["play", "1", "--sink", "null", "--speed", "1000"], library: library)
        #expect(play.status == 74, "\(play.standardError)")
        #expect(play.standardError.contains("the disk is full") || play.standardError.contains("No space left"), "\(play.standardError)")
        #expect(play.errorLines.last?.hasPrefix("narrate: ") == true)
        disk.free()
        try expectSound(library, articles: 1)
        let opened = try ArticleLibrary(location: LibraryLocation(databasePath: library))
        #expect(try opened.positions.position(ofArticle: 1) == nil)
    }

    /// A batch whose output folder is full: the jobs fail with the reason, the batch exits
    /// 75, no temporary file is left, and the library is sound.
    @Test func batchOntoAFullDiskFailsTheJobsCleanly() async throws {
        let disk = try SmallFileSystem(kilobytes: 1024)
        let library = "\(scratch.path)/library.sqlite"
        let run = try await narrate(["batch", longSample, "--output-dir", disk.path, "--jobs", "1", "--quiet"], library: library)
        #expect(run.status == 75, "\(run.standardOutput) \(run.standardError)")
        #expect(run.standardOutput.contains("No space left on device"), "\(run.standardOutput)")
        #expect(try disk.entries() == [])
        try expectSound(library, articles: 1)
    }
}
