/// One unit of a document's structure: a heading, a paragraph, a list item, a quotation
/// or a spoken notice in place of something that is not read (such as a code block).
public struct Block: Sendable, Equatable, Codable {
    /// What kind of block this is; it decides the pause that follows it.
    public var kind: Kind
    /// The text to speak, with markup removed.
    public var text: String
    /// Where the pieces of `text` stand in the source, in Unicode scalar offsets.
    public var sourceMap: SourceMap
    /// The part of the article the whole block is, when it is not running text (a reference
    /// list, a footnote, a table row, an image caption, navigation): read or not by the
    /// listener's `ReadingChoices`. Kept in the text all the same, so extraction is whole.
    public var part: ReadingPart?
    /// Stretches of `text` (Unicode scalar offsets) that are a part of their own inside it:
    /// an "[edit]" link or footnote marker (apparatus), an image's description.
    public var asides: [Aside]?

    /// A stretch of a block's text that is a part of its own.
    public struct Aside: Sendable, Equatable, Codable {
        /// Its range in the block's text, in Unicode scalars.
        public var range: Range<Int>
        /// What it is.
        public var part: ReadingPart

        /// Creates an aside.
        public init(range: Range<Int>, part: ReadingPart) {
            self.range = range
            self.part = part
        }
    }

    /// Creates a block.
    public init(kind: Kind, text: String, sourceMap: SourceMap, part: ReadingPart? = nil, asides: [Aside]? = nil) {
        self.kind = kind
        self.text = text
        self.sourceMap = sourceMap
        self.part = part
        self.asides = asides
    }

    /// The text without its apparatus (an "[edit]" link, footnote markers), as a title or a
    /// chapter's name shows it.
    public var textWithoutApparatus: String {
        let apparatus = (asides ?? []).filter { $0.part == .apparatus }
        guard !apparatus.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() where !apparatus.contains(where: { $0.range.contains(offset) }) {
            kept.append(scalar)
        }
        var result = String(kept)
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }

    /// Whether it is the article's own words, said as written: speakable, and no notice and
    /// none of the page's apparatus (code as written, a table of contents, navigation).
    public var isArticleText: Bool {
        kind != .notice && part != .apparatus && isSpeakable
    }

    /// Whether it starts a chapter: a heading, but none of the page's apparatus (a table of
    /// contents' "Contents"), which is never read.
    public var startsChapter: Bool {
        if case .heading = kind { part != .apparatus } else { false }
    }

    /// The text of `blocks` as the page has it, separated by blank lines: code as written, not
    /// the notice said in its place (`extract`, `show`).
    public static func pageText(of blocks: some Sequence<Block>) -> String {
        blocks.lazy.filter { $0.kind != .notice }.map(\.text).joined(separator: "\n\n")
    }

    /// Whether the text has at least one letter or digit.
    public var isSpeakable: Bool {
        text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }

    /// The kinds of block.
    public enum Kind: Sendable, Equatable, Codable {
        /// A heading of the given level (1 is the top).
        case heading(level: Int)
        /// A paragraph of prose.
        case paragraph
        /// An item of a bulleted or numbered list.
        case listItem
        /// A block quotation.
        case quote
        /// Words narrate says in place of something it does not read (a code block).
        case notice
        /// Code, a drawing or a table as it is written (lines and indentation kept): shown and
        /// extracted, never read (its part is the apparatus; a `notice` is said instead).
        case code
    }

    /// `text` as a code block keeps it: its lines without trailing white space, the blank
    /// lines before and after dropped, the indentation all its lines share taken off (an
    /// RFC's three spaces), the rest of it and tabs kept.
    public static func verbatim(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while let last = line.last, last.isWhitespace { line.removeLast() }
            return line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let shared = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return lines.map { $0.dropFirst(min(shared, $0.count)) }.joined(separator: "\n")
    }
}
