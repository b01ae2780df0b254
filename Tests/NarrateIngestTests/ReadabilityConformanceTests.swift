import Foundation
import NarrateCore
import Testing

@testable import NarrateIngest

/// Extraction against Mozilla Readability.js on the pages of ../shared/corpora/readability,
/// scored as its README says: bag-of-words F1 of the extracted text against the text of
/// expected.html, and exact titles.
@Suite("Readability conformance")
struct ReadabilityConformanceTests {
    static let corpus: String? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            ProcessInfo.processInfo.environment["NARRATE_CORPORA"],
            repository.deletingLastPathComponent().appendingPathComponent("shared/corpora").path,
        ].compactMap { $0 }
        return candidates.map { "\($0)/readability" }.first { FileManager.default.fileExists(atPath: $0) }
    }()

    @Test(
        "Mean F1 and titles over every page",
        .enabled(
            if: corpus != nil,
            "../shared/corpora/readability is absent: extraction conformance skipped (set NARRATE_CORPORA to run it)"
        )
    )
    func everyPage() throws {
        let directory = try #require(Self.corpus)
        let pages = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
            FileManager.default.fileExists(atPath: "\(directory)/\($0)/source.html")
        }.sorted()
        #expect(pages.count >= 90)
        var scores: [Double] = []
        var titlesRight = 0
        var lines = ["page                                       F1     P      R      title"]
        for page in pages {
            let folder = "\(directory)/\(page)"
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/source.html")))
            let expectedHTML = try String(contentsOfFile: "\(folder)/expected.html", encoding: .utf8)
            let metadata =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/expected-metadata.json"))
                ) as? [String: Any]
            let reference = try Self.referenceText(expectedHTML)
            var output = ""
            var title = ""
            do {
                let document = try HTMLReader().read(source, name: page).document
                output = Self.articleText(document)
                title = document.title
            } catch {
                output = ""
            }
            let score = WordBagScore(output: output, reference: reference)
            if let dump = ProcessInfo.processInfo.environment["NARRATE_EXTRACT_DUMP"] {
                try? output.write(toFile: "\(dump)/\(page).out.txt", atomically: true, encoding: .utf8)
                try? reference.write(toFile: "\(dump)/\(page).ref.txt", atomically: true, encoding: .utf8)
            }
            scores.append(score.f1)
            let expectedTitle = HTMLNode.collapsingWhitespace(metadata?["title"] as? String ?? "")
            let titleRight = expectedTitle == HTMLNode.collapsingWhitespace(title)
            if titleRight { titlesRight += 1 }
            lines.append(
                page.padding(toLength: 42, withPad: " ", startingAt: 0)
                    + " \(Self.format(score.f1))  \(Self.format(score.precision))  \(Self.format(score.recall))  "
                    + "\(WordBagScore.bag(output).values.reduce(0, +))/\(WordBagScore.bag(reference).values.reduce(0, +)) words  "
                    + (titleRight ? "ok" : "'\(title)' ≠ '\(expectedTitle)'")
            )
        }
        let mean = scores.reduce(0, +) / Double(scores.count)
        let titleShare = Double(titlesRight) / Double(pages.count)
        lines.append("mean F1 \(Self.format(mean)) over \(pages.count) pages; titles right \(titlesRight)/\(pages.count)")
        print(lines.joined(separator: "\n"))
        #expect(mean >= 0.93, "mean F1 \(mean)")
        #expect(titleShare >= 0.85, "titles right \(titlesRight) of \(pages.count)")
    }

    /// The article's text as `narrate extract` prints it: blocks separated by blank lines,
    /// without the title heading the reader adds in front.
    static func articleText(_ document: Document) -> String {
        var blocks = document.blocks
        if let first = blocks.first, first.kind == .heading(level: 1), first.text == document.title { blocks.removeFirst() }
        return Block.pageText(of: blocks)
    }

    /// The text of expected.html: text nodes in order, a line break at each block element,
    /// without script, style, template and noscript content.
    static func referenceText(_ html: String) throws -> String {
        let root = try HTMLParser().parse(html, name: "expected.html")
        var text = ""
        var stack: [HTMLNode] = [root]
        while let node = stack.popLast() {
            if node.isText {
                text += node.text
                continue
            }
            if ["script", "style", "template", "noscript"].contains(node.tag) { continue }
            if ArticleBlockBuilder.blockTags.contains(node.tag) || node.tag == "br" { text += "\n" }
            stack.append(contentsOf: node.children.reversed())
        }
        return text
    }

    static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}

/// Bag-of-words precision, recall and F1 of an extracted text against a reference text.
struct WordBagScore {
    var precision: Double
    var recall: Double
    var f1: Double

    init(output: String, reference: String) {
        let out = Self.bag(output)
        let ref = Self.bag(reference)
        let outCount = out.values.reduce(0, +)
        let refCount = ref.values.reduce(0, +)
        if outCount == 0 && refCount == 0 {
            (precision, recall, f1) = (1, 1, 1)
            return
        }
        let overlap = out.reduce(0) { $0 + min($1.value, ref[$1.key] ?? 0) }
        precision = outCount == 0 ? 0 : Double(overlap) / Double(outCount)
        recall = refCount == 0 ? 0 : Double(overlap) / Double(refCount)
        f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
    }

    /// Lower-cased runs of word characters (letters, digits, `_`), counted.
    static func bag(_ text: String) -> [String: Int] {
        var bag: [String: Int] = [:]
        for word in text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            bag[String(word), default: 0] += 1
        }
        return bag
    }
}
