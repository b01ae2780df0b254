import Foundation

/// The reading order of a PDF's pages: running heads, feet and page numbers taken out, and
/// the lines of each page put in the order they are read, column after column.
///
/// A PDF says where each character is drawn, not in what order it is read; poppler groups
/// the characters into lines (never across a column's gutter) but orders lines from side by
/// side columns by their height, interleaving them. Here a page's columns are found from its
/// gutters: a vertical band, well inside the page, that lines stand on both sides of, side by
/// side, and that few lines cross. The lines that cross it (a title, an abstract, a
/// full-width figure's caption) divide the page into bands; in each band the left column is
/// read before the right one (the right one first in a right-to-left script), each column
/// looked at again for columns of its own.
///
/// A running head or foot is a line near the top or bottom edge whose text, its numbers
/// aside, stands there on several pages; a page number is a line there that says only a
/// number ("12", "- 12 -", "Page 12 of 40", "xii"). Which lines run is told from a survey of
/// every page (`Survey`), after which the pages are placed one at a time, so a long document
/// is never held whole.
struct PDFLayout: Sendable {
    /// A line in reading order, with the column it was read in.
    struct PlacedLine {
        var line: PDFFile.Line
        /// The page, from 0.
        var page: Int
        /// The column it belongs to, numbered in reading order across the document.
        var column: Int
        /// The left and right edges of that column's text.
        var columnLeft: Double
        var columnRight: Double
    }

    /// What a first walk over a document's pages finds, from which its layout is made: the
    /// font sizes of its text, the lines at the pages' edges, its letters and its first lines.
    struct Survey {
        /// A line at a page's top or bottom edge.
        private struct EdgeLine {
            var page: Int
            var fontSize: Double
            /// Its characters, as the font sizes are weighed.
            var characters: Int
            var isPageNumber: Bool
        }

        /// The characters set in each font size.
        private var sizes: [Double: Int] = [:]
        /// The lines at the pages' edges, by their key.
        private var edges: [String: [EdgeLine]] = [:]
        private var pagesWithText = 0
        /// The letters of the text (a scan has none).
        private(set) var letters = 0
        /// The first 400 lines, one space between each: what the language and the script are
        /// told from.
        private(set) var sample = ""
        private var sampled = 0

        init() {}

        /// Counts in page `number`.
        mutating func add(_ page: PDFFile.Page, number: Int) {
            if !page.lines.isEmpty { pagesWithText += 1 }
            for line in page.lines {
                sizes[line.fontSize, default: 0] += line.text.count
                for scalar in line.text.unicodeScalars where PDFFile.isLetter(scalar) { letters += 1 }
                if sampled < 400 {
                    if sampled > 0 { sample += " " }
                    sample += line.text
                    sampled += 1
                }
                if PDFLayout.isAtEdge(line, of: page) {
                    edges[PDFLayout.key(line.text), default: []].append(
                        EdgeLine(
                            page: number, fontSize: line.fontSize, characters: line.text.count,
                            isPageNumber: PDFLayout.isPageNumber(line.text)))
                }
            }
        }

        /// The layout of the pages counted, in a right-to-left script when `rightToLeft`.
        func layout(rightToLeft: Bool) -> PDFLayout {
            let bodySize = PDFLayout.bodyFontSize(sizes)
            // The keys of the lines at the pages' edges that stand there on several pages: on
            // two at most three pages apart (a book's odd pages carry its chapter's title, a
            // few pages apart), or on a fifth of them. (A heading larger than the text, a
            // chapter's title at the top of its first page, is never one.)
            var keys: Set<String> = []
            for (key, lines) in edges where !key.isEmpty {
                let pages = Set(lines.lazy.filter { $0.fontSize <= bodySize * 1.1 }.map(\.page)).sorted()
                guard pages.count >= 2 else { continue }
                if pages.count * 5 >= pagesWithText || zip(pages, pages.dropFirst()).contains(where: { $1 - $0 <= 3 }) {
                    keys.insert(key)
                }
            }
            // The text's size is that of the lines left in.
            var textSizes = sizes
            for (key, lines) in edges {
                for line in lines where line.isPageNumber || (line.fontSize <= bodySize * 1.1 && keys.contains(key)) {
                    textSizes[line.fontSize, default: 0] -= line.characters
                    if textSizes[line.fontSize] == 0 { textSizes[line.fontSize] = nil }
                }
            }
            return PDFLayout(bodySize: bodySize, textSize: PDFLayout.bodyFontSize(textSizes), runningKeys: keys, rightToLeft: rightToLeft)
        }
    }

