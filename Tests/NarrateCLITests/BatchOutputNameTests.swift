import Foundation
import NarrateTestSupport
import Testing

/// Batch output names end to end: the folder is never left, a bad template is one line.
@Suite("Batch output names, end to end", .endToEnd)
struct BatchOutputNameTests {
    /// End to end: a template that climbs out of the folder still writes inside it.
    @Test func aBatchWritesOnlyInsideTheOutputFolder() async throws {
        let fixture = try BatchFixture()
        let run = try await fixture.narrate([
            "batch", NarrateBinary.sample("en-news.txt"), "--output-dir", "out", "--name-template", "../../{slug}-{id}", "--quiet",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try fixture.outputFiles().count == 1)
        #expect(try fixture.outputFiles().allSatisfy { !$0.hasPrefix(".") && $0.hasSuffix("-1.wav") })
        #expect(try fixture.scratch.entries() == ["lib", "out"])
        try fixture.expectValidOutputs()
    }

    @Test func aBadTemplateIsOneLineAndExit64() async throws {
        let fixture = try BatchFixture()
        let run = try await fixture.narrate([
            "batch", NarrateBinary.sample("en-news.txt"), "--output-dir", "out", "--name-template", "{title}",
        ])
        #expect(run.status == 64, "\(run.status) \(run.standardError)")
        #expect(run.errorLines.count == 1, "\(run.errorLines)")
        #expect(run.errorLines.first?.contains("--name-template {title}") == true)
    }
}
