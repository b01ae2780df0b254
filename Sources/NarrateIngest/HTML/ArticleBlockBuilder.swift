import NarrateCore

/// Turns an extracted article into narratable blocks.
///
/// Rules: `h1`–`h6` are headings; `p`, `div` and other containers give paragraphs; `li`,
/// `dt` and `dd` are list items; text inside `blockquote` is a quotation; a `figcaption`
/// is a paragraph of its own; MathML is read as its text; each table row is one paragraph with its cells separated by
/// commas; a `pre` of code is replaced by the code-block notice, and one of prose (an RFC, a
/// plain-text post, a poem) is read as paragraphs, wrapped lines joined and page furniture
/// dropped (`PreformattedText`); images, scripts and forms say
/// nothing. White space runs become one space and `<br>` a line break. Source maps point at
/// each text node's start in the page (approximate inside a node, where entities and
/// collapsed white space make text and source differ in length).
///
/// Parts that are not running text (`ReadingPartRules`: reference lists, footnotes, figure
/// captions, table rows, code notices, navigation) mark their blocks' `part`; an edit link or
/// footnote marker inside a block is an aside of its text. Their text is kept all the same.
struct ArticleBlockBuilder {
    /// Said in place of a code block; empty skips it.
    var codeBlockNotice: String
    /// Converts byte offsets of the page into Unicode scalar offsets.
    var offsets: ScalarOffsets

    private var blocks: [Block] = []
    private var text = String.UnicodeScalarView()
    /// Scalars in `text` (counting a UnicodeScalarView walks it).
    private var textCount = 0
    private var runs: [SourceMap.Run] = []
    private var pendingSpace = false
    private var kind: Block.Kind = .paragraph
    /// The part the blocks being built are, nil for running text.
    private var part: ReadingPart?
    /// The asides of the open block.
    private var asides: [Block.Aside] = []
    /// The running headers of the article's paginated `pre` text.
    private var runningHeaders: Set<String> = []
    /// Whether the open paragraph came from a `pre` of prose and did not end a sentence: the
    /// next `pre` (the next page of an RFC) may go on with it.
    private var preContinues = false
    /// The text of each `pre` of the article, built once.
    private var preTexts: [ObjectIdentifier: String] = [:]
    /// Which elements hold only white space, asked while `preContinues`.
    private var whiteSpace = WhiteSpaceTexts()

    init(codeBlockNotice: String, offsets: ScalarOffsets) {
        self.codeBlockNotice = codeBlockNotice
        self.offsets = offsets
    }

