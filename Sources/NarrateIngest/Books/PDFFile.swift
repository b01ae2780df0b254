internal import CNarratePDF
import Foundation
import NarrateCore

/// A PDF opened with poppler: its metadata, its outline and each page's lines of text with
/// where they stand and in what font. What the reading order, the running heads and the
/// paragraphs are is `PDFLayout`'s and `PDFReader`'s to say.
final class PDFFile {
    /// One line of a page's text as poppler groups its characters (a line never crosses
    /// from one column into another): its words, its box in points from the page's top left,
    /// the size of most of its characters' font, and whether most of them are bold.
    struct Line: Equatable {
        var text: String
        var left: Double
        var top: Double
        var right: Double
        var bottom: Double
        var fontSize: Double
        var bold: Bool

        var width: Double { right - left }
        var height: Double { bottom - top }
    }

    /// A page: its size in points and its lines, in the order poppler found them.
    struct Page {
        var width: Double
        var height: Double
        var lines: [Line]
    }

    /// An entry of the outline (the bookmarks).
    struct OutlineEntry: Equatable {
        var title: String
        /// 1 for the top level.
        var depth: Int
        /// The page it goes to, from 0; nil when it goes nowhere in the document.
        var page: Int?
        /// The height on that page it goes to, when it says: PDF's points, up from the page's
        /// bottom.
        var top: Double?
    }

    private let pdf: OpaquePointer
    /// The bytes poppler reads from, which must outlive it (nil: it reads a file).
    private let bytes: UnsafeMutableRawBufferPointer?

