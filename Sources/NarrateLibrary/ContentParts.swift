import NarrateCore
import NarrateSearch

/// How the library stores a long article (a book): its blocks in parts of at most
/// `SearchIndex.passageLength` bytes of text (a single longer block is a part of its own),
/// each part's blocks stored and indexed for search on their own, so neither the whole
/// document's JSON nor its whole text is ever made at once; its original in parts of that
/// many bytes (`articleContentPart`, `articleOriginalPart`: the document in `articleContent`
/// then has no blocks, nor the original there any bytes). An article of one part is stored
/// whole, as every article was before parts.
enum ContentParts {
    /// The ranges of `blocks` that make its parts, in order; one range (all of them, maybe
    /// none) when the text is no longer than `length`.
    static func ranges(of blocks: [Block], length: Int = SearchIndex.passageLength) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var splitter = Splitter(length: length)
        for (index, block) in blocks.enumerated() where splitter.startsPart(before: block) {
            ranges.append(start..<index)
            start = index
        }
        ranges.append(start..<blocks.count)
        return ranges
    }

    /// Where parts start, told a block at a time (a book read a chapter at a time).
    struct Splitter {
        let length: Int
        /// The current part's text so far, blocks joined by blank lines as the search index
        /// has them; nil before the first block.
        private var bytes: Int?

        init(length: Int = SearchIndex.passageLength) {
            self.length = length
        }

        /// Takes the next block: whether it starts a new part (after the first).
        mutating func startsPart(before block: Block) -> Bool {
            let size = block.text.utf8.count
            guard let current = bytes else {
                bytes = size
                return false
            }
            if current + 2 + size > length {
                bytes = size
                return true
            }
            bytes = current + 2 + size
            return false
        }
    }

    /// The ranges of an original of `count` bytes that make its parts, `length` bytes each
    /// but the last; one range (all of it) when it is no longer.
    static func originalParts(of count: Int, length: Int = SearchIndex.passageLength) -> [Range<Int>] {
        guard count > length else { return [0..<count] }
        return stride(from: 0, to: count, by: length).map { $0..<min($0 + length, count) }
    }

    /// The text of `blocks`, joined by blank lines: what is searched.
    static func text(of blocks: ArraySlice<Block>) -> String {
        blocks.map(\.text).joined(separator: "\n\n")
    }
}
