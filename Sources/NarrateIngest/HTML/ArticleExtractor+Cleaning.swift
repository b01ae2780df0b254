import NarrateCore

/// Cleaning the chosen article: what the scoring let in that a reader does not want.
extension ArticleExtractor {
    func prepare(_ article: HTMLNode, rules: Rules) {
        Self.markDataTables(in: article)
        cleanConditionally(article, tag: "form", rules: rules)
        cleanConditionally(article, tag: "fieldset", rules: rules)
        Self.clean(article, tags: ["object", "embed", "footer", "link", "aside"])
        // Share bars among the article's parts.
        for part in article.elementChildren {
            Self.removeMatching(in: part) { node in
                ReadabilityPatterns.isShareElement(node.className + " " + node.id)
                    && ArticleText.length(node) < Self.characterThreshold
            }
        }
        Self.clean(article, tags: ["iframe", "input", "textarea", "select", "button"])
        // Out while the rest is judged (their links would count against the boxes they stand
        // in), back as apparatus once it is.
        let contents = Self.takeTablesOfContents(article)
        for heading in article.elements(["h1", "h2"]) where Self.classWeight(heading, rules: rules) < 0 {
            heading.detach()
        }
        cleanConditionally(article, tag: "table", rules: rules)
        cleanConditionally(article, tag: "ul", rules: rules)
        cleanConditionally(article, tag: "div", rules: rules)
        for heading in article.elements("h1") { heading.retag("h2") }
        for paragraph in article.elements("p").reversed() {
            let measures = paragraph.measures
            // Images, and the embeds: `embed`, `object`, `iframe`.
            let media = measures.images + measures.embeds
            if media == 0 && measures.text.length == 0 { paragraph.detach() }
        }
        for lineBreak in article.elements("br") {
            if let next = Self.nextNonWhitespace(lineBreak.nextSibling), next.tag == "p" { lineBreak.detach() }
        }
        // A table of one cell is that cell.
        for table in article.elements("table") {
            var body = table
            if Self.hasSingleTag("tbody", inside: table), let only = table.firstElementChild { body = only }
            guard Self.hasSingleTag("tr", inside: body), let row = body.firstElementChild,
                Self.hasSingleTag("td", inside: row), let cell = row.firstElementChild
            else { continue }
            cell.retag(cell.children.allSatisfy(Self.isPhrasingContent) ? "p" : "div")
            table.replace(with: cell)
        }
        Self.putBack(contents, into: article)
    }

    /// A table of contents taken out of the article, and where it stood.
    struct TakenContents {
        var node: HTMLNode
        var parent: HTMLNode
        var previous: HTMLNode?
        var next: HTMLNode?
        var index: Int
    }

    /// Takes each table of contents out of `root`, with the box it stands in when that box
    /// holds little else (its "Contents" title), but never `root`; in document order.
    static func takeTablesOfContents(_ root: HTMLNode) -> [TakenContents] {
        var taken: [TakenContents] = []
        for list in root.elements(["ul", "ol"]).reversed() where list.parent != nil && isTableOfContents(list) {
            let length = ArticleText.length(list)
            var target = list
            while let parent = target.parent, parent !== root, length * 10 >= ArticleText.length(parent) * 8 {
                target = parent
            }
            guard let parent = target.parent, let index = parent.children.firstIndex(where: { $0 === target }) else { continue }
            taken.append(
                TakenContents(node: target, parent: parent, previous: target.previousSibling, next: target.nextSibling, index: index))
            target.detach()
        }
        return taken.reversed()
    }

    /// Puts the tables of contents taken out back where they stood, when the box they stood in
    /// is still in `root`: the page's apparatus, kept in the text and shown, never read.
    static func putBack(_ taken: [TakenContents], into root: HTMLNode) {
        // Outer first: a table of contents taken from inside another goes back into it.
        for contents in taken {
            let parent = contents.parent
            guard parent === root || parent.isInside(root) else { continue }
            let index: Int
            if let next = contents.next, let found = parent.children.firstIndex(where: { $0 === next }) {
                index = found
            } else if let previous = contents.previous, let found = parent.children.firstIndex(where: { $0 === previous }) {
                index = found + 1
            } else {
                index = min(contents.index, parent.children.count)
            }
            contents.node.carriedPart = .apparatus
            parent.insert(contents.node, at: index)
        }
    }

    /// Whether `list` is a table of contents: three or more items whose text is (nearly) all
    /// links to places in the page ("#part-3").
    static func isTableOfContents(_ list: HTMLNode) -> Bool {
        guard list.elementChildren.filter({ $0.tag == "li" }).count >= 3 else { return false }
        let measures = list.measures
        let total = measures.text.length
        guard total > 0 else { return false }
        return measures.hashLinkLength * 10 >= total * 9
    }

