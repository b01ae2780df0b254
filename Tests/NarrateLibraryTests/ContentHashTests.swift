import Crypto
import Foundation
import Testing

@testable import NarrateLibrary

/// The content hash scans scalars where that is sure to give what the grapheme-cluster scan
/// gave (every hash already stored was made so), and falls back to it elsewhere.
@Suite("Content hash")
struct ContentHashTests {
    /// The hash as it was first made: white space split by `Character`.
    static func reference(_ text: String) -> String {
        let normalized = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return SHA256.hash(data: Data(normalized.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    static let samples = [
        "", " ", " \t\r\n ", "The lighthouse", "  The\tlighthouse\r\nstood.\n\n", "Новини з Полтави.\u{00A0}Дощ — 40 мм.",
        "Straße\u{2009}über «Brücken»", "a\u{2003}b\u{3000}c\u{85}d\u{2028}e",
        // White space that shares a cluster with its neighbour.
        "word \u{301}accent", "a \u{200D}b", "x \u{0E33}y", "\u{0600} 12", "n \u{1F3FB}m", "tab\t\u{0483}mark",
        "สวัสดี ครับ", "مرحبا بالعالم", "日本語 の テキスト", "🙂 👍🏽 👨‍👩‍👧",
    ]

    @Test(arguments: samples)
    func theHashIsTheClusterScansOne(_ text: String) {
        #expect(ContentHash.of(text) == Self.reference(text))
    }

    @Test func latinGreekAndCyrillicTextTakesTheScalarScan() {
        for text in [
            "  The\tlighthouse\r\nstood.\n\n", "Новини з Полтави.\u{00A0}Дощ — 40 мм.", "Straße\u{2009}über «Brücken»", "Ελλάδα σήμερα",
        ] {
            #expect(ContentHash.collapsedScalars(text) != nil, "\(text)")
        }
        for text in ["word \u{301}accent", "\u{0600} 12", "x \u{0E33}y"] {
            #expect(ContentHash.collapsedScalars(text) == nil, "\(text)")
        }
    }

    /// Random texts from a pool of scalars chosen to sit next to white space in every way.
    @Test func randomMixturesHashAsTheClusterScanDoes() {
        let pool: [Unicode.Scalar] = [
            " ", "\t", "\n", "\r", "\u{A0}", "\u{2009}", "\u{3000}", "\u{85}", "a", "Z", "7", ".", "—", "«", "ї", "Ж", "ß", "é",
            "\u{301}", "\u{483}", "\u{200D}", "\u{200C}", "\u{600}", "\u{E33}", "\u{E01}", "\u{1F3FB}", "\u{1F600}", "ا", "日",
            "\u{FF9E}", "\u{0D4E}", "\u{1100}", "\u{1161}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) { scalars.append(pool.randomElement(using: &generator)!) }
            let text = String(scalars)
            #expect(ContentHash.of(text) == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// A book's hash is made a block at a time (its joined text is never held): the same as
    /// the joined text's, whatever the blocks start or end with, empty and blank ones too.
    @Test func blocksHashAsTheirJoinedText() {
        let pool: [Unicode.Scalar] = [
            " ", "\t", "\n", "\r", "\u{A0}", "\u{2009}", "a", "7", ".", "ї", "é", "\u{301}", "\u{200D}", "\u{600}", "\u{E33}",
            "\u{1F3FB}", "ا", "日", "\u{1100}", "\u{1161}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var blocks: [String] = []
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                var scalars = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 0...8, using: &generator) { scalars.append(pool.randomElement(using: &generator)!) }
                blocks.append(String(scalars))
            }
            var hash = ContentHash.Blocks()
            for block in blocks { hash.add(block) }
            let joined = blocks.joined(separator: "\n\n")
            #expect(hash.finish() == ContentHash.of(joined), "\(blocks.map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
        }
    }
}
