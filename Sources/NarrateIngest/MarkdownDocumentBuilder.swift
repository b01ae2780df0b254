internal import CNarrateCMark
import NarrateCore

/// Walks a cmark-gfm tree and collects the blocks to speak, each with a map back to the
/// source. cmark-gfm gives positions for blocks only; the text of each inline node is found
/// by searching forward inside its block's source, so offsets stay exact even with markup.
struct MarkdownDocumentBuilder {
    let source: [UInt8]
    let bodyStart: Int
    let reader: MarkdownReader
    /// Byte offset of the start of every line of the body (absolute).
    let lineStarts: [Int]

    private(set) var blocks: [Block] = []
    /// The first line of the first block, for documents without a heading.
    private(set) var firstLine: String?

    /// The part the blocks being read are (footnotes), nil for running text.
    private var part: ReadingPart?

    /// The marker of an ordered list item ("3." or "3)") waiting for the item's first block.
    private var pendingListMarker: (text: String, byteOffset: Int)?

    /// A forward-moving byte → scalar offset translation.
    private var cursorByte = 0
    private var cursorScalar = 0

    init(source: [UInt8], bodyStart: Int, reader: MarkdownReader) {
        self.source = source
        self.bodyStart = bodyStart
        self.reader = reader
        var starts = [bodyStart]
        for index in bodyStart..<source.count where source[index] == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        lineStarts = starts
    }

    // MARK: Blocks

    /// Walks the blocks under `node` in document order. The walk keeps its own stack rather
    /// than recursing, so a document nested thousands of levels deep (">>>>…", lists in
    /// lists) needs no more thread stack than a flat one.
    mutating func walkBlocks(_ node: OpaquePointer, context: Block.Kind) {
        var pending: [BlockStep] = []
        pushChildren(of: node, context: context, onto: &pending)
        while let step = pending.popLast() {
            switch step {
            case .visit(let current, let context):
                visitBlock(current, context: context, pending: &pending)
            case .endOfListItem:
                pendingListMarker = nil
            case .part(let next):
                part = next
            }
        }
    }

    /// One step of the block walk: a block to visit, or the end of a list item.
    private enum BlockStep {
        case visit(OpaquePointer, Block.Kind)
        case endOfListItem
        /// The part the blocks from here on are.
        case part(ReadingPart?)
    }

    /// Puts the children of `node` on the stack so that the first is visited first.
    private func pushChildren(of node: OpaquePointer, context: Block.Kind, onto pending: inout [BlockStep]) {
        for child in Self.children(of: node).reversed() {
            pending.append(.visit(child, context))
        }
    }

    private mutating func visitBlock(_ node: OpaquePointer, context: Block.Kind, pending: inout [BlockStep]) {
        switch Self.type(of: node) {
        case "block_quote":
            pushChildren(of: node, context: context == .listItem ? .listItem : .quote, onto: &pending)
        case "item":
            pendingListMarker = listMarker(of: node)
            pending.append(.endOfListItem)
            pushChildren(of: node, context: context == .quote ? .quote : .listItem, onto: &pending)
        case "list", "document":
            pushChildren(of: node, context: context, onto: &pending)
        case "heading":
            appendBlock(kind: .heading(level: Int(cmark_node_get_heading_level(node))), inlinesOf: [node])
        case "paragraph":
            appendBlock(kind: context, inlinesOf: [node])
        case "code_block":
            appendNotice(for: node)
        case "table":
            let outer = part
            part = outer ?? .tables
            for row in Self.children(of: node) {
                appendBlock(kind: .listItem, inlinesOf: Self.children(of: row), separator: ", ")
            }
            part = outer
        case "footnote_definition":
            // Gathered at the end of the document by cmark-gfm, in the order they are referred to.
            pending.append(.part(part))
            pushChildren(of: node, context: .listItem, onto: &pending)
            pending.append(.part(.footnotes))
        case "html_block", "thematic_break":
            break
        default:
            pushChildren(of: node, context: context, onto: &pending)
        }
    }

    /// The marker of an item of an ordered list, as it stands in the source.
    private func listMarker(of item: OpaquePointer) -> (text: String, byteOffset: Int)? {
        guard let list = cmark_node_parent(item), cmark_node_get_list_type(list) == CMARK_ORDERED_LIST else { return nil }
        var offset = byteRange(of: item).lowerBound
        while offset < source.count, source[offset] == UInt8(ascii: " ") || source[offset] == UInt8(ascii: "\t") {
            offset += 1
        }
        var end = offset
        while end < source.count, end - offset < 9, source[end] >= 0x30, source[end] <= 0x39 { end += 1 }
        guard end > offset, end < source.count, source[end] == UInt8(ascii: ".") || source[end] == UInt8(ascii: ")") else {
            return nil
        }
        return (String(decoding: source[offset...end], as: UTF8.self), offset)
    }

