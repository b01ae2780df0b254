import NarrateCore

/// Text of one block as it is built, with its runs.
struct InlineCollector {
    private(set) var text = String.UnicodeScalarView()
    private(set) var runs: [SourceMap.Run] = []
    private(set) var firstLine: String?
    var searchStart = 0
    var searchEnd = 0

    mutating func appendMapped(_ piece: String, sourceOffset: Int) {
        let length = piece.unicodeScalars.count
        runs.append(SourceMap.Run(textOffset: text.count, sourceOffset: sourceOffset, length: length))
        text.append(contentsOf: piece.unicodeScalars)
    }

    mutating func appendUnmapped(_ piece: String) {
        text.append(contentsOf: piece.unicodeScalars)
    }

    mutating func noteLineBreak() {
        if firstLine == nil { firstLine = String(text).trimmingTrailingSpaces }
    }

    /// The text without leading and trailing white space, and runs shifted to match.
    func trimmed() -> (String, [SourceMap.Run]) {
        let scalars = Array(text)
        var lower = 0
        var upper = scalars.count
        while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        guard lower < upper else { return ("", []) }
        var shifted: [SourceMap.Run] = []
        for run in runs {
            let start = max(run.textOffset, lower)
            let end = min(run.textOffset + run.length, upper)
            guard start < end else { continue }
            shifted.append(SourceMap.Run(
                textOffset: start - lower,
                sourceOffset: run.sourceOffset + (start - run.textOffset),
                length: end - start
            ))
        }
        return (String(String.UnicodeScalarView(scalars[lower..<upper])), shifted)
    }
}
