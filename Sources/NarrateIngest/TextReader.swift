public import NarrateCore

/// Reads plain text: paragraphs are separated by blank lines, the first line is the title.
///
/// Lines inside a paragraph keep their line break: the segmenter tells a wrapped line from
/// a headline or a list line on its own.
/// A paragraph of one short line without closing punctuation reads as a heading, so the
/// usual "Title / blank line / text" layout gets a heading's pause.
public struct TextReader: Sendable {
    /// Longest line, in characters, that may read as a heading.
    public var maximumHeadingLength: Int

    /// Creates a reader.
    public init(maximumHeadingLength: Int = 100) {
        self.maximumHeadingLength = maximumHeadingLength
    }

    /// Reads decoded `text`; `path` names the input in error messages.
    public func read(_ text: String, path: String) throws(NarrateError) -> Document {
        let scalars = Array(text.unicodeScalars)
        var blocks: [Block] = []
        var paragraphLines: [Range<Int>] = []
        var firstLine: Range<Int>?

        func flush() {
            guard !paragraphLines.isEmpty else { return }
            blocks.append(makeBlock(lines: paragraphLines, scalars: scalars, isFirst: blocks.isEmpty))
            paragraphLines.removeAll()
        }

        var lineStart = 0
        while lineStart < scalars.count {
            var lineEnd = lineStart
            while lineEnd < scalars.count, !Self.isLineBreak(scalars[lineEnd]) { lineEnd += 1 }
            let trimmed = Self.trim(lineStart..<lineEnd, in: scalars)
            if trimmed.isEmpty {
                flush()
            } else {
                paragraphLines.append(trimmed)
                if firstLine == nil { firstLine = trimmed }
            }
            // A CR LF pair is one line break.
            var next = lineEnd + 1
            if lineEnd < scalars.count, scalars[lineEnd] == "\r", next < scalars.count, scalars[next] == "\n" {
                next += 1
            }
            lineStart = next
        }
        flush()

        let title = firstLine.map { String(String.UnicodeScalarView(scalars[$0])) } ?? ""
        let document = Document(title: title, blocks: blocks, format: .text)
        guard !blocks.isEmpty else { throw .emptyInput(path: path) }
        guard document.hasSpeakableText else { throw .noSpeakableText(path: path) }
        return document
    }

    private func makeBlock(lines: [Range<Int>], scalars: [Unicode.Scalar], isFirst: Bool) -> Block {
        // Built as UTF-8: appending slices to a `UnicodeScalarView` copies it each time, which
        // made paragraphs of many lines quadratic.
        var utf8: [UInt8] = []
        var runs: [SourceMap.Run] = []
        var textOffset = 0
        for (index, line) in lines.enumerated() {
            if index > 0 {
                utf8.append(UInt8(ascii: "\n"))
                textOffset += 1
            }
            for scalar in scalars[line] { UTF8.encode(scalar) { utf8.append($0) } }
            runs.append(SourceMap.Run(textOffset: textOffset, sourceOffset: line.lowerBound, length: line.count))
            textOffset += line.count
        }
        let kind: Block.Kind
        if lines.count == 1, looksLikeHeading(scalars[lines[0]]) {
            kind = .heading(level: isFirst ? 1 : 2)
        } else {
            kind = .paragraph
        }
        return Block(kind: kind, text: String(decoding: utf8, as: UTF8.self), sourceMap: SourceMap(runs: runs))
    }

    private func looksLikeHeading(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        guard line.count <= maximumHeadingLength, let last = line.last else { return false }
        let closing: Set<Unicode.Scalar> = [".", "!", "?", ":", ";", ",", "…", "\"", "'", "»", "”", "’", ")"]
        guard !closing.contains(last) else { return false }
        // A title has words; a lone number or symbol line does not.
        return line.contains { $0.properties.isAlphabetic }
    }

    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    static func trim(_ range: Range<Int>, in scalars: [Unicode.Scalar]) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        return lower..<upper
    }
}