    /// The font size most of the document's lines are set in, running heads and all.
    private let bodySize: Double
    /// The font size most of the text is set in, running heads, feet and page numbers left
    /// out (0 for no text).
    let textSize: Double
    /// The keys of the running heads and feet.
    private let runningKeys: Set<String>
    private let rightToLeft: Bool

    /// The lines of page `number` in reading order, its running heads, feet and page number
    /// left out; its columns numbered on from `column`, which is moved past them.
    func place(_ page: PDFFile.Page, number: Int, column: inout Int) -> [PlacedLine] {
        let kept = page.lines.filter { !isRunning($0, on: page) }
        var placed: [PlacedLine] = []
        placed.reserveCapacity(kept.count)
        for group in Self.columns(kept, rightToLeft: rightToLeft, depth: 0) {
            guard let first = group.first else { continue }
            let left = group.map(\.left).min() ?? first.left
            let right = group.map(\.right).max() ?? first.right
            for line in group {
                placed.append(PlacedLine(line: line, page: number, column: column, columnLeft: left, columnRight: right))
            }
            column += 1
        }
        return placed
    }

    /// The font size with the most characters in `sizes` (0 for none).
    private static func bodyFontSize(_ sizes: [Double: Int]) -> Double {
        sizes.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
    }

    // MARK: Running heads and feet

    /// How far from the top or bottom edge a running head or foot stands, as a part of the page.
    private static let edgeZone = 0.12

    /// Whether `line` stands in the top or bottom zone of `page`.
    private static func isAtEdge(_ line: PDFFile.Line, of page: PDFFile.Page) -> Bool {
        line.bottom <= page.height * edgeZone || line.top >= page.height * (1 - edgeZone)
    }

    /// A line's text with its numbers made alike ("Chapter 3 · 41" and "Chapter 4 · 57" differ
    /// only in those), lower-cased and without spaces.
    private static func key(_ text: String) -> String {
        var key = ""
        var inNumber = false
        for character in text.lowercased() where !character.isWhitespace {
            if character.isNumber {
                if !inNumber { key.append("#") }
                inNumber = true
            } else {
                key.append(character)
                inNumber = false
            }
        }
        return key
    }

    /// Whether `line` of `page` is a running head or foot or a page number.
    private func isRunning(_ line: PDFFile.Line, on page: PDFFile.Page) -> Bool {
        guard Self.isAtEdge(line, of: page) else { return false }
        return Self.isPageNumber(line.text) || (line.fontSize <= bodySize * 1.1 && runningKeys.contains(Self.key(line.text)))
    }

    /// Whether `text` says only a page number: "12", "- 12 -", "Page 12", "12 of 40", "xii".
    static func isPageNumber(_ text: String) -> Bool {
        let words = text.lowercased().split { $0.isWhitespace || "-–—|·•/".contains($0) }
        guard !words.isEmpty, words.count <= 4 else { return false }
        var numbers = 0
        for word in words {
            if word.allSatisfy(\.isNumber) {
                numbers += 1
            } else if isRomanNumeral(word) {
                numbers += 1
            } else if !["page", "p.", "pg.", "of", "seite", "страница", "сторінка", "стор.", "с.", "стр."].contains(String(word)) {
                return false
            }
        }
        return numbers >= 1 && numbers <= 2
    }