    /// Opens the PDF in `bytes`; `name` names it in errors.
    init(bytes source: [UInt8], name: String) throws(NarrateError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: 1)
        source.withUnsafeBytes { copy.copyMemory(from: $0) }
        var code: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let opened = narrate_pdf_open(copy.baseAddress, source.count, &code, &message, message.count) else {
            copy.deallocate()
            throw Self.failure(code: code, message: message, name: name)
        }
        pdf = opened
        bytes = copy
    }

    /// Opens the PDF file at `path`, which poppler reads as it needs, never whole; `name`
    /// names it in errors.
    init(path: String, name: String) throws(NarrateError) {
        var code: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        guard let opened = narrate_pdf_open_file(path, &code, &message, message.count) else {
            throw Self.failure(code: code, message: message, name: name)
        }
        pdf = opened
        bytes = nil
    }

    private static func failure(code: Int32, message: [CChar], name: String) -> NarrateError {
        let reason = CMessage.text(message)
        switch Int(code) {
        case Int(NARRATE_PDF_UNAVAILABLE):
            return .readerUnavailable(format: "PDF documents", reason: reason, package: "libpoppler-glib8")
        case Int(NARRATE_PDF_ENCRYPTED):
            return .malformedInput(
                path: name, message: "is a PDF locked with a password; open it in a PDF reader and save a copy without the password")
        default:
            return .malformedInput(path: name, message: "a damaged PDF (\(reason.isEmpty ? "poppler cannot read it" : reason))")
        }
    }

    deinit {
        narrate_pdf_close(pdf)
        bytes?.deallocate()
    }

    /// The number of pages.
    var pageCount: Int { Int(narrate_pdf_page_count(pdf)) }

    /// The metadata's title, if it has one that says something.
    var title: String? { Self.take(narrate_pdf_title(pdf)) }
    /// The metadata's author.
    var author: String? { Self.take(narrate_pdf_author(pdf)) }
    /// The metadata's subject.
    var subject: String? { Self.take(narrate_pdf_subject(pdf)) }
    /// The creation date, as a date of the calendar ("2024-05-01").
    var creationDate: String? {
        let seconds = narrate_pdf_creation_date(pdf)
        guard seconds > 0 else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The outline, depth first.
    var outline: [OutlineEntry] {
        var entries: UnsafeMutablePointer<narrate_pdf_outline_entry>?
        var count = 0
        narrate_pdf_outline(pdf, &entries, &count)
        defer { narrate_pdf_free_outline(entries, count) }
        guard let entries else { return [] }
        return (0..<count).compactMap { index in
            let entry = entries[index]
            guard let title = entry.title.map({ String(cString: $0) }) else { return nil }
            let text = title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !text.isEmpty else { return nil }
            return OutlineEntry(
                title: text, depth: Int(entry.depth), page: entry.page >= 0 ? Int(entry.page) : nil, top: entry.top >= 0 ? entry.top : nil)
        }
    }

    /// Page `index` (from 0): its lines, each with its box, font size and weight; nil when
    /// poppler cannot read it.
    func page(_ index: Int) -> Page? {
        var codePoints: UnsafeMutablePointer<UInt32>?
        var glyphs: UnsafeMutablePointer<narrate_pdf_glyph>?
        var count = 0
        var width = 0.0
        var height = 0.0
        guard narrate_pdf_page(pdf, Int32(index), &codePoints, &glyphs, &count, &width, &height) == 0, let codePoints, let glyphs
        else {
            narrate_pdf_free(codePoints)
            narrate_pdf_free(glyphs)
            return nil
        }
        defer {
            narrate_pdf_free(codePoints)
            narrate_pdf_free(glyphs)
        }
        let characters = (0..<count).map { Unicode.Scalar(codePoints[$0]) ?? "\u{FFFD}" }
        // Boxes kept on the page: a glyph may start on it and reach far beyond.
        let pageWidth = width.isFinite && width > 0 ? width : 0
        let pageHeight = height.isFinite && height > 0 ? height : 0
        for index in 0..<count {
            glyphs[index].left = Self.clamp(glyphs[index].left, to: pageWidth)
            glyphs[index].right = Self.clamp(glyphs[index].right, to: pageWidth)
            glyphs[index].top = Self.clamp(glyphs[index].top, to: pageHeight)
            glyphs[index].bottom = Self.clamp(glyphs[index].bottom, to: pageHeight)
        }
        var lines: [Line] = []
        // poppler's lines, each cut where its characters jump across a gap wider than a
        // space can be (poppler joins lines of two columns that stand at one height when
        // their gutter is narrow) or go back to the left.
        var segment: [Int] = []
        var lastInk: narrate_pdf_glyph?
        func close() {
            if let line = Self.line(of: segment, characters: characters, glyphs: glyphs) { lines.append(line) }
            segment = []
            lastInk = nil
        }
        for index in 0..<count {
            let character = characters[index]
            if character == "\n" {
                close()
                continue
            }
            let glyph = glyphs[index]
            let hasInk = !Self.isSpace(character) && (glyph.right > glyph.left || glyph.bottom > glyph.top)
            if hasInk, let last = lastInk {
                let size = max(glyph.font_size, last.font_size, 1)
                if glyph.left - last.right > size * 1.3 || glyph.right < last.left {
                    close()
                }
            }
            segment.append(index)
            if hasInk { lastInk = glyph }
        }
        close()
        return Page(width: pageWidth, height: pageHeight, lines: lines)
    }

    /// `value` within 0...`limit` (0 for a value that is no number).
    private static func clamp(_ value: Double, to limit: Double) -> Double {
        value.isFinite ? min(max(value, 0), limit) : 0
    }

    /// The line of the characters at `indices`: its words, box, font size and weight; nil
    /// when it has no ink.
    private static func line(
        of indices: [Int], characters: [Unicode.Scalar], glyphs: UnsafeMutablePointer<narrate_pdf_glyph>
    ) -> Line? {
        var scalars = String.UnicodeScalarView()
        var box: (left: Double, top: Double, right: Double, bottom: Double)?
        var sizes: [Double: Int] = [:]
        var boldCount = 0
        var inkCount = 0
        var spaceBefore = false
        for index in indices {
            let character = characters[index]
            // The words, one space between each.
            guard !Self.isSpace(character) else {
                spaceBefore = !scalars.isEmpty
                continue
            }
            if spaceBefore { scalars.append(" ") }
            spaceBefore = false
            scalars.append(character)
            let glyph = glyphs[index]
            guard glyph.right > glyph.left || glyph.bottom > glyph.top else { continue }
            box =
                box.map { (min($0.left, glyph.left), min($0.top, glyph.top), max($0.right, glyph.right), max($0.bottom, glyph.bottom)) }
                ?? (glyph.left, glyph.top, glyph.right, glyph.bottom)
            // (A size that is no number counts as none: NaN is no key of a dictionary.)
            sizes[glyph.font_size.isFinite ? (glyph.font_size * 10).rounded() / 10 : 0, default: 0] += 1
            if glyph.bold != 0 { boldCount += 1 }
            inkCount += 1
        }
        let words = String(scalars)
        guard let box, !words.isEmpty else { return nil }
        let fontSize = sizes.max { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }?.key ?? 0
        return Line(
            text: words, left: box.left, top: box.top, right: box.right, bottom: box.bottom, fontSize: fontSize,
            bold: boldCount * 2 > inkCount)
    }

    /// Whether `character` is white space (ASCII's looked at without Unicode's tables: a
    /// long document has millions of characters).
    static func isSpace(_ character: Unicode.Scalar) -> Bool {
        character.isASCII ? character == " " || (0x09...0x0D).contains(character.value) : character.properties.isWhitespace
    }

    /// Whether `character` is a letter (ASCII's looked at without Unicode's tables).
    static func isLetter(_ character: Unicode.Scalar) -> Bool {
        character.isASCII
            ? (0x41...0x5A).contains(character.value) || (0x61...0x7A).contains(character.value) : character.properties.isAlphabetic
    }

    /// A string of the shim's, freed; nil when it is missing or says nothing.
    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { narrate_pdf_free(pointer) }
        let text = String(cString: pointer).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return text.isEmpty ? nil : text
    }
}
