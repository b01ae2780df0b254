import Foundation
import NarrateTestSupport
import Testing

/// `narrate play` of an article without a render: it sounds while the render is made (over
/// two processes), and what it plays is what the finished render plays.
@Suite("Playing while rendering", .endToEnd)
struct LivePlayTests {
    @Test func theFirstPlayStreamsWhatTheRenderHolds() async throws {
        let scratch = try ScratchDirectory()
        let environment = ["NARRATE_LIBRARY": "\(scratch.path)/library.sqlite"]
        func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
            try await NarrateBinary.run(arguments, directory: scratch.path, environment: environment)
        }
        #expect(try await narrate(["add", NarrateBinary.sample("en-long.txt")]).status == 0)
        func play(into file: String) async throws -> NarrateBinary.Outcome {
            try await NarrateBinary.run(
                ["-c", "exec '\(NarrateBinary.path)' play 1 --sink stdout --speed 1000 --from-start --jobs 2 > \(file)"],
                executable: "/bin/sh", directory: scratch.path, environment: environment
            )
        }
        let live = try await play(into: "live.au")
        #expect(live.status == 0, "\(live.standardError)")
        #expect(live.standardError.contains("rendering as it plays"), "\(live.standardError)")
        let cached = try await play(into: "cached.au")
        #expect(cached.status == 0, "\(cached.standardError)")
        #expect(!cached.standardError.contains("rendering as it plays"))
        let liveAudio = try Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/live.au"))
        #expect(liveAudio.count > 80_000_000)
        #expect(liveAudio == (try Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/cached.au"))))
        // The render was kept in the library's audio folder, and nothing half-made beside it.
        let audio = try FileManager.default.contentsOfDirectory(atPath: "\(scratch.path)/audio")
        #expect(audio.filter { $0.hasSuffix(".wav") }.count == 1, "\(audio)")
        #expect(!audio.contains { $0.hasSuffix(".tmp") })
    }
}