    /// Whether `word` is a Roman numeral as page numbers are (i to cccxcix, lower case):
    /// the way its value is written.
    private static func isRomanNumeral(_ word: Substring) -> Bool {
        let digits: [(Int, String)] = [(100, "c"), (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100]
        guard !word.isEmpty, word.count <= 9 else { return false }
        var total = 0
        let letters = Array(word)
        for (index, letter) in letters.enumerated() {
            guard let value = values[letter] else { return false }
            let next = index + 1 < letters.count ? values[letters[index + 1]] ?? 0 : 0
            total += value < next ? -value : value
        }
        guard total > 0, total < 400 else { return false }
        var written = ""
        var left = total
        for (value, numeral) in digits {
            while left >= value {
                written += numeral
                left -= value
            }
        }
        return written == word
    }

    // MARK: Columns

    /// `lines` (of one page, or one column of it) in reading order, as the columns they are
    /// read in, one after another: a single group when there are no columns.
    private static func columns(_ lines: [PDFFile.Line], rightToLeft: Bool, depth: Int) -> [[PDFFile.Line]] {
        guard lines.count >= 6, depth < 3, let gutter = gutter(of: lines) else { return [rows(lines)] }
        var groups: [[PDFFile.Line]] = []
        var band: (left: [PDFFile.Line], right: [PDFFile.Line]) = ([], [])
        func closeBand() {
            let sides = rightToLeft ? [band.right, band.left] : [band.left, band.right]
            for side in sides where !side.isEmpty {
                groups += columns(side, rightToLeft: rightToLeft, depth: depth + 1)
            }
            band = ([], [])
        }
        let contentLeft = lines.map(\.left).min() ?? gutter.lowerBound
        let contentRight = lines.map(\.right).max() ?? gutter.upperBound
        for line in rows(lines) {
            // A line of one column that runs a little into the gutter (an overfull line, a
            // long address) is still that column's; a line across it reaches well into both.
            let intoRight = line.right - gutter.upperBound
            let intoLeft = gutter.lowerBound - line.left
            if line.right <= gutter.lowerBound || line.left < gutter.lowerBound && intoRight < (contentRight - gutter.upperBound) * 0.3 {
                band.left.append(line)
            } else if line.left >= gutter.upperBound || line.right > gutter.upperBound && intoLeft < (gutter.lowerBound - contentLeft) * 0.3
            {
                band.right.append(line)
            } else {
                // A line across the gutter ends the band above it and is read between bands.
                closeBand()
                if let last = groups.last, last.allSatisfy({ $0.left < gutter.lowerBound && $0.right > gutter.upperBound }) {
                    groups[groups.count - 1].append(line)
                } else {
                    groups.append([line])
                }
            }
        }
        closeBand()
        return groups
    }

    /// The gutter between columns of `lines`, if they have one: the widest band of the
    /// middle of their width that at most a few lines cross, with at least three lines
    /// wholly on each side that stand side by side.
    private static func gutter(of lines: [PDFFile.Line]) -> ClosedRange<Double>? {
        guard let left = lines.map(\.left).min(), let right = lines.map(\.right).max(), right - left > 100 else { return nil }
        let width = right - left
        let bins = Int(width.rounded(.up))
        var crossing = [Int](repeating: 0, count: bins + 1)
        for line in lines {
            let from = max(0, Int((line.left - left).rounded(.down)))
            let to = min(bins, Int((line.right - left).rounded(.up)))
            if from < to { for bin in from..<to { crossing[bin] += 1 } }
        }
        let allowed = max(1, lines.count / 10)
        var best: ClosedRange<Int>?
        var start: Int?
        let middle = Int(width * 0.2)...Int(width * 0.8)
        for bin in middle.lowerBound...(middle.upperBound + 1) {
            let open = bin <= middle.upperBound && crossing[bin] <= allowed
            if open, start == nil { start = bin }
            if !open, let from = start {
                let run = from...(bin - 1)
                if run.count >= 6, run.count > (best?.count ?? 0) { best = run }
                start = nil
            }
        }
        guard let best else { return nil }
        // Narrowed to the bins the fewest lines cross, so a line that ends inside the band is
        // not counted as crossing it.
        let fewest = crossing[best].min() ?? 0
        let clear = best.filter { crossing[$0] == fewest }
        guard let low = clear.first, let high = clear.last else { return nil }
        let gutter = (left + Double(low))...(left + Double(high + 1))
        let leftLines = lines.filter { $0.right <= gutter.lowerBound }
        let rightLines = lines.filter { $0.left >= gutter.upperBound }
        guard leftLines.count >= 3, rightLines.count >= 3 else { return nil }
        // Side by side: the two sides share much of their height.
        func span(_ lines: [PDFFile.Line]) -> ClosedRange<Double> {
            let edges = lines.flatMap { [$0.top, $0.bottom] }
            return (edges.min() ?? 0)...(edges.max() ?? 0)
        }
        let leftSpan = span(leftLines)
        let rightSpan = span(rightLines)
        let shared = min(leftSpan.upperBound, rightSpan.upperBound) - max(leftSpan.lowerBound, rightSpan.lowerBound)
        guard shared > 0.3 * min(leftSpan.upperBound - leftSpan.lowerBound, rightSpan.upperBound - rightSpan.lowerBound) else {
            return nil
        }
        return gutter
    }

    /// `lines` top to bottom, those at one height (a table's cells) left to right.
    private static func rows(_ lines: [PDFFile.Line]) -> [PDFFile.Line] {
        let sorted = lines.sorted { $0.top < $1.top || ($0.top == $1.top && $0.left < $1.left) }
        var ordered: [PDFFile.Line] = []
        var row: [PDFFile.Line] = []
        var rowBottom = -Double.infinity
        for line in sorted {
            if let first = row.first, (line.top + line.bottom) / 2 > min(rowBottom, first.bottom) {
                ordered += row.sorted { $0.left < $1.left }
                row = []
            }
            row.append(line)
            rowBottom = row.count == 1 ? line.bottom : max(rowBottom, line.bottom)
        }
        ordered += row.sorted { $0.left < $1.left }
        return ordered
    }
}
