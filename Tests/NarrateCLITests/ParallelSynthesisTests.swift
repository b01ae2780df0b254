import Foundation
import NarrateAudio
import NarrateTestSupport
import Testing

/// One article over several processes (`--jobs`), with eSpeak NG: the audio and the timings
/// are those of one process, byte for byte.
@Suite("One article on every core", .endToEnd)
struct ParallelSynthesisTests {
    /// The 33-minute sample: one process and two, and four on two cores, make the same WAV.
    @Test func parallelWAVIsByteIdenticalToOneProcess() async throws {
        let scratch = try ScratchDirectory()
        let article = NarrateBinary.sample("en-long.txt")
        var files: [Data] = []
        for jobs in [1, 2, 4] {
            let output = "\(scratch.path)/jobs-\(jobs).wav"
            let run = try await NarrateBinary.run(["convert", article, "-o", output, "--jobs", "\(jobs)"])
            #expect(run.status == 0, "\(run.standardError)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(files[0].count > 80_000_000)
        #expect(files[1] == files[0], "--jobs 2 differs from --jobs 1")
        #expect(files[2] == files[0], "--jobs 4 differs from --jobs 1")
        // Nothing is left behind: the parts' files are unlinked from the start.
        #expect(try scratch.entries() == ["jobs-1.wav", "jobs-2.wav", "jobs-4.wav"])
    }

    /// A library render over two processes times every sentence and word as one process does,
    /// in Ukrainian too.
    @Test(arguments: [("en-long.txt", "en-us"), ("uk-news.txt", "uk")])
    func renderTimingsAreTheSameOverTwoProcesses(_ sample: String, _ voice: String) async throws {
        let scratch = try ScratchDirectory()
        // The Ukrainian sample is short: a long article made of it four times over.
        let text = try String(contentsOfFile: NarrateBinary.sample(sample), encoding: .utf8)
        let input = try scratch.write(
            "article.txt", text: sample == "uk-news.txt" ? Array(repeating: text, count: 4).joined(separator: "\n\n") : text)
        for jobs in [1, 2] {
            // A library each: a second render in one library would be a copy of the first.
            let environment = ["NARRATE_LIBRARY": "\(scratch.path)/library-\(jobs).sqlite"]
            #expect(
                try await NarrateBinary.run(["add", input, "--voice", voice], directory: scratch.path, environment: environment).status == 0
            )
            let run = try await NarrateBinary.run(
                ["render", "1", "-o", "jobs-\(jobs).wav", "--sync", "jobs-\(jobs).json", "--jobs", "\(jobs)", "--json"],
                directory: scratch.path, environment: environment
            )
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("synthesized"), "\(run.standardOutput)")
        }
        let one = try Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/jobs-1.json"))
        let two = try Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/jobs-2.json"))
        #expect(one == two)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/jobs-1.wav"))
                == Data(contentsOf: URL(fileURLWithPath: "\(scratch.path)/jobs-2.wav")))
    }

    @Test func jobsOutOfRangeAreOneLine() async throws {
        let run = try await NarrateBinary.run(["convert", NarrateBinary.sample("en-news.txt"), "-o", "/tmp/never.wav", "--jobs", "0"])
        #expect(run.status == 64)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("--jobs must be 1 to 64"))
    }
}