    static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "dd", "details", "dialog", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li",
        "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "thead", "tfoot", "tr", "ul", "caption",
    ]
    static let silentTags: Set<String> = [
        "script", "style", "noscript", "template", "svg", "img", "picture", "video", "audio", "iframe", "object",
        "embed", "canvas", "select", "button", "input", "textarea", "head", "title", "meta", "link",
    ]

    /// The blocks of `article`, in reading order.
    mutating func blocks(of article: HTMLNode) -> [Block] {
        var texts: [String] = []
        article.forEachDescendant { node in
            guard node.tag == "pre" else { return }
            let text = node.textContent
            texts.append(text)
            preTexts[ObjectIdentifier(node)] = text
        }
        runningHeaders = PreformattedText.runningHeaders(in: texts)
        visit(article, kind: .paragraph)
        flush()
        ReadingPartRules.markSections(&blocks)
        return blocks
    }

    /// Tags whose elements make blocks of their own (a part of one is the blocks' part, not an aside).
    private static func makesBlocks(_ tag: String) -> Bool {
        blockTags.contains(tag) || headingLevel(tag) != nil || tag == "pre" || tag == "table"
    }

    private mutating func visit(_ node: HTMLNode, kind inherited: Block.Kind) {
        for child in node.children {
            ExtractionWork.record()
            // Between two pages of an RFC: a rule or an empty anchor does not end the paragraph.
            if preContinues, child.tag != "pre", whiteSpace.isWhiteSpace(child) { continue }
            if child.isText {
                appendText(child.text, sourceOffset: child.sourceOffset)
                continue
            }
            if Self.silentTags.contains(child.tag) { continue }
            guard let childPart = ReadingPartRules.part(of: child) else {
                visitElement(child, kind: inherited)
                continue
            }
            if Self.makesBlocks(child.tag) {
                flush()
                let outer = part
                part = ReadingPartRules.combine(outer, childPart)
                visitElement(child, kind: inherited)
                flush()
                part = outer
            } else {
                // An edit link or a footnote marker: a stretch of the block's text.
                let start = textCount
                let blockCount = blocks.count
                visitElement(child, kind: inherited)
                if blocks.count == blockCount, textCount > start {
                    asides.append(Block.Aside(range: start..<textCount, part: ReadingPartRules.combine(part, childPart) ?? childPart))
                }
            }
        }
    }

    private mutating func visitElement(_ child: HTMLNode, kind inherited: Block.Kind) {
        let tag = child.tag
        switch tag {
        case "br":
            appendLineBreak()
        case "pre":
            let text = preTexts[ObjectIdentifier(child)] ?? child.textContent
            let preformatted = PreformattedText(text, furniture: runningHeaders)
            if preformatted.isProse {
                appendProse(preformatted, of: child)
                return
            }
            flush()
            if text.contains(where: { !$0.isWhitespace }) { appendCodeNotice(for: text, at: child.sourceOffset) }
        case "tr":
            flush()
            let outer = part
            part = ReadingPartRules.combine(outer, .tables)
            defer { part = outer }
            kind = inherited == .quote ? .quote : .paragraph
            var first = true
            for cell in child.elementChildren where cell.tag == "td" || cell.tag == "th" {
                // The length of the cell's text, not the text, to know it has some.
                guard ArticleText.length(cell) > 0 else { continue }
                if !first { appendText(", ", sourceOffset: cell.sourceOffset) }
                first = false
                visitInline(cell)
            }
            flush()
        default:
            if let level = Self.headingLevel(tag) {
                flush()
                kind = .heading(level: level)
                visit(child, kind: .heading(level: level))
                flush()
            } else if tag == "li" || tag == "dt" || tag == "dd" {
                flush()
                kind = .listItem
                visit(child, kind: .listItem)
                flush()
            } else if tag == "blockquote" {
                flush()
                kind = .quote
                visit(child, kind: .quote)
                flush()
            } else if Self.blockTags.contains(tag) {
                flush()
                let inner: Block.Kind = inherited == .quote ? .quote : inherited == .listItem ? .listItem : .paragraph
                kind = inner
                visit(child, kind: inner)
                flush()
                kind = inherited
            } else {
                visit(child, kind: inherited)
            }
        }
    }

    /// Says the code-block notice (when there is one) as a block of its own, then keeps
    /// `code` as it is written, a `.code` block of the page's apparatus: shown and extracted,
    /// never read.
    private mutating func appendCodeNotice(for code: String, at sourceOffset: Int) {
        flush()
        // What follows in the same list item or quotation stays one.
        let outerKind = kind
        defer { kind = outerKind }
        if !codeBlockNotice.isEmpty {
            let outer = part
            part = ReadingPartRules.combine(outer, .code)
            kind = .notice
            appendText(codeBlockNotice, sourceOffset: sourceOffset)
            flush()
            part = outer
        }
        let verbatim = Block.verbatim(code)
        guard !verbatim.isEmpty else { return }
        // Where the code starts, no further: entities and tags inside make text and source differ.
        let start = offsets.scalarOffset(ofByte: sourceOffset)
        blocks.append(
            Block(
                kind: .code, text: verbatim, sourceMap: SourceMap(runs: [SourceMap.Run(textOffset: 0, sourceOffset: start, length: 0)]),
                part: .apparatus))
    }

    /// The paragraphs of a `pre` of prose: wrapped lines joined, a poem's lines kept, a
    /// drawing or code among them the code notice. A paragraph cut by a page break goes on
    /// across the next `pre`.
    private mutating func appendProse(_ preformatted: PreformattedText, of node: HTMLNode) {
        let sourceOffset = node.children.first(where: \.isText)?.sourceOffset ?? node.sourceOffset
        for (index, paragraph) in preformatted.paragraphs.enumerated() {
            let opening = paragraph.lines.first?.first(where: { !$0.isWhitespace })
            let goesOn = index == 0 && preContinues && opening?.isLowercase == true
            if !goesOn { flush() }
            preContinues = false
            guard paragraph.isProse else {
                appendCodeNotice(for: paragraph.lines.joined(separator: "\n"), at: sourceOffset)
                continue
            }
            if !goesOn { kind = .paragraph }
            let wrapped = preformatted.isWrapped(paragraph)
            for (number, line) in paragraph.lines.enumerated() {
                if number > 0, !wrapped { appendLineBreak() }
                appendText(PreformattedText.withoutDotLeaders(line) + " ", sourceOffset: sourceOffset)
            }
        }
        // A last paragraph that does not end a sentence may go on on the next page.
        if let last = preformatted.paragraphs.last, last.isProse,
            let end = last.lines.last?.last(where: { !$0.isWhitespace }), !".!?:;\"”»)".contains(end)
        {
            preContinues = true
        } else {
            flush()
        }
    }

    /// A table cell's content without breaking the row into blocks.
    private mutating func visitInline(_ node: HTMLNode) {
        for child in node.children {
            ExtractionWork.record()
            if child.isText {
                appendText(child.text, sourceOffset: child.sourceOffset)
            } else if !Self.silentTags.contains(child.tag) && child.tag != "pre" {
                if Self.blockTags.contains(child.tag) || child.tag == "br" { pendingSpace = !text.isEmpty }
                let start = textCount
                visitInline(child)
                if let childPart = ReadingPartRules.part(of: child), textCount > start {
                    asides.append(Block.Aside(range: start..<textCount, part: ReadingPartRules.combine(part, childPart) ?? childPart))
                }
            }
        }
    }

    private static func headingLevel(_ tag: String) -> Int? {
        guard tag.count == 2, tag.first == "h", let level = Int(tag.dropFirst()), (1...6).contains(level) else { return nil }
        return level
    }

    /// Appends a text node's text, white space runs collapsed. A source-map run goes on
    /// across single spaces, where text and source still advance together, and breaks where
    /// white space was collapsed.
    private mutating func appendText(_ piece: String, sourceOffset: Int) {
        let start = offsets.scalarOffset(ofByte: sourceOffset)
        let scalars = piece.unicodeScalars
        var runStart: Int?
        var runSource = start
        // The span of the piece not yet copied into `text`, and its length in scalars.
        var pendingFrom = scalars.startIndex
        var pendingLength = 0
        var spaceLength = 0
        var spaceIsPlain = true
        var index = scalars.startIndex
        var offset = 0
        func copyPending(upTo end: String.UnicodeScalarView.Index) {
            if pendingLength > 0 {
                text.append(contentsOf: scalars[pendingFrom..<end])
                textCount += pendingLength
                pendingLength = 0
            }
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if ArticleText.isSpace(scalar.value) {
                copyPending(upTo: index)
                if !text.isEmpty { pendingSpace = true }
                spaceLength += 1
                if scalar != " " { spaceIsPlain = false }
            } else {
                if pendingSpace {
                    let continues = runStart != nil && spaceLength == 1 && spaceIsPlain
                    if !continues, let begun = runStart {
                        runs.append(SourceMap.Run(textOffset: begun, sourceOffset: runSource, length: textCount - begun))
                        runStart = nil
                    }
                    if text.last != "\n" {
                        text.append(" ")
                        textCount += 1
                    }
                    pendingSpace = false
                } else if spaceLength > 0, let begun = runStart {
                    // White space at the start of a block was dropped.
                    runs.append(SourceMap.Run(textOffset: begun, sourceOffset: runSource, length: textCount - begun))
                    runStart = nil
                }
                spaceLength = 0
                spaceIsPlain = true
                if runStart == nil {
                    runStart = textCount + pendingLength
                    runSource = start + offset
                }
                if pendingLength == 0 { pendingFrom = index }
                pendingLength += 1
            }
            index = scalars.index(after: index)
            offset += 1
        }
        copyPending(upTo: scalars.endIndex)
        if let begun = runStart {
            runs.append(SourceMap.Run(textOffset: begun, sourceOffset: runSource, length: textCount - begun))
        }
    }

    private mutating func appendLineBreak() {
        guard !text.isEmpty, text.last != "\n" else { return }
        text.append("\n")
        textCount += 1
        pendingSpace = false
    }

    private mutating func flush() {
        preContinues = false
        while let last = text.last, last.properties.isWhitespace {
            text.removeLast()
            textCount -= 1
        }
        defer {
            text = String.UnicodeScalarView()
            textCount = 0
            runs = []
            asides = []
            pendingSpace = false
        }
        guard !text.isEmpty else { return }
        let length = textCount
        let clipped = runs.compactMap { run -> SourceMap.Run? in
            guard run.textOffset < length else { return nil }
            var run = run
            run.length = min(run.length, length - run.textOffset)
            return run
        }
        let kept = asides.compactMap { aside -> Block.Aside? in
            let range = aside.range.clamped(to: 0..<length)
            return range.isEmpty ? nil : Block.Aside(range: range, part: aside.part)
        }
        blocks.append(
            Block(
                kind: kind, text: String(text), sourceMap: SourceMap(runs: clipped), part: part, asides: kept.isEmpty ? nil : kept
            ))
    }
}