    /// Removes every element with one of `tags` (in one walk), but keeps embedded videos.
    static func clean(_ root: HTMLNode, tags: Set<String>) {
        for node in root.elements(tags).reversed() {
            let isEmbed = node.tag == "object" || node.tag == "embed" || node.tag == "iframe"
            if isEmbed && node.attributes.contains(where: { ReadabilityPatterns.isVideo($0.value) }) { continue }
            node.detach()
        }
    }

    /// Removes the elements under `root` (not `root` itself) that `condition` picks.
    static func removeMatching(in root: HTMLNode, _ condition: (HTMLNode) -> Bool) {
        let end = nextNode(root, skippingChildren: true)
        var node = nextNode(root)
        while let current = node, current !== end {
            node = condition(current) ? removeAndGetNext(current) : nextNode(current)
        }
    }

    /// What the elements inside a node hold that tells a data table from a layout table.
    struct TableContents {
        /// The first `caption` inside, in document order.
        var firstCaption: HTMLNode?
        /// Whether there is a `col`, `colgroup`, `tfoot`, `thead` or `th` inside.
        var hasHeaderParts = false
        /// Whether there is a `table` inside.
        var hasTable = false
    }

    /// Marks the tables inside `node` that hold data (headers, a caption, many cells) rather
    /// than page layout (`HTMLNode.isDataTable`), in one walk from the innermost out; returns
    /// what is inside `node`.
    @discardableResult
    static func markDataTables(in node: HTMLNode) -> TableContents {
        var contents = TableContents()
        for child in node.children where child.isElement {
            ExtractionWork.record()
            let inside = markDataTables(in: child)
            if contents.firstCaption == nil { contents.firstCaption = child.tag == "caption" ? child : inside.firstCaption }
            if inside.hasHeaderParts || headerParts.contains(child.tag) { contents.hasHeaderParts = true }
            if inside.hasTable || child.tag == "table" { contents.hasTable = true }
            if child.tag == "table" { child.isDataTable = isDataTable(child, holding: inside) }
        }
        return contents
    }

    private static let headerParts: Set<String> = ["col", "colgroup", "tfoot", "thead", "th"]

    private static func isDataTable(_ table: HTMLNode, holding inside: TableContents) -> Bool {
        if table.attribute("role") == "presentation" { return false }
        if table.attribute("datatable") == "0" { return false }
        if table.attribute("summary").map({ !$0.isEmpty }) == true { return true }
        if let caption = inside.firstCaption, !caption.children.isEmpty { return true }
        if inside.hasHeaderParts { return true }
        // Only tables without tables inside are counted: their rows are no other's.
        if inside.hasTable { return false }
        var rows = 0
        var columns = 0
        for row in table.elements("tr") {
            rows += Int(row.attribute("rowspan") ?? "") ?? 1
            var rowColumns = 0
            for cell in row.elementChildren where cell.tag == "td" {
                rowColumns += Int(cell.attribute("colspan") ?? "") ?? 1
            }
            columns = max(columns, rowColumns)
        }
        if rows == 1 || columns == 1 { return false }
        if rows >= 10 || columns > 4 { return true }
        return rows * columns > 10
    }

    /// Removes `tag` elements that look like boilerplate: link lists, image galleries
    /// without text, forms, ad placeholders. Data tables and code are kept.
    private func cleanConditionally(_ root: HTMLNode, tag: String, rules: Rules) {
        guard rules.contains(.cleanConditionally) else { return }
        var shortTexts = ShortInnerTexts()
        for (node, enclosing) in Self.elements(tag, inside: root).reversed()
        where shouldRemove(node, tag: tag, enclosing: enclosing, rules: rules, shortTexts: &shortTexts) {
            node.detach()
        }
    }

    /// The elements that keep an element they are inside of: a data table, code, a figure.
    struct Enclosing: OptionSet {
        let rawValue: Int
        static let dataTable = Enclosing(rawValue: 1)
        static let code = Enclosing(rawValue: 2)
        static let figure = Enclosing(rawValue: 4)

        init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// What `node` itself is of these.
        init(_ node: HTMLNode) {
            self.init(rawValue: 0)
            if node.tag == "table" && node.isDataTable { insert(.dataTable) }
            if node.tag == "code" { insert(.code) }
            if node.tag == "figure" { insert(.figure) }
        }
    }

