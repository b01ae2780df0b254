import Foundation
import NarrateCore
import NarrateText

/// The blocks of a PDF's text, from its lines in reading order: lines joined into
/// paragraphs, headings and list items, and footnotes marked as such.
///
/// A new block starts where the layout says so: a gap between lines larger than the text's
/// line spacing, a first line indented, a line after a short one that ended a sentence, a
/// change of font size or of weight in a short line, a bullet, a heading. A paragraph goes on
/// across a column or page break unless the line before ended a sentence and the next is
/// indented or starts with a capital. A word hyphenated at a line's end is joined again
/// (without its hyphen, unless the language's dictionary knows both halves and not the
/// whole: "well-known").
struct PDFParagraphs {
    private let lines: [PDFLayout.PlacedLine]
    private let bodySize: Double
    private let lexicon: WordLexicon?
    /// The heading level of each line that is a heading, by its index.
    private var levels: [Int: Int] = [:]
    /// Headings the outline names that no line says, to go before the line at the index.
    private var insertedHeadings: [Int: [(title: String, level: Int)]] = [:]
    /// The text's line spacing (top to top) at the body size.
    private let pitch: Double

    init(layout: PDFLayout, bodySize: Double, lexicon: WordLexicon?) {
        lines = layout.lines
        self.bodySize = bodySize
        self.lexicon = lexicon
        var steps: [Double] = []
        for (previous, line) in zip(layout.lines, layout.lines.dropFirst())
        where previous.column == line.column && abs(previous.line.fontSize - bodySize) < 0.5 && abs(line.line.fontSize - bodySize) < 0.5 {
            let step = line.line.top - previous.line.top
            if step > 0, step < bodySize * 3 { steps.append(step) }
        }
        steps.sort()
        pitch = steps.isEmpty ? bodySize * 1.2 : steps[steps.count / 2]
    }

