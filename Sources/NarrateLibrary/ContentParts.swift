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
        // The part's text so far, blocks joined by blank lines as the search index has them.
        var bytes = 0
        for (index, block) in blocks.enumerated() {
            let size = block.text.utf8.count
            if index > start, bytes + 2 + size > length {
                ranges.append(start..<index)
                start = index
                bytes = 0
            }
            bytes += (index > start ? 2 : 0) + size
        }
        ranges.append(start..<blocks.count)
        return ranges
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
