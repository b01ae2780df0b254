import Foundation
import NarrateText

/// One conformance case: a text and the sentences it must split into.
struct SegmentationCase: Decodable, Sendable {
    var text: String
    var expected: [String]
    var note: String?

    /// A file of cases in the Golden Rules format.
    struct File: Decodable {
        var language: String
        var cases: [SegmentationCase]
    }

    /// The shared corpora folder beside the repository, if it is there.
    static let corporaDirectory: String? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            ProcessInfo.processInfo.environment["NARRATE_CORPORA"],
            repository.deletingLastPathComponent().appendingPathComponent("shared/corpora").path,
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: "\($0)/sentences") }
    }()

    /// The team's own cases, kept beside the tests.
    static let ownCasesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Cases").path

    /// Every file in `directory` whose name starts with `prefix`, by language.
    static func load(from directory: String, prefix: String) throws -> [File] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)")))
        }
    }

    /// The sentences `segmenter` finds, trimmed, as the corpus README asks.
    static func split(_ text: String, with segmenter: SentenceSegmenter) -> [String] {
        let scalars = Array(text.unicodeScalars)
        return segmenter.sentenceRanges(in: text).map {
            String(String.UnicodeScalarView(scalars[$0])).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Runs every case of `file`; returns the failures as readable lines. A case also fails
    /// when its ranges and the white space between them do not rebuild its text.
    static func failures(in file: File) -> [String] {
        let segmenter = SentenceSegmenter(language: file.language)
        return file.cases.compactMap { testCase in
            let actual = split(testCase.text, with: segmenter)
            if actual != testCase.expected {
                return "[\(file.language)] \(testCase.text)\n   expected \(testCase.expected)\n   got      \(actual)"
            }
            if !rebuildsText(testCase.text, from: segmenter.sentenceRanges(in: testCase.text)) {
                return "[\(file.language)] \(testCase.text)\n   ranges do not rebuild the text"
            }
            return nil
        }
    }

    /// Whether only white space lies outside and between `ranges`, in order.
    static func rebuildsText(_ text: String, from ranges: [Range<Int>]) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var position = 0
        for range in ranges {
            guard range.lowerBound >= position, range.upperBound <= scalars.count, !range.isEmpty,
                scalars[position..<range.lowerBound].allSatisfy({ $0.properties.isWhitespace })
            else { return false }
            position = range.upperBound
        }
        return scalars[position...].allSatisfy { $0.properties.isWhitespace }
    }
}
