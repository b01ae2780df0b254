import NarrateCore

/// Text of one block as it is built, with its runs.
struct InlineCollector {
    /// A `String`, not a `UnicodeScalarView`: appending to the view copies it each time, which
    /// made paragraphs with many line breaks quadratic.
    private(set) var text = ""
    /// The number of scalars in `text`, kept as it grows: counting them walks all of it.
    private var scalarCount = 0
    private(set) var runs: [SourceMap.Run] = []
    private(set) var firstLine: String?
    /// Stretches that are parts of their own (an image's description).
    private(set) var asides: [Block.Aside] = []
    var searchStart = 0
    var searchEnd = 0

    mutating func appendMapped(_ piece: String, sourceOffset: Int) {
        let length = piece.unicodeScalars.count
        runs.append(SourceMap.Run(textOffset: scalarCount, sourceOffset: sourceOffset, length: length))
        text.append(piece)
        scalarCount += length
    }

    /// The number of scalars collected so far.
    var count: Int { scalarCount }

    /// Marks what was collected since scalar `start` as a `part` of its own.
    mutating func markAside(from start: Int, part: ReadingPart) {
        if scalarCount > start { asides.append(Block.Aside(range: start..<scalarCount, part: part)) }
    }

    mutating func appendUnmapped(_ piece: String) {
        text.append(piece)
        scalarCount += piece.unicodeScalars.count
    }

    /// Marks the end of a source line: the first one that read as something is the title
    /// candidate (a first line that is only an image or inline HTML reads as nothing).
    mutating func noteLineBreak() {
        guard firstLine == nil else { return }
        // An image's description is not a title.
        var scalars = Array(text.unicodeScalars)
        for aside in asides { scalars.replaceSubrange(aside.range, with: repeatElement(" ", count: aside.range.count)) }
        let line = String(String.UnicodeScalarView(scalars)).trimmingTrailingSpaces
        let start = line.unicodeScalars.firstIndex { !$0.properties.isWhitespace }
        if let start { firstLine = String(line.unicodeScalars[start...]) }
    }

    /// The text without leading and trailing white space, and runs and asides shifted to match.
    func trimmed() -> (String, [SourceMap.Run], [Block.Aside]) {
        let scalars = Array(text.unicodeScalars)
        var lower = 0
        var upper = scalars.count
        while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        guard lower < upper else { return ("", [], []) }
        var shifted: [SourceMap.Run] = []
        for run in runs {
            let start = max(run.textOffset, lower)
            let end = min(run.textOffset + run.length, upper)
            guard start < end else { continue }
            shifted.append(
                SourceMap.Run(
                    textOffset: start - lower,
                    sourceOffset: run.sourceOffset + (start - run.textOffset),
                    length: end - start
                ))
        }
        let kept = asides.compactMap { aside -> Block.Aside? in
            let range = aside.range.clamped(to: lower..<upper)
            return range.isEmpty ? nil : Block.Aside(range: (range.lowerBound - lower)..<(range.upperBound - lower), part: aside.part)
        }
        return (String(String.UnicodeScalarView(scalars[lower..<upper])), shifted, kept)
    }
}