    /// Letters and digits of `text`, lower-cased: how a heading and a title are compared.
    static func comparable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
    }

    /// The title the first page shows: its first run of lines set in its largest font, when
    /// that is larger than the text.
    var displayedTitle: String? {
        let firstPage = lines.prefix { $0.page == lines.first?.page }
        guard let largest = firstPage.map(\.line.fontSize).max(), largest >= bodySize * 1.15,
            let start = firstPage.firstIndex(where: { $0.line.fontSize == largest })
        else { return nil }
        let run = firstPage[start...].prefix { $0.line.fontSize == largest }.prefix(4)
        let title = run.map(\.line.text).joined(separator: " ")
        return title.contains(where: \.isLetter) ? title : nil
    }

    // MARK: Headings

    /// Marks the headings: the outline's entries where lines of their page say them (a
    /// title over two or three lines too); an entry no line says becomes a heading of its own
    /// at the top of its page. Without a usable outline, from the fonts.
    mutating func markHeadings(outline: [PDFFile.OutlineEntry]) {
        var matched = 0
        var fromOutline: [Int: Int] = [:]
        var inserted: [Int: [(title: String, level: Int)]] = [:]
        let byPage = Dictionary(grouping: lines.indices, by: { lines[$0].page })
        for entry in outline {
            guard let page = entry.page, let indices = byPage[page] else { continue }
            let wanted = Self.comparable(entry.title)
            guard !wanted.isEmpty else { continue }
            var found: [Int]?
            for start in indices where fromOutline[start] == nil {
                var said = ""
                var run: [Int] = []
                for index in indices.drop(while: { $0 < start }).prefix(3) {
                    said += Self.comparable(lines[index].line.text)
                    run.append(index)
                    if said == wanted || !wanted.hasPrefix(said) { break }
                }
                if said == wanted {
                    found = run
                    break
                }
            }
            if let found {
                for index in found { fromOutline[index] = min(entry.depth, 6) }
                matched += 1
            } else if let first = indices.first(where: { startsBlock(at: $0) }) ?? indices.first {
                // No line says it: a heading of its own where a block starts on its page
                // (not inside the paragraph that goes on from the page before).
                inserted[first, default: []].append((entry.title, min(entry.depth, 6)))
            }
        }
        if !outline.isEmpty, matched * 2 >= outline.count {
            levels = fromOutline
            insertedHeadings = inserted
        } else {
            levels = headingsFromFonts()
        }
    }

    /// Headings from the fonts: short lines set larger than the text, by size (the largest
    /// level 1); then bold lines of the text's size that stand alone, a level below.
    private func headingsFromFonts() -> [Int: Int] {
        var found: [Int: Int] = [:]
        let larger = lines.indices.filter { index in
            let line = lines[index].line
            return line.fontSize >= bodySize * 1.15 && Self.words(line.text) <= 20 && line.text.contains(where: \.isLetter)
        }
        let sizes = Array(Set(larger.map { (lines[$0].line.fontSize * 2).rounded() / 2 })).sorted(by: >).prefix(4)
        for index in larger {
            let size = (lines[index].line.fontSize * 2).rounded() / 2
            if let rank = sizes.firstIndex(of: size) { found[index] = rank + 1 }
        }
        let boldLevel = min(sizes.count + 1, 6)
        var index = 0
        while index < lines.count {
            // A run of at most two bold lines of the text's size, apart from the lines around.
            guard found[index] == nil, isStandaloneBold(at: index) else {
                index += 1
                continue
            }
            var end = index + 1
            if end < lines.count, found[end] == nil, lines[end].line.bold, !startsBlock(at: end), Self.words(lines[end].line.text) <= 12 {
                end += 1
            }
            let text = lines[index..<end].map(\.line.text).joined(separator: " ")
            let endsSentence = text.last.map { ".,;:!?".contains($0) } ?? true
            let followedByText = end < lines.count && !lines[end].line.bold
            if !endsSentence, followedByText, Self.words(text) <= 20 {
                for heading in index..<end { found[heading] = boldLevel }
            }
            index = end
        }
        return found
    }

    private func isStandaloneBold(at index: Int) -> Bool {
        let line = lines[index].line
        guard line.bold, abs(line.fontSize - bodySize) <= bodySize * 0.15, Self.words(line.text) <= 12 else { return false }
        return index == 0 || !lines[index - 1].line.bold || startsBlock(at: index)
    }

    private static func words(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }

    // MARK: Blocks

    /// The blocks, each with a source map to be placed by the reader (a heading the text
    /// does not say has an empty one). A page's footnotes come after the paragraph they
    /// interrupt, which goes on over them.
    func blocks() -> [Block] {
        let footnoteLines = footnotes()
        var blocks: [Block] = []
        var text = ""
        var kind: Block.Kind = .paragraph
        var notes: [String] = []
        var previousBody: Int?
        func block(_ kind: Block.Kind, _ text: String, part: ReadingPart? = nil) -> Block? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            return Block(kind: kind, text: trimmed, sourceMap: .identity(sourceOffset: 0, length: trimmed.unicodeScalars.count), part: part)
        }
        func close() {
            if let paragraph = block(kind, text) { blocks.append(paragraph) }
            text = ""
            blocks += notes.compactMap { block(.paragraph, $0, part: .footnotes) }
            notes = []
        }
        for index in lines.indices {
            let lineText = lines[index].line.text
            if footnoteLines.contains(index) {
                // A note starts with its number or mark; a line without one goes on the last.
                if let first = lineText.first, first.isNumber || "*†‡§¶".contains(first) || notes.isEmpty {
                    notes.append(lineText)
                } else {
                    notes[notes.count - 1] = join(notes[notes.count - 1], lineText)
                }
                continue
            }
            if let headings = insertedHeadings[index] {
                close()
                for heading in headings {
                    blocks.append(
                        Block(kind: .heading(level: heading.level), text: heading.title, sourceMap: .identity(sourceOffset: 0, length: 0)))
                }
            }
            defer { previousBody = index }
            guard let previous = previousBody, !startsBlock(at: index, after: previous), insertedHeadings[index] == nil else {
                close()
                if let level = levels[index] {
                    kind = .heading(level: level)
                    text = lineText
                } else if let bullet = Self.bulletLength(lineText) {
                    kind = .listItem
                    text = String(lineText.dropFirst(bullet)).trimmingCharacters(in: .whitespaces)
                } else {
                    kind = .paragraph
                    text = lineText
                }
                continue
            }
            text = join(text, lineText)
        }
        close()
        return blocks
    }

    /// Whether the line at `index` starts a new block after the line at `previousIndex`
    /// (the one before it, footnotes aside).
    private func startsBlock(at index: Int, after previousIndex: Int? = nil) -> Bool {
        let previousIndex = previousIndex ?? index - 1
        guard index > 0, previousIndex >= 0 else { return true }
        let previous = lines[previousIndex]
        let current = lines[index]
        let (before, line) = (previous.line, current.line)
        if levels[index] != levels[previousIndex] { return true }
        if levels[index] != nil { return false }
        let size = max(line.fontSize, 1)
        let indented = line.left > current.columnLeft + size * 0.8
        let endsSentence = Self.endsSentence(before.text)
        let sameColumn = current.column == previous.column && current.page == previous.page && line.top > before.top
        if abs(line.fontSize - before.fontSize) > max(line.fontSize, before.fontSize) * 0.1 { return true }
        if line.bold != before.bold, Self.words(line.text) <= 12 || Self.words(before.text) <= 12 { return true }
        if Self.bulletLength(line.text) != nil { return true }
        guard sameColumn else {
            // Over a column or page break: a new paragraph only when a sentence ended and
            // what follows looks like a start.
            return endsSentence && (indented || line.text.first.map { !$0.isLowercase } ?? true)
        }
        let spacing = pitch * size / max(bodySize, 1)
        if line.top - before.top > spacing * 1.45 { return true }
        let columnWidth = current.columnRight - current.columnLeft
        let short = before.right < current.columnRight - max(size * 3, columnWidth * 0.12)
        // An indented line after a full one, or after a short one (a paragraph of one line,
        // indented as this one is).
        if indented, line.left > before.left + size * 0.8 || short { return true }
        return short && endsSentence
    }

    /// The lines of footnotes: at the foot of a column, a run of lines smaller than the
    /// text that starts with a number or a mark.
    private func footnotes() -> Set<Int> {
        var found: Set<Int> = []
        var index = lines.count - 1
        while index >= 0 {
            // The lines of this column, from its last up.
            let column = lines[index].column
            var first = index
            while first > 0, lines[first - 1].column == column { first -= 1 }
            var zone = index + 1
            while zone > first, lines[zone - 1].line.fontSize < bodySize * 0.9, levels[zone - 1] == nil { zone -= 1 }
            if zone <= index, zone > first, let mark = lines[zone].line.text.first, mark.isNumber || "*†‡§¶".contains(mark) {
                found.formUnion(zone...index)
            }
            index = first - 1
        }
        return found
    }

    /// The length of a list item's bullet at the start of `text` ("• ", "▪ "), or nil. (A
    /// dash is no bullet: a line of dialogue or an aside starts with one.)
    private static func bulletLength(_ text: String) -> Int? {
        guard let first = text.first else { return nil }
        if "•◦▪‣●○■□".contains(first), text.dropFirst().first == " " { return 2 }
        return nil
    }

    private static func endsSentence(_ text: String) -> Bool {
        var trimmed = Substring(text)
        while let last = trimmed.last, "\"'”’»)]".contains(last) { trimmed = trimmed.dropLast() }
        return trimmed.last.map { ".!?…:".contains($0) } ?? false
    }

    /// `text` and the next line: a word hyphenated across them joined again.
    private func join(_ text: String, _ next: String) -> String {
        guard let hyphen = text.last, "-\u{00AD}\u{2010}".contains(hyphen), let first = next.first, first.isLowercase,
            let beforeHyphen = text.dropLast().last, beforeHyphen.isLetter
        else { return text + " " + next }
        let joined = String(text.dropLast()) + next
        guard hyphen != "\u{00AD}", let lexicon else { return joined }
        let left = String(text.dropLast().reversed().prefix(while: \.isLetter).reversed())
        let right = String(next.prefix(while: \.isLetter))
        // Both halves words of three letters or more, the whole not a word: a compound.
        if left.count >= 3, right.count >= 3, !lexicon.knows(left + right), lexicon.knows(left), lexicon.knows(right) {
            return text + next
        }
        return joined
    }
}