    /// The code-block notice (when there is one), then the code as it is written: a `.code`
    /// block of the apparatus, shown and extracted, never read.
    private mutating func appendNotice(for node: OpaquePointer) {
        let notice = reader.codeBlockNotice
        let range = byteRange(of: node)
        let start = scalarOffset(ofByte: range.lowerBound)
        if !notice.isEmpty {
            let block = Block(
                kind: .notice, text: notice,
                sourceMap: SourceMap(runs: [SourceMap.Run(textOffset: 0, sourceOffset: start, length: 0)]), part: part ?? .code
            )
            blocks.append(block)
        }
        let code = Block.verbatim(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
        guard !code.isEmpty else { return }
        blocks.append(
            Block(
                kind: .code, text: code,
                sourceMap: SourceMap(runs: [SourceMap.Run(textOffset: 0, sourceOffset: start, length: 0)]),
                part: .apparatus))
    }

    /// Collects the inline text of `containers` (joined by `separator`) into one block.
    private mutating func appendBlock(kind: Block.Kind, inlinesOf containers: [OpaquePointer], separator: String = "") {
        var collector = InlineCollector()
        // "1. Preheat the oven.": a numbered step is read with its number.
        if let marker = pendingListMarker {
            collector.appendMapped(marker.text, sourceOffset: scalarOffset(ofByte: marker.byteOffset))
            collector.appendUnmapped(" ")
            pendingListMarker = nil
        }
        for (index, container) in containers.enumerated() {
            if index > 0, !separator.isEmpty, !collector.text.isEmpty { collector.appendUnmapped(separator) }
            let range = byteRange(of: container)
            collector.searchStart = range.lowerBound
            collector.searchEnd = range.upperBound
            collectInlines(container, into: &collector)
        }
        let (text, runs, asides) = collector.trimmed()
        guard !text.isEmpty else { return }
        // A block that is only an image's description gives no title.
        let described = asides.reduce(0) { $0 + $1.range.count }
        if firstLine == nil, collector.firstLine != nil || described < text.unicodeScalars.count {
            firstLine = collector.firstLine ?? text
        }
        blocks.append(Block(kind: kind, text: text, sourceMap: SourceMap(runs: runs), part: part, asides: asides.isEmpty ? nil : asides))
    }

    // MARK: Inlines

    /// Collects the text of the inlines under `node` in document order, with its own stack
    /// (as the block walk) so that deeply nested emphasis or links cannot exhaust the thread's.
    private mutating func collectInlines(_ node: OpaquePointer, into collector: inout InlineCollector) {
        var pending = Self.children(of: node).reversed() as [OpaquePointer]
        while let current = pending.popLast() {
            switch Self.type(of: current) {
            case "text", "code":
                if let literal = cmark_node_get_literal(current) {
                    appendLiteral(Array(String(cString: literal).utf8), into: &collector)
                }
            case "softbreak":
                // Kept as a line break: the segmenter tells wrapped lines from lines that
                // stand alone.
                collector.noteLineBreak()
                collector.appendUnmapped("\n")
            case "linebreak":
                collector.appendUnmapped(" ")
            case "image":
                // The description is kept, a part of its own: read or not by the listener's choices.
                let start = collector.count
                collectInlines(current, into: &collector)
                collector.markAside(from: start, part: .images)
            case "html_inline", "footnote_reference":
                break
            default: // emph, strong, link, strikethrough and other containers
                pending.append(contentsOf: Self.children(of: current).reversed())
            }
        }
    }

    /// Appends literal text, mapped to where it stands in the source when it is found there.
    private mutating func appendLiteral(_ literal: [UInt8], into collector: inout InlineCollector) {
        guard !literal.isEmpty else { return }
        let text = String(decoding: literal, as: UTF8.self)
        if let found = find(literal, from: collector.searchStart, to: collector.searchEnd) {
            let sourceOffset = scalarOffset(ofByte: found)
            collector.appendMapped(text, sourceOffset: sourceOffset)
            collector.searchStart = found + literal.count
        } else {
            // Decoded entities and escapes differ from their source; they map to the next run.
            collector.appendUnmapped(text)
        }
    }

    private func find(_ needle: [UInt8], from start: Int, to end: Int) -> Int? {
        guard let first = needle.first, end - start >= needle.count else { return nil }
        var index = start
        let last = end - needle.count
        while index <= last {
            if source[index] == first, source[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    // MARK: Positions

    /// The node's byte range in the source, from cmark-gfm's 1-based line and column.
    private func byteRange(of node: OpaquePointer) -> Range<Int> {
        let start = byteOffset(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
        var end = byteOffset(line: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_end_column(node))) + 1
        if cmark_node_get_end_column(node) <= 0 {
            let line = Int(cmark_node_get_end_line(node))
            end = line < lineStarts.count ? lineStarts[line] : source.count
        }
        let lower = min(max(start, bodyStart), source.count)
        return lower..<min(max(end, lower), source.count)
    }

    private func byteOffset(line: Int, column: Int) -> Int {
        guard line >= 1 else { return bodyStart }
        guard line <= lineStarts.count else { return source.count }
        return lineStarts[line - 1] + max(column - 1, 0)
    }

    /// Unicode scalar offset of a byte offset, counting forward from the last query.
    private mutating func scalarOffset(ofByte target: Int) -> Int {
        if target < cursorByte {
            cursorByte = 0
            cursorScalar = 0
        }
        while cursorByte < target, cursorByte < source.count {
            if source[cursorByte] & 0xC0 != 0x80 { cursorScalar += 1 }
            cursorByte += 1
        }
        return cursorScalar
    }

    private static func type(of node: OpaquePointer) -> String {
        // cmark-gfm 0.29 names footnotes "<unknown>".
        switch cmark_node_get_type(node) {
        case CMARK_NODE_FOOTNOTE_DEFINITION: return "footnote_definition"
        case CMARK_NODE_FOOTNOTE_REFERENCE: return "footnote_reference"
        default: break
        }
        guard let name = cmark_node_get_type_string(node) else { return "" }
        return String(cString: name)
    }

    private static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }
}
