/// Cleaning the chosen article: what the scoring let in that a reader does not want.
extension ArticleExtractor {
    func prepare(_ article: HTMLNode, rules: Rules) {
        let dataTables = Self.markDataTables(article)
        cleanConditionally(article, tag: "form", rules: rules, dataTables: dataTables)
        cleanConditionally(article, tag: "fieldset", rules: rules, dataTables: dataTables)
        Self.clean(article, tags: ["object", "embed", "footer", "link", "aside"])
        // Share bars among the article's parts.
        for part in article.elementChildren {
            Self.removeMatching(in: part) { node in
                ReadabilityPatterns.isShareElement(node.className + " " + node.id)
                    && ArticleText.length(node) < Self.characterThreshold
            }
        }
        Self.clean(article, tags: ["iframe", "input", "textarea", "select", "button"])
        Self.removeTablesOfContents(article)
        for heading in article.elements(["h1", "h2"]) where Self.classWeight(heading, rules: rules) < 0 {
            heading.detach()
        }
        cleanConditionally(article, tag: "table", rules: rules, dataTables: dataTables)
        cleanConditionally(article, tag: "ul", rules: rules, dataTables: dataTables)
        cleanConditionally(article, tag: "div", rules: rules, dataTables: dataTables)
        for heading in article.elements("h1") { heading.retag("h2") }
        for paragraph in article.elements("p").reversed() {
            let media = paragraph.elements(["img", "embed", "object", "iframe"]).count
            if media == 0 && ArticleText.length(paragraph) == 0 { paragraph.detach() }
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
    }

    /// Removes each table of contents under `root`: read aloud it would only list the
    /// headings to come. With it goes the box it stands in when that box holds little else
    /// (its "Contents" title), but never `root`.
    static func removeTablesOfContents(_ root: HTMLNode) {
        for list in root.elements(["ul", "ol"]).reversed() where list.parent != nil && isTableOfContents(list) {
            let length = ArticleText.length(list)
            var target = list
            while let parent = target.parent, parent !== root, length * 10 >= ArticleText.length(parent) * 8 {
                target = parent
            }
            target.detach()
        }
    }

    /// Whether `list` is a table of contents: three or more items whose text is (nearly) all
    /// links to places in the page ("#part-3").
    static func isTableOfContents(_ list: HTMLNode) -> Bool {
        guard list.elementChildren.filter({ $0.tag == "li" }).count >= 3 else { return false }
        let total = ArticleText.length(list)
        guard total > 0 else { return false }
        let linked = list.elements("a").filter { $0.attribute("href")?.hasPrefix("#") == true }
            .reduce(0) { $0 + ArticleText.length($1) }
        return linked * 10 >= total * 9
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

    /// Tables that hold data (headers, a caption, many cells) rather than page layout.
    static func markDataTables(_ root: HTMLNode) -> Set<ObjectIdentifier> {
        var result = Set<ObjectIdentifier>()
        for table in root.elements("table") where isDataTable(table) {
            result.insert(ObjectIdentifier(table))
        }
        return result
    }

    private static func isDataTable(_ table: HTMLNode) -> Bool {
        if table.attribute("role") == "presentation" { return false }
        if table.attribute("datatable") == "0" { return false }
        if table.attribute("summary").map({ !$0.isEmpty }) == true { return true }
        if let caption = table.elements("caption").first, !caption.children.isEmpty { return true }
        let inside = table.descendants
        if inside.contains(where: { ["col", "colgroup", "tfoot", "thead", "th"].contains($0.tag) }) { return true }
        if inside.contains(where: { $0.tag == "table" }) { return false }
        var rows = 0
        var columns = 0
        for row in inside where row.tag == "tr" {
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
    private func cleanConditionally(_ root: HTMLNode, tag: String, rules: Rules, dataTables: Set<ObjectIdentifier>) {
        guard rules.contains(.cleanConditionally) else { return }
        for node in root.elements(tag).reversed() where shouldRemove(node, tag: tag, rules: rules, dataTables: dataTables) {
            node.detach()
        }
    }

    private func shouldRemove(_ node: HTMLNode, tag: String, rules: Rules, dataTables: Set<ObjectIdentifier>) -> Bool {
        let length = ArticleText.length(node)
        var isList = tag == "ul" || tag == "ol"
        if !isList {
            let listLength = node.elements(["ul", "ol"]).reduce(0) { $0 + ArticleText.length($1) }
            isList = length > 0 && Double(listLength) / Double(length) > 0.9
        }
        if tag == "table" && dataTables.contains(ObjectIdentifier(node)) { return false }
        if node.hasAncestor("table", where: { dataTables.contains(ObjectIdentifier($0)) }) { return false }
        if node.hasAncestor("code") { return false }
        let inside = node.descendants
        if inside.contains(where: { $0.tag == "table" && dataTables.contains(ObjectIdentifier($0)) }) { return false }
        let weight = Self.classWeight(node, rules: rules)
        if weight < 0 { return true }
        guard ArticleText.commaCount(node) < 10 else { return false }

        var paragraphs = 0, images = 0, listItems = -100, inputs = 0
        var embeds = 0
        for element in inside {
            switch element.tag {
            case "p": paragraphs += 1
            case "img": images += 1
            case "li": listItems += 1
            case "input": inputs += 1
            case "object", "embed", "iframe":
                if element.attributes.contains(where: { ReadabilityPatterns.isVideo($0.value) }) { return false }
                embeds += 1
            default: break
            }
        }
        if length < 20 && ReadabilityPatterns.isPlaceholder(ArticleText.innerText(node)) { return true }
        let headingDensity = Self.textDensity(node, tags: ["h1", "h2", "h3", "h4", "h5", "h6"], length: length)
        let density = Self.linkDensity(node)
        let textDensity = Self.textDensity(node, tags: Self.textishTags, length: length)
        let isFigureChild = node.hasAncestor("figure")
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
            if images == node.elements("li").count { return false }
        }
        return remove
    }

    static let textishTags: Set<String> = divToParagraphElements.union(["span", "li", "td"])

    /// Share of the text inside elements with `tags`.
    private static func textDensity(_ node: HTMLNode, tags: Set<String>, length: Int) -> Double {
        guard length > 0 else { return 0 }
        let inside = node.elements(tags).reduce(0) { $0 + ArticleText.length($1) }
        return Double(inside) / Double(length)
    }

    /// `node` or the first sibling after it that is not white-space text.
    static func nextNonWhitespace(_ node: HTMLNode?) -> HTMLNode? {
        var next = node
        while let current = next, current.isText, ArticleText.isBlank(current.text) {
            next = current.nextSibling
        }
        return next
    }
}
