import Foundation
import NarrateText
import Testing

/// The public Golden Rules (../shared/corpora/sentences) and the team's own cases (Cases/).
@Suite("Sentence segmentation conformance")
struct ConformanceTests {
    @Test(
        "Golden Rules, every language",
        .enabled(
            if: SegmentationCase.corporaDirectory != nil,
            "../shared/corpora/sentences is absent: Golden Rules skipped (set NARRATE_CORPORA to run them)"
        )
    )
    func goldenRules() throws {
        let directory = try #require(SegmentationCase.corporaDirectory)
        let files = try SegmentationCase.load(from: "\(directory)/sentences", prefix: "golden-")
        #expect(files.count >= 10)
        #expect(files.first { $0.language == "en" }?.cases.count == 48)
        for file in files {
            let failures = SegmentationCase.failures(in: file)
            print("golden-\(file.language): \(file.cases.count - failures.count) of \(file.cases.count) pass")
            for failure in failures { Issue.record(Comment(rawValue: failure)) }
        }
    }

    @Test("The team's cases, every language")
    func ownCases() throws {
        let files = try SegmentationCase.load(from: SegmentationCase.ownCasesDirectory, prefix: "cases-")
        let counts = Dictionary(uniqueKeysWithValues: files.map { ($0.language, $0.cases.count) })
        #expect((counts["uk"] ?? 0) >= 40, "at least 40 Ukrainian cases")
        for language in ["en", "ru", "de", "fr", "es", "it", "pl", "nl", "bg", "el"] {
            #expect((counts[language] ?? 0) >= 10, "at least 10 cases for \(language)")
        }
        for file in files {
            let failures = SegmentationCase.failures(in: file)
            print("cases-\(file.language): \(file.cases.count - failures.count) of \(file.cases.count) pass")
            for failure in failures { Issue.record(Comment(rawValue: failure)) }
        }
    }
}
