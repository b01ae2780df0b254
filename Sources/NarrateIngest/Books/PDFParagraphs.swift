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
///
/// The pages are given one at a time (`add`), after a walk over them all has said how
/// headings are found and what the text's line spacing is (`Survey`); each block is given
/// back once it is closed, and no more than a few pages' lines are held.
struct PDFParagraphs {
    /// How a document's headings are found.
    enum Headings: Sendable {
        /// From its outline: the entries, by the page they go to, in the outline's order.
        case outline([Int: [PDFFile.OutlineEntry]])
        /// From the fonts: the sizes larger than the text's that headings are set in,
        /// largest first (at most four levels).
        case fonts(larger: [Double])
    }

    /// What a walk over a document's lines in reading order finds, before its blocks are
    /// made: its line spacing, how its headings are found, the title its first page shows.
    struct Survey {
        private let textSize: Double
        private let outline: [PDFFile.OutlineEntry]
        private let outlineByPage: [Int: [PDFFile.OutlineEntry]]
        /// The steps from one line's top to the next one's at the text's size, counted.
        private var steps: [Double: Int] = [:]
        private var largerSizes: Set<Double> = []
        /// The outline's entries that lines say.
        private var matched = 0
        /// The title the first page with text shows: its first run of lines set in its
        /// largest font, when that is larger than the text.
        private(set) var displayedTitle: String?
        /// Whether any line was placed.
        private(set) var hasText = false

        /// A survey of a document whose text is set in `textSize` and that has `outline`.
        init(textSize: Double, outline: [PDFFile.OutlineEntry]) {
            self.textSize = textSize
            self.outline = outline
            var byPage: [Int: [PDFFile.OutlineEntry]] = [:]
            for entry in outline {
                if let page = entry.page { byPage[page, default: []].append(entry) }
            }
            outlineByPage = byPage
        }

        /// Counts in the lines of one page, in reading order.
        mutating func add(_ lines: [PDFLayout.PlacedLine]) {
            guard let first = lines.first else { return }
            if !hasText {
                hasText = true
                displayedTitle = Self.displayedTitle(lines, textSize: textSize)
            }
            for (previous, line) in zip(lines, lines.dropFirst())
            where previous.column == line.column && abs(previous.line.fontSize - textSize) < 0.5 && abs(line.line.fontSize - textSize) < 0.5
            {
                // Counted to 1/1024 of a point (far finer than any setting), so the steps of a
                // long document make a few counts, not one for each line.
                let step = ((line.line.top - previous.line.top) * 1024).rounded() / 1024
                if step > 0, step < textSize * 3 { steps[step, default: 0] += 1 }
            }
            for placed in lines where PDFParagraphs.isLarger(placed.line, than: textSize) {
                largerSizes.insert(PDFParagraphs.roundedSize(placed.line))
            }
            if let entries = outlineByPage[first.page] {
                matched += PDFParagraphs.outlineHeadings(in: lines, entries: entries).matched
            }
        }

        /// The text's line spacing (top to top) at its size: the middle of the steps counted.
        var pitch: Double {
            let count = steps.values.reduce(0, +)
            guard count > 0 else { return textSize * 1.2 }
            var seen = 0
            for step in steps.keys.sorted() {
                seen += steps[step] ?? 0
                if seen > count / 2 { return step }
            }
            return textSize * 1.2
        }

        /// The outline, when lines say at least half its entries; else the fonts.
        var headings: Headings {
            if !outline.isEmpty, matched * 2 >= outline.count { return .outline(outlineByPage) }
            return .fonts(larger: Array(largerSizes.sorted(by: >).prefix(4)))
        }

        private static func displayedTitle(_ firstPage: [PDFLayout.PlacedLine], textSize: Double) -> String? {
            guard let largest = firstPage.map(\.line.fontSize).max(), largest >= textSize * 1.15,
                let start = firstPage.firstIndex(where: { $0.line.fontSize == largest })
            else { return nil }
            let run = firstPage[start...].prefix { $0.line.fontSize == largest }.prefix(4)
            let title = run.map(\.line.text).joined(separator: " ")
            return title.contains(where: \.isLetter) ? title : nil
        }
    }

