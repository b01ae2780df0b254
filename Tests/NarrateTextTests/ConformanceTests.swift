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

    /// Issue 21's hard cases: an abbreviation that does end a sentence before a new one
    /// (Ltd., обл., "в XII в."), chains of titles before a name, a number and a period before
    /// a capitalised noun (German "Platz 3. Gold") against an ordinal of the same shape, a
    /// headline ending with an abbreviation. Many are decided by the language's dictionary
    /// ("XV w. Wieżę dobudowano"), so they need the dictionaries `install-dependencies` installs.
    /// Misses, by language: German "… den Bann gegen Heinrich IV. Beigelegt war …", where a
    /// regnal number ends the sentence before a participle (after "Heinrichs IV. Gang …" it is
    /// an ordinal before a noun, and nothing but the grammar tells the two apart).
    static let knownHardMisses: [String: Int] = ["de": 1]

    /// The languages of the hard cases, whose dictionaries decide some of them.
    static let hardCaseLanguages = ["bg", "cs", "de", "el", "en", "es", "fr", "it", "nl", "pl", "pt", "ro", "ru", "sv", "uk"]

    @Test(
        "Hard cases of abbreviations, titles and numbers, every language written",
        .enabled(
            if: hardCaseLanguages.allSatisfy { WordLexicon.forLanguage($0).isInstalled },
            "a Hunspell dictionary of a hard case's language is missing (scripts/install-dependencies installs them)"
        )
    )
    func hardCases() throws {
        let files = try SegmentationCase.load(from: SegmentationCase.ownCasesDirectory, prefix: "hard-")
        #expect(files.count >= 4)
        var passed = 0
        var all = 0
        for file in files {
            let failures = SegmentationCase.failures(in: file)
            print("hard-\(file.language): \(file.cases.count - failures.count) of \(file.cases.count) pass")
            passed += file.cases.count - failures.count
            all += file.cases.count
            // Every miss is listed; a language's file must not lose what it passes now.
            #expect(failures.count <= (Self.knownHardMisses[file.language] ?? 0), "\(file.language): \(failures)")
        }
        print("hard cases: \(passed) of \(all)")
        // The issue's goal is 97% in every language.
        #expect(Double(passed) >= Double(all) * 0.97, "\(passed) of \(all)")
    }
}
