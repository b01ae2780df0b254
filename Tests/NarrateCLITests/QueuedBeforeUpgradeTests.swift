import Foundation
import NarrateAudio
import NarrateLibrary
import NarrateQueue
import NarrateTestSupport
import Testing

/// Jobs queued by an older narrate (schema v3, options stored as arguments) still run after
/// the library is upgraded, with the options they were queued with.
@Suite("Jobs queued before an upgrade", .endToEnd)
struct QueuedBeforeUpgradeTests {
    @Test func jobsRunRendersThemAsTheyWereAsked() async throws {
        let scratch = try ScratchDirectory()
        let fixture = NarrateBinary.packageRoot + "/Tests/NarrateLibraryTests/Fixtures/library-v3.sqlite"
        let library = "\(scratch.path)/library.sqlite"
        try FileManager.default.copyItem(atPath: fixture, toPath: library)
        // The batch that queued them made their folder (relative paths, made so for the test).
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/out", withIntermediateDirectories: false)
        let run = try await NarrateBinary.run(
            ["jobs", "run", "--jobs", "1", "--quiet"], directory: scratch.path, environment: ["NARRATE_LIBRARY": library]
        )
        #expect(run.status == 0, "\(run.standardOutput) \(run.standardError)")
        let jobs = try ArticleLibrary(location: LibraryLocation(databasePath: library)).queue.jobs()
        #expect(jobs.count == 2 && jobs.allSatisfy { $0.state == .done }, "\(jobs.map(\.state)) \(jobs.map(\.lastError))")
        let outputs = try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/out").sorted()
        #expect(outputs.count == 2 && outputs.allSatisfy { $0.hasSuffix(".mp3") }, "\(outputs)")
        for name in outputs {
            let info = try AudioFileInfo.read(path: "\(scratch.path)/out/\(name)")
            #expect(info.tags.album == "Fixture Album")
            #expect(info.duration > 10)
        }
    }
}
