import Foundation
import NarrateTestSupport
import Testing

/// Reading choices from the command line: `--read` and `--skip` on a render, a preset's
/// "read" and "skip", and the library's setting (`narrate reading`).
@Suite("What narrate reads aloud", .endToEnd)
struct ReadingChoiceTests {
    static let article = """
        # Field notes

        The river rose on Tuesday.[^1] See https://example.org/river for the gauge.

        ![The gauge at dawn](gauge.jpg)

        ## References

        - Smith, J. Rivers of the north. Oxford, 2020.
        - Lee, K. Floods and the people who stop them. Kyiv, 2021.

        [^1]: Measured at the old bridge by the keeper.
        """

    /// The audio's length in samples, from a 16-bit mono WAV's size.
    private func samples(_ path: String) throws -> Int {
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        return (size - 44) / 2
    }

    private func convert(_ scratch: ScratchDirectory, _ name: String, _ options: [String]) async throws -> Int {
        let input = "\(scratch.path)/notes.md"
        if !FileManager.default.fileExists(atPath: input) { _ = try scratch.write("notes.md", text: Self.article) }
        let output = "\(scratch.path)/\(name).wav"
        let run = try await NarrateBinary.run(["convert", input, "-o", output, "--jobs", "1"] + options)
        #expect(run.status == 0, "\(run.standardError)")
        return try samples(output)
    }

    @Test func referencesAndFootnotesAreSkippedUnlessAskedFor() async throws {
        let scratch = try ScratchDirectory()
        let standard = try await convert(scratch, "standard", [])
        let references = try await convert(scratch, "references", ["--read", "references"])
        let everything = try await convert(scratch, "all", ["--read", "all"])
        let bare = try await convert(scratch, "bare", ["--skip", "images,urls"])
        // Two references take seconds; the footnote more; images and links less.
        #expect(references > standard + 22_050 * 3)
        #expect(everything > references + 22_050)
        #expect(bare < standard - 22_050)
        // A preset chooses too; the command's options win over it.
        _ = try scratch.write("with-refs.json", text: #"{"name": "with-refs", "voice": "en-us", "read": ["references"]}"#)
        let preset = try await convert(scratch, "preset", ["--preset", "\(scratch.path)/with-refs.json"])
        #expect(preset == references)
        let overridden = try await convert(scratch, "overridden", ["--preset", "\(scratch.path)/with-refs.json", "--skip", "references"])
        #expect(overridden == standard)
    }

    @Test func anUnknownPartIsOneLineAndExit64() async throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.write("notes.md", text: Self.article)
        let run = try await NarrateBinary.run(["convert", input, "-o", "\(scratch.path)/out.wav", "--skip", "edits"])
        #expect(run.status == 64)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains("--skip: 'edits' is not a part narrate reads or skips; use one of references, footnotes"))
        #expect(!FileManager.default.fileExists(atPath: "\(scratch.path)/out.wav"))
        let reading = try await NarrateBinary.run([
            "reading", "--read", "bibliography,edits", "--library", "\(scratch.path)/library.sqlite",
        ])
        #expect(reading.status == 64 && reading.errorLines.count == 1, "\(reading.standardError)")
    }

    @Test func theLibraryKeepsItsChoicesForRenders() async throws {
        let scratch = try ScratchDirectory()
        let library = ["--library", "\(scratch.path)/library.sqlite"]
        let input = try scratch.write("notes.md", text: Self.article)
        #expect(try await NarrateBinary.run(["add", input] + library).status == 0)
        let shown = try await NarrateBinary.run(["reading"] + library)
        #expect(shown.status == 0)
        #expect(
            shown.standardOutput.hasPrefix("skip  references  References and external links\nskip  footnotes   Footnotes\nread  images"))

        let before = try await NarrateBinary.run(["render", "1", "-o", "\(scratch.path)/before.wav", "--jobs", "1"] + library)
        #expect(before.status == 0, "\(before.standardError)")
        let changed = try await NarrateBinary.run(["reading", "--read", "references,footnotes"] + library)
        #expect(changed.standardOutput.hasPrefix("read  references"), "\(changed.standardOutput)")
        let after = try await NarrateBinary.run(["render", "1", "-o", "\(scratch.path)/after.wav", "--jobs", "1"] + library)
        #expect(after.status == 0, "\(after.standardError)")
        #expect(try samples("\(scratch.path)/after.wav") > samples("\(scratch.path)/before.wav") + 22_050 * 5)
        // --skip on the render wins over the library's choice.
        let skipped = try await NarrateBinary.run(
            ["render", "1", "-o", "\(scratch.path)/skipped.wav", "--jobs", "1", "--skip", "references,footnotes"] + library
        )
        #expect(skipped.status == 0, "\(skipped.standardError)")
        #expect(try samples("\(scratch.path)/skipped.wav") == samples("\(scratch.path)/before.wav"))

        let reset = try await NarrateBinary.run(["reading", "--reset"] + library)
        #expect(reset.standardOutput.hasPrefix("skip  references"))
    }
}
