import Foundation
import NarrateTerminal
import NarrateTestSupport
import Testing

/// What a batch says while it runs: JSON events on stdout with `--json`, plain progress
/// lines on stderr when it is not a terminal, nothing with `--quiet`.
@Suite("Batch progress", .endToEnd)
struct BatchProgressTests {
    let fixture: BatchFixture
    let articles = ["en-news.txt", "uk-news.txt"].map(NarrateBinary.sample)

    init() throws {
        // Every job must be claimed once: no lease may run out under load.
        fixture = try BatchFixture(lease: 20)
    }

    @Test func jsonWritesOneEventObjectPerLine() async throws {
        let run = try await fixture.narrate(["batch"] + articles + ["--jobs", "2", "--output-dir", "out", "--json"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(run.standardOutput.hasSuffix("\n"))
        let events = try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(events.allSatisfy { $0["event"] is String }, "an event without its kind")
        // The articles added, then their jobs through their states, then the summary.
        let notes = events.filter { $0["event"] as? String == "note" }.compactMap { $0["message"] as? String }
        #expect(notes.count == 2 && notes.allSatisfy { $0.hasPrefix("added ") }, "\(notes)")
        let done = events.filter { $0["event"] as? String == "job" && $0["state"] as? String == "done" }
        #expect(done.count == 2, "\(events)")
        for event in done {
            #expect(event["job"] is Int && event["article"] is Int && event["attempts"] as? Int == 1)
            #expect((event["duration"] as? Double ?? 0) > 10, "\(event)")
            let output = try #require(event["output"] as? String)
            #expect(output.hasPrefix(fixture.outputDirectory + "/") && output.hasSuffix(".wav"))
            #expect(FileManager.default.fileExists(atPath: output))
            #expect(event["title"] is String)
        }
        let summary = try #require(events.last)
        #expect(summary["event"] as? String == "summary")
        #expect(summary["done"] as? Int == 2 && summary["failed"] as? Int == 0 && summary["upToDate"] as? Int == 0)
        #expect(summary["remaining"] as? Int == 0 && summary["cancelled"] as? Int == 0)
        let audio = done.compactMap { $0["duration"] as? Double }.reduce(0, +)
        #expect(abs((summary["audioSeconds"] as? Double ?? 0) - audio) < 0.001)

        // A second run: both up to date, with their outputs.
        let again = try await fixture.narrate(["batch"] + articles + ["--output-dir", "out", "--json"])
        let upToDate = again.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(upToDate.filter { $0["state"] as? String == "up to date" && $0["output"] is String }.count == 2)
        #expect(upToDate.last?["upToDate"] as? Int == 2)
    }

    @Test func withoutATerminalProgressComesAsPlainLines() async throws {
        let run = try await fixture.narrate(["batch"] + articles + ["--jobs", "1", "--output-dir", "out"])
        #expect(run.status == 0, "\(run.standardError)")
        // No redrawing on a pipe: whole lines, no carriage returns or escape sequences.
        #expect(!run.standardError.contains("\r") && !run.standardError.contains("\u{1B}"))
        let lines = run.errorLines
        #expect(lines.filter { $0.hasPrefix("narrate: added ") }.count == 2, "\(lines)")
        let progress = lines.filter { !$0.hasPrefix("narrate: ") }
        #expect(!progress.isEmpty, "no progress line: \(lines)")
        #expect(
            progress.allSatisfy { $0.contains("/2 done, ") && $0.contains(" h of audio, ") && $0.contains("× real time") }, "\(progress)")
        #expect(run.standardOutput.hasPrefix("done 2, up to date 0, failed 0 ("), "\(run.standardOutput)")
        #expect(run.standardOutput.hasSuffix(" of audio)\n"))
    }

    @Test func quietShowsNoProgressButTheSummary() async throws {
        let run = try await fixture.narrate(["batch"] + articles + ["--jobs", "2", "--output-dir", "out", "--quiet"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("done 2, up to date 0, failed 0 ("), "\(run.standardOutput)")
    }
}