/// Whether the text of nodes is all white space, as `textContent.allSatisfy(\.isWhitespace)`
/// says (each character judged by its first scalar), found for each element once from its
/// children rather than by building the text of each of a run of nested elements.
private struct WhiteSpaceTexts {
    /// What a text holds besides white space.
    private struct Scalars {
        /// A scalar that is not white space.
        var visible = false
        /// A scalar that always starts a character of its own when only white space and marks
        /// come before it (a letter, digit, punctuation or symbol, not a mark that joins the
        /// character before): the text then has a character that is not white space.
        var base = false
    }

    /// The scalars of elements asked about; the element is kept so that its identifier is not another's.
    private var known: [ObjectIdentifier: (node: HTMLNode, scalars: Scalars)] = [:]

    /// Whether all the characters of `node`'s text are white space.
    mutating func isWhiteSpace(_ node: HTMLNode) -> Bool {
        let scalars = scalars(of: node)
        if !scalars.visible { return true }
        if scalars.base { return false }
        // Marks and the like after white space: whether they join it depends on what precedes them.
        return node.textContent.allSatisfy(\.isWhitespace)
    }

    private mutating func scalars(of node: HTMLNode) -> Scalars {
        if node.isText { return Self.scalars(of: node.text) }
        if let entry = known[ObjectIdentifier(node)] { return entry.scalars }
        var result = Scalars()
        for child in node.children {
            ExtractionWork.record()
            let inside = scalars(of: child)
            result.visible = result.visible || inside.visible
            result.base = result.base || inside.base
        }
        known[ObjectIdentifier(node)] = (node, result)
        return result
    }

    private static func scalars(of text: String) -> Scalars {
        var result = Scalars()
        for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
            result.visible = true
            if startsCharacter(scalar) {
                result.base = true
                break
            }
        }
        return result
    }

    /// Whether `scalar` is of a kind that Unicode never joins to the character before it
    /// after white space or a mark (grapheme cluster break property Other, Prepend, Hangul or
    /// Regional Indicator, never Extend or SpacingMark).
    private static func startsCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value > 0x20 && scalar.value < 0x7F }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .otherSymbol:
            return true
        case .otherLetter:
            // Thai and Lao AM are letters that join the character before.
            return scalar.value != 0x0E33 && scalar.value != 0x0EB3
        default:
            return false
        }
    }
}
