import NarrateCore
import NarrateTestSupport
import Testing

@testable import NarrateIngest

/// A page of `blocks` blocks of `depth` nested `div`s, as Tests/Hostile/hostile_inputs.py nested
/// writes them: bare (the divs hold only each other and, innermost, a sentence with a link)
/// or with a few words and a link at every level.
private func nestedPage(depth: Int, blocks: Int = 1, textAtEveryLevel: Bool = false) -> String {
    var body = ""
    for number in 0..<blocks {
        if number > 0 { body += "\n" }
        for level in 0..<depth {
            body += textAtEveryLevel ? "<div>Level \(level) of block \(number), <a href=\"/n/\(level)\">a link</a>" : "<div>"
        }
        body += "The innermost sentence of block \(number) has words, commas, and <a href=\"#b\(number)\">a link</a>."
        body += String(repeating: "</div>", count: depth)
    }
    return "<!DOCTYPE html>\n<html><head><title>Nested \(depth)</title></head><body>\n\(body)\n</body></html>\n"
}

/// The nodes (elements and text) of the parsed page.
private func nodeCount(_ html: String) throws -> Int {
    var count = 0
    var stack = [try HTMLParser().parse(html, name: "page.html")]
    while let node = stack.popLast() {
        count += 1
        stack.append(contentsOf: node.children)
    }
    return count
}

/// The page read, and the node visits reading it took.
private func readCountingWork(_ html: String) throws -> (document: Document, visits: Int) {
    let (document, visits) = try ExtractionWork.counting { try HTMLReader().read(html: html, name: "page.html") }
    return (document, visits)
}

/// Deeply nested pages: reading one takes work in proportion to its size, whatever its depth
/// (it grew with the cube of the depth: 399 levels in 4.5 KB took 2.3 s). Work is counted in
/// node visits (`ExtractionWork`, debug builds) rather than timed.
@Suite("Deeply nested pages")
struct NestedPageTests {
    @Test func aPageOf399NestedDivsReadsItsSentence() throws {
        let document = try HTMLReader().read(html: nestedPage(depth: 399), name: "page.html")
        #expect(document.title == "Nested 399")
        #expect(document.blocks.map(\.text) == ["Nested 399", "The innermost sentence of block 0 has words, commas, and a link."])
    }

    @Test func aPageOf399NestedDivsWithTextAtEveryLevelReadsItsDeepestLevels() throws {
        // The deepest levels, beyond the 400 kept, are flattened into the last one.
        let document = try HTMLReader().read(html: nestedPage(depth: 399, textAtEveryLevel: true), name: "page.html")
        #expect(
            document.blocks.map(\.text) == [
                "Nested 399", "Level 396 of block 0, a link",
                "Level 397 of block 0, a linkLevel 398 of block 0, a linkThe innermost sentence of block 0 has words, commas, and a link.",
            ])
    }

    @Test(arguments: [false, true])
    func workPerNodeDoesNotGrowWithTheDepth(textAtEveryLevel: Bool) throws {
        var visitsPerNode: [Int: Double] = [:]
        for depth in [50, 100, 200, 399] {
            let html = nestedPage(depth: depth, textAtEveryLevel: textAtEveryLevel)
            visitsPerNode[depth] = Double(try readCountingWork(html).visits) / Double(try nodeCount(html))
        }
        // About 20 walks of the page for each of the four attempts (its article is short). One
        // walk of each level's subtree would add about depth / 2 visits a node: 200 at 399 levels.
        for (depth, ratio) in visitsPerNode { #expect(ratio <= 120, "\(ratio) visits a node at depth \(depth)") }
        let deepest = try #require(visitsPerNode[399])
        let shallowest = try #require(visitsPerNode[50])
        #expect(deepest <= shallowest * 1.3, "\(deepest) visits a node at 399 levels, \(shallowest) at 50")
    }

    @Test func eachDeepBlockOfAPageAddsTheSameWork() throws {
        let visits = try [2, 4, 8].map { try readCountingWork(nestedPage(depth: 399, blocks: $0)).visits }
        // Twice the page, at most twice the work (less: the article, one block, costs the same).
        #expect(Double(visits[2]) <= Double(visits[1]) * 2, "8 blocks took \(visits[2]) visits, 4 blocks \(visits[1])")
        // Each block beyond the article costs the same.
        let fromTwoToFour = Double(visits[1] - visits[0]) / 2
        let fromFourToEight = Double(visits[2] - visits[1]) / 4
        #expect(abs(fromFourToEight - fromTwoToFour) <= fromTwoToFour * 0.1, "\(fromTwoToFour) then \(fromFourToEight) visits a block")
    }

    /// A page of more elements than narrate reads (each costs some 400 bytes while it is
    /// read) is refused before it is parsed; one just under the limit is read.
    @Test func aPageOfMoreElementsThanTheLimitIsRefusedBeforeItIsParsed() async throws {
        let limit = HTMLParseWorkEstimate.maximumElements
        let over = "<html><body><article><p>" + String(repeating: "<b>a</b> ", count: limit + 1) + "</p></article></body></html>"
        let under = "<html><body><article><p>Words " + String(repeating: "<b>a</b> ", count: 20_000) + "end.</p></article></body></html>"
        // A second of reading: on a thread of its own, not one of the pool's.
        let (refusal, read) = try await onOwnThread { () throws -> (Result<Document, NarrateError>, Document) in
            let refusal = Result { () throws(NarrateError) in try HTMLReader().read(html: over, name: "many.html") }
            return (refusal, try HTMLReader().read(html: under, name: "some.html"))
        }
        switch refusal {
        case .success: Issue.record("a page of \(limit + 1) elements was read")
        case .failure(let error):
            #expect(error.description.contains("elements; narrate reads pages of up to 600000"), "\(error)")
            guard case .malformedInput = error else {
                Issue.record("expected malformed input, got \(error)")
                return
            }
        }
        #expect(read.blocks.isEmpty == false)
    }

    @Test func aPageOfManyDeepBlocksReadsTheFirst() throws {
        // No block stands out; the first is the article.
        let document = try HTMLReader().read(html: nestedPage(depth: 399, blocks: 8), name: "page.html")
        #expect(document.blocks.map(\.text) == ["Nested 399", "The innermost sentence of block 0 has words, commas, and a link."])
    }
}