    /// The `tag` elements under `root` in document order, each with what its ancestors are,
    /// found in one walk (asking each element's ancestors walked up to 400 levels for each).
    static func elements(_ tag: String, inside root: HTMLNode) -> [(node: HTMLNode, enclosing: Enclosing)] {
        var enclosing = Enclosing(root)
        for ancestor in root.ancestors() { enclosing.formUnion(Enclosing(ancestor)) }
        var result: [(node: HTMLNode, enclosing: Enclosing)] = []
        var stack: [(node: HTMLNode, enclosing: Enclosing)] = root.children.reversed().filter(\.isElement).map { ($0, enclosing) }
        while let (node, enclosing) = stack.popLast() {
            ExtractionWork.record()
            if node.tag == tag { result.append((node, enclosing)) }
            let inner = enclosing.union(Enclosing(node))
            var index = node.children.count - 1
            while index >= 0 {
                let child = node.children[index]
                if child.isElement { stack.append((child, inner)) }
                index -= 1
            }
        }
        return result
    }

    private func shouldRemove(
        _ node: HTMLNode, tag: String, enclosing: Enclosing, rules: Rules, shortTexts: inout ShortInnerTexts
    ) -> Bool {
        let measures = node.measures
        let length = measures.text.length
        var isList = tag == "ul" || tag == "ol"
        if !isList {
            isList = length > 0 && Double(measures.listLength) / Double(length) > 0.9
        }
        if tag == "table" && node.isDataTable { return false }
        if enclosing.contains(.dataTable) { return false }
        if enclosing.contains(.code) { return false }
        if measures.dataTables > 0 { return false }
        let weight = Self.classWeight(node, rules: rules)
        if weight < 0 { return true }
        guard measures.commas < 10 else { return false }

        if measures.videoEmbeds > 0 { return false }
        let paragraphs = Int(measures.paragraphs)
        let images = Int(measures.images)
        let inputs = Int(measures.inputs)
        let listItems = Int(measures.listItems) - 100
        let embeds = Int(measures.embeds)
        if length > 0 && length < 20 && ReadabilityPatterns.isPlaceholder(shortTexts.text(of: node)) { return true }
        let headingDensity = length > 0 ? Double(measures.headingLength) / Double(length) : 0
        let density = measures.linkDensity
        let textDensity = length > 0 ? Double(measures.proseLength) / Double(length) : 0
        let isFigureChild = enclosing.contains(.figure)
        var remove = false
        if !isFigureChild && images > 1 && Double(paragraphs) / Double(images) < 0.5 { remove = true }
        if !isList && listItems > paragraphs { remove = true }
        if inputs > paragraphs / 3 { remove = true }
        if !isList && !isFigureChild && headingDensity < 0.9 && length < 25 && (images == 0 || images > 2) && density > 0 {
            remove = true
        }
        if !isList && weight < 25 && density > 0.2 { remove = true }
        if weight >= 25 && density > 0.5 { remove = true }
        if (embeds == 1 && length < 75) || embeds > 1 { remove = true }
        if images == 0 && textDensity == 0 { remove = true }
        // A plain list of images stays.
        if isList && remove {
            if node.elementChildren.contains(where: { $0.elementChildren.count > 1 }) { return true }
            if images == Int(measures.listItems) { return false }
        }
        return remove
    }

    static let textishTags: Set<String> = divToParagraphElements.union(["span", "li", "td"])

    /// `node` or the first sibling after it that is not white-space text.
    static func nextNonWhitespace(_ node: HTMLNode?) -> HTMLNode? {
        var next = node
        while let current = next, current.isText, ArticleText.isBlank(current.text) {
            next = current.nextSibling
        }
        return next
    }
}

/// The inner text of elements with little text, each worked out once from its children's, so
/// that nested elements do not each read all the text below them again. Valid while what is
/// inside an element stays as it was when it was asked about, as in `cleanConditionally`,
/// which asks about an element only after everything inside it has been judged.
private struct ShortInnerTexts {
    private var known: [ObjectIdentifier: String] = [:]

    /// `ArticleText.innerText(node)`.
    mutating func text(of node: HTMLNode) -> String {
        if node.isText { return HTMLNode.collapsingWhitespace(node.text) }
        if let text = known[ObjectIdentifier(node)] { return text }
        var result = ""
        var pendingSpace = false
        for child in node.children {
            ExtractionWork.record()
            let length = child.measures.text
            if length.length == 0 {
                // White space only: a space between the texts around it.
                if length.leadingSpace && !result.isEmpty { pendingSpace = true }
                continue
            }
            if !result.isEmpty && (pendingSpace || length.leadingSpace) { result += " " }
            result += text(of: child)
            pendingSpace = length.trailingSpace
        }
        known[ObjectIdentifier(node)] = result
        return result
    }
}