    /// A line waiting to be made part of a block.
    private struct Entry {
        var placed: PDFLayout.PlacedLine
        /// Its heading level, when it is a heading.
        var level: Int?
        /// Headings the outline names that no line says, to go before it.
        var inserted: [(title: String, level: Int)] = []
        var isFootnote = false

        var line: PDFFile.Line { placed.line }
    }

    private let textSize: Double
    private let pitch: Double
    private let lexicon: WordLexicon?
    private let headings: Headings
    /// The lines of the pages not yet made into blocks, in reading order.
    private var pending: [Entry] = []
    /// The first of `pending` that may still start a heading in bold (when headings come from
    /// the fonts): each is decided once the two lines after it are known.
    private var cursor = 0
    /// The line before the first of `pending`.
    private var beforePending: PDFLayout.PlacedLine?
    // The block being made.
    private var text = ""
    private var kind: Block.Kind = .paragraph
    private var notes: [String] = []
    /// The last line of the text (not a footnote) given to a block.
    private var previousBody: Entry?

    /// Paragraphs of text set in `textSize` with `pitch` between its lines' tops, headings
    /// found as `headings` says, hyphenated words told from compounds with `lexicon`.
    init(textSize: Double, pitch: Double, headings: Headings, lexicon: WordLexicon?) {
        self.textSize = textSize
        self.pitch = pitch
        self.headings = headings
        self.lexicon = lexicon
    }

