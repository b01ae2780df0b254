/// Maps offsets in a block's spoken text back to offsets in the source it was read from.
///
/// Offsets count Unicode scalars. The map is a list of runs in which text and source advance
/// together; between runs, markup in the source was dropped.
public struct SourceMap: Sendable, Equatable, Codable {
    /// One run of text that stands unchanged in the source.
    public struct Run: Sendable, Equatable, Codable {
        /// Offset of the run in the block's text.
        public var textOffset: Int
        /// Offset of the run in the source.
        public var sourceOffset: Int
        /// Length of the run.
        public var length: Int

        /// Creates a run.
        public init(textOffset: Int, sourceOffset: Int, length: Int) {
            self.textOffset = textOffset
            self.sourceOffset = sourceOffset
            self.length = length
        }
    }

    /// The runs, ordered by text offset.
    public var runs: [Run]

    /// Creates a map from runs ordered by text offset.
    public init(runs: [Run]) {
        self.runs = runs
    }

    /// A map for text that is an exact copy of the source starting at `sourceOffset`.
    public static func identity(sourceOffset: Int, length: Int) -> SourceMap {
        SourceMap(runs: [Run(textOffset: 0, sourceOffset: sourceOffset, length: length)])
    }

    /// The source offset of the text offset `offset`; an offset between runs maps to the
    /// start of the next run (or the end of the last).
    public func sourceOffset(forTextOffset offset: Int) -> Int {
        guard let first = runs.first else { return 0 }
        if offset <= first.textOffset { return first.sourceOffset }
        var low = 0
        var high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].textOffset <= offset { low = mid } else { high = mid - 1 }
        }
        let run = runs[low]
        if offset <= run.textOffset + run.length {
            return run.sourceOffset + (offset - run.textOffset)
        }
        return low + 1 < runs.count ? runs[low + 1].sourceOffset : run.sourceOffset + run.length
    }

    /// The source range of the text range `range`.
    public func sourceRange(forTextRange range: Range<Int>) -> Range<Int> {
        let lower = sourceOffset(forTextOffset: range.lowerBound)
        guard !range.isEmpty else { return lower..<lower }
        // The end maps from the last scalar, so markup after the range is not swallowed.
        let upper = sourceOffset(forTextOffset: range.upperBound - 1) + 1
        return lower..<max(lower, upper)
    }
}
