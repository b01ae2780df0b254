/// A quick upper estimate of gumbo's work on a page, from its start and end tags, so that a
/// page built to be pathological (100,000 nested `<div>`s take gumbo minutes) is refused
/// before parsing instead of hanging.
///
/// It is not a parser: it only finds `<name` and `</name` outside comments and raw-text
/// elements, tracks an approximate depth (void elements and ones whose end tag is implied,
/// like `p` and `li`, do not nest), and adds the depth at each start tag that makes an
/// HTML5 parser walk its stack of open elements.
struct HTMLParseWorkEstimate {
    /// Deepest nesting seen.
    private(set) var maximumDepth = 0
    /// Sum of depths at costly start tags: about the stack entries gumbo will visit.
    private(set) var work = 0
    /// Start tags: about the elements the page's tree will hold.
    private(set) var elements = 0

    /// Work gumbo does in a second or so (measured: 5,000 nested `div`s ≈ 12.5 million, 0.15 s).
    static let budget = 400_000_000

    var isAffordable: Bool { work <= Self.budget }

    /// Elements a page may have: each takes some 400 bytes while it is read (gumbo's node and
    /// narrate's), so 600,000 take about 250 MB; a page of 16 MiB of nested `div`s has 1.3
    /// million and took 576 MB. The longest real pages have a few hundred thousand.
    static let maximumElements = 600_000

    var isWithinElementLimit: Bool { elements <= Self.maximumElements }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var depth = 0
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                index = Self.skipComment(bytes, from: index)
                continue
            }
            let closing = next == UInt8(ascii: "/")
            var nameStart = index + (closing ? 2 : 1)
            var nameEnd = nameStart
            while nameEnd < count, nameEnd - nameStart < 12, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
            guard nameEnd > nameStart, Self.isLetter(bytes[nameStart]) else {
                index += 1
                continue
            }
            let name = Self.lowercased(bytes, nameStart..<nameEnd)
            nameStart = nameEnd
            index = nameEnd
            if closing {
                if !Self.doesNotNest.contains(name) { depth = max(0, depth - 1) }
                continue
            }
            if Self.rawText.contains(name) {
                index = Self.skipRawText(bytes, from: index, name: name)
                continue
            }
            elements += 1
            if !Self.cheap.contains(name) { work = work &+ depth }
            if !Self.doesNotNest.contains(name) {
                depth += 1
                maximumDepth = max(maximumDepth, depth)
            }
        }
    }

    /// Elements that never hold others or are closed by the next of their kind.
    private static let doesNotNest: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
        "p", "li", "dt", "dd", "option", "tr", "td", "th", "html", "head", "body",
    ]
    /// Inline elements whose start tags do not make the parser walk its stacks.
    private static let cheap: Set<String> = [
        "span", "abbr", "bdi", "bdo", "cite", "data", "dfn", "kbd", "label", "mark", "q", "samp", "sub", "sup",
        "time", "var", "ins", "del",
    ]
    private static let rawText: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: bytes[range].map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Past `<!-- ... -->` (or `<!...>`).
    private static func skipComment(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        if start + 3 < count, bytes[start + 2] == UInt8(ascii: "-"), bytes[start + 3] == UInt8(ascii: "-") {
            var index = start + 4
            while index + 2 < count {
                if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] == UInt8(ascii: ">") {
                    return index + 3
                }
                index += 1
            }
            return count
        }
        var index = start + 2
        while index < count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        return index + 1
    }

    /// Past the end tag `</name` of a raw-text element.
    private static func skipRawText(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, name: String) -> Int {
        let count = bytes.count
        let target = Array(name.utf8)
        var index = start
        while index + 1 + target.count < count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/") {
                var matches = true
                for (offset, byte) in target.enumerated() where (bytes[index + 2 + offset] | 0x20) != byte {
                    matches = false
                    break
                }
                if matches { return index + 2 + target.count }
            }
            index += 1
        }
        return count
    }
}