    /// Letters and digits of `text`, lower-cased: how a heading and a title are compared.
    static func comparable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }))
    }

    /// Adds the lines of the next page, in reading order; the blocks this closes are
    /// appended to `blocks`.
    mutating func add(_ lines: [PDFLayout.PlacedLine], to blocks: inout [Block]) {
        guard let first = lines.first else { return }
        let before = pending.last?.placed ?? beforePending
        var entries = lines.map { Entry(placed: $0) }
        switch headings {
        case .outline(let byPage):
            guard let outline = byPage[first.page] else { break }
            let (levels, unsaid, _) = Self.outlineHeadings(in: lines, entries: outline)
            for (index, level) in levels { entries[index].level = level }
            guard !unsaid.isEmpty else { break }
            // An entry no line says is a heading of its own where a block starts on its page
            // (not inside the paragraph that goes on from the page before).
            let start =
                lines.indices.first { index in
                    startsBlock(lines[index], level: nil, after: index > 0 ? lines[index - 1] : before, level: nil)
                } ?? 0
            for entry in unsaid { entries[start].inserted.append((entry.title, min(entry.depth, 6))) }
        case .fonts(let larger):
            // Short lines set larger than the text, by size (the largest level 1).
            for index in entries.indices where Self.isLarger(lines[index].line, than: textSize) {
                if let rank = larger.firstIndex(of: Self.roundedSize(lines[index].line)) { entries[index].level = rank + 1 }
            }
        }
        pending += entries
        findBoldHeadings(last: false)
        closePages(to: &blocks)
    }

    /// Closes the last block, after the last page's lines; the blocks left are appended to
    /// `blocks`.
    mutating func finish(to blocks: inout [Block]) {
        findBoldHeadings(last: true)
        closePages(to: &blocks)
        close(to: &blocks)
    }

    // MARK: Headings

    /// Which lines of one page (`lines`, in reading order) say the outline's `entries` for
    /// it (a title over two or three lines too), as heading levels by the lines' indices;
    /// the entries no line says, and how many lines say.
    static func outlineHeadings(
        in lines: [PDFLayout.PlacedLine], entries: [PDFFile.OutlineEntry]
    ) -> (levels: [Int: Int], unsaid: [PDFFile.OutlineEntry], matched: Int) {
        var levels: [Int: Int] = [:]
        var unsaid: [PDFFile.OutlineEntry] = []
        var matched = 0
        for entry in entries {
            let wanted = comparable(entry.title)
            guard !wanted.isEmpty else { continue }
            var found: [Int]?
            for start in lines.indices where levels[start] == nil {
                var said = ""
                var run: [Int] = []
                for index in lines.indices[start...].prefix(3) {
                    said += comparable(lines[index].line.text)
                    run.append(index)
                    if said == wanted || !wanted.hasPrefix(said) { break }
                }
                if said == wanted {
                    found = run
                    break
                }
            }
            if let found {
                for index in found { levels[index] = min(entry.depth, 6) }
                matched += 1
            } else {
                unsaid.append(entry)
            }
        }
        return (levels, unsaid, matched)
    }

    /// Whether `line` is set larger than the text and short enough to be a heading.
    static func isLarger(_ line: PDFFile.Line, than textSize: Double) -> Bool {
        line.fontSize >= textSize * 1.15 && words(line.text) <= 20 && line.text.contains(where: \.isLetter)
    }

    /// `line`'s font size to the half point.
    static func roundedSize(_ line: PDFFile.Line) -> Double {
        (line.fontSize * 2).rounded() / 2
    }

    /// Headings in bold (when they come from the fonts): a run of at most two bold lines of
    /// the text's size, apart from the lines around, a level below the larger ones. Each
    /// line is decided once the two after it are known, or when `last` (no more to come).
    private mutating func findBoldHeadings(last: Bool) {
        guard case .fonts(let larger) = headings else {
            cursor = pending.count
            return
        }
        let boldLevel = min(larger.count + 1, 6)
        while cursor < pending.count, last || cursor + 2 < pending.count {
            let index = cursor
            guard pending[index].level == nil, isStandaloneBold(at: index) else {
                cursor += 1
                continue
            }
            var end = index + 1
            if end < pending.count, pending[end].level == nil, pending[end].line.bold,
                !startsBlock(pending[end].placed, level: nil, after: pending[index].placed, level: nil),
                Self.words(pending[end].line.text) <= 12
            {
                end += 1
            }
            let text = pending[index..<end].map(\.line.text).joined(separator: " ")
            let endsSentence = text.last.map { ".,;:!?".contains($0) } ?? true
            let followedByText = end < pending.count && !pending[end].line.bold
            if !endsSentence, followedByText, Self.words(text) <= 20 {
                for heading in index..<end { pending[heading].level = boldLevel }
            }
            cursor = end
        }
    }

    private func isStandaloneBold(at index: Int) -> Bool {
        let line = pending[index].line
        guard line.bold, abs(line.fontSize - textSize) <= textSize * 0.15, Self.words(line.text) <= 12 else { return false }
        guard let previous = index > 0 ? pending[index - 1].placed : beforePending else { return true }
        return !previous.line.bold || startsBlock(pending[index].placed, level: nil, after: previous, level: nil)
    }

    private static func words(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }

    // MARK: Blocks

    /// Makes blocks of the pages at the start of `pending` whose lines are all decided.
    private mutating func closePages(to blocks: inout [Block]) {
        while let page = pending.first?.placed.page {
            let count = pending.prefix { $0.placed.page == page }.count
            guard count <= cursor else { return }
            var lines = Array(pending[..<count])
            pending.removeFirst(count)
            cursor -= count
            beforePending = lines.last?.placed
            markFootnotes(&lines)
            for line in lines { add(line, to: &blocks) }
        }
    }

    /// Adds one line to the block being made, or starts a new one; the blocks closed are
    /// appended to `blocks`. A page's footnotes come after the paragraph they interrupt,
    /// which goes on over them. Each block has a source map to be placed by the reader (a
    /// heading the text does not say has an empty one).
    private mutating func add(_ entry: Entry, to blocks: inout [Block]) {
        let lineText = entry.line.text
        if entry.isFootnote {
            // A note starts with its number or mark; a line without one goes on the last.
            if let first = lineText.first, first.isNumber || "*†‡§¶".contains(first) || notes.isEmpty {
                notes.append(lineText)
            } else {
                notes[notes.count - 1] = join(notes[notes.count - 1], lineText)
            }
            return
        }
        if !entry.inserted.isEmpty {
            close(to: &blocks)
            for heading in entry.inserted {
                blocks.append(
                    Block(kind: .heading(level: heading.level), text: heading.title, sourceMap: .identity(sourceOffset: 0, length: 0)))
            }
        }
        defer { previousBody = entry }
        guard let previous = previousBody, !startsBlock(entry.placed, level: entry.level, after: previous.placed, level: previous.level),
            entry.inserted.isEmpty
        else {
            close(to: &blocks)
            if let level = entry.level {
                kind = .heading(level: level)
                text = lineText
            } else if let bullet = Self.bulletLength(lineText) {
                kind = .listItem
                text = String(lineText.dropFirst(bullet)).trimmingCharacters(in: .whitespaces)
            } else {
                kind = .paragraph
                text = lineText
            }
            return
        }
        text = join(text, lineText)
    }

    /// Closes the block being made and the notes that interrupted it.
    private mutating func close(to blocks: inout [Block]) {
        if let paragraph = Self.block(kind, text) { blocks.append(paragraph) }
        text = ""
        blocks += notes.compactMap { Self.block(.paragraph, $0, part: .footnotes) }
        notes = []
    }

    private static func block(_ kind: Block.Kind, _ text: String, part: ReadingPart? = nil) -> Block? {
        // (A line has no space at either end, so nor has a block of lines, as a rule: it is
        // looked for before Foundation makes a copy.)
        let ends = [text.unicodeScalars.first, text.unicodeScalars.last].compactMap { $0 }
        let trimmed = ends.contains(where: CharacterSet.whitespaces.contains) ? text.trimmingCharacters(in: .whitespaces) : text
        guard !trimmed.isEmpty else { return nil }
        return Block(kind: kind, text: trimmed, sourceMap: .identity(sourceOffset: 0, length: trimmed.unicodeScalars.count), part: part)
    }

    /// Whether `current` (a heading of `level`, or not) starts a new block after `previous`
    /// (the line before it, footnotes aside), if there is one.
    private func startsBlock(_ current: PDFLayout.PlacedLine, level: Int?, after previous: PDFLayout.PlacedLine?, level previousLevel: Int?)
        -> Bool
    {
        guard let previous else { return true }
        let (before, line) = (previous.line, current.line)
        if level != previousLevel { return true }
        if level != nil { return false }
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
        let spacing = pitch * size / max(textSize, 1)
        if line.top - before.top > spacing * 1.45 { return true }
        let columnWidth = current.columnRight - current.columnLeft
        let short = before.right < current.columnRight - max(size * 3, columnWidth * 0.12)
        // An indented line after a full one, or after a short one (a paragraph of one line,
        // indented as this one is).
        if indented, line.left > before.left + size * 0.8 || short { return true }
        return short && endsSentence
    }

    /// Marks the footnotes among the lines of one page: at the foot of a column, a run of
    /// lines smaller than the text that starts with a number or a mark.
    private func markFootnotes(_ lines: inout [Entry]) {
        var index = lines.count - 1
        while index >= 0 {
            // The lines of this column, from its last up.
            let column = lines[index].placed.column
            var first = index
            while first > 0, lines[first - 1].placed.column == column { first -= 1 }
            var zone = index + 1
            while zone > first, lines[zone - 1].line.fontSize < textSize * 0.9, lines[zone - 1].level == nil { zone -= 1 }
            if zone <= index, zone > first, let mark = lines[zone].line.text.first, mark.isNumber || "*†‡§¶".contains(mark) {
                for note in zone...index { lines[note].isFootnote = true }
            }
            index = first - 1
        }
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
