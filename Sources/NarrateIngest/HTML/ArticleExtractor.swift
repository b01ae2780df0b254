/// Finds the article in a web page the way a browser's reader view does: the readability
/// method of Mozilla's Readability.js, reimplemented over `HTMLNode`.
///
/// Paragraph-like elements are scored by their text (length, commas); the score flows up to
/// their parents and grandparents; class and id words raise or lower it; link-heavy parts are
/// discounted. The best-scoring element is the article; siblings that score close to it or
/// read like prose join it. Then menus, share bars, forms and link lists are cleaned out.
/// When that leaves less than 500 characters, it tries again with fewer rules (first no
/// longer dropping "unlikely" parts, then ignoring class words, then keeping every block).
struct ArticleExtractor {
    /// The rules that can be relaxed on a second attempt.
    struct Rules: OptionSet {
        let rawValue: Int
        static let stripUnlikely = Rules(rawValue: 1)
        static let weighClasses = Rules(rawValue: 2)
        static let cleanConditionally = Rules(rawValue: 4)
        static let all: Rules = [.stripUnlikely, .weighClasses, .cleanConditionally]
    }

    /// The least article text accepted on the first attempts, in UTF-16 units as Readability counts.
    static let characterThreshold = 500
    static let topCandidateCount = 5

    /// The article's title as the metadata found it; a heading that repeats it is dropped.
    var title: String

    /// An author line found in the page while looking for the article, when there is one.
    private(set) var byline: String?

    init(title: String) {
        self.title = title
    }

    /// The article of a page, or nil when the page has no text at all. `freshPage` gives the
    /// page, prepared, whole each time it is called: an attempt takes its page apart, and the
    /// next one (with fewer rules) starts again from the whole page. Only one page and the
    /// longest article so far are kept at a time.
    mutating func extract(from freshPage: () -> HTMLNode) -> HTMLNode? {
        var rules = Rules.all
        // The longest article of the attempts so far (the first of equals).
        var best: (content: HTMLNode, length: Int)?
        while true {
            let foundByline = byline
            let content = grabArticle(freshPage(), rules: rules)
            let length = ArticleText.length(content)
            if length >= Self.characterThreshold { return content }
            byline = foundByline
            if length > best?.length ?? -1 { best = (content, length) }
            if rules.contains(.stripUnlikely) {
                rules.remove(.stripUnlikely)
            } else if rules.contains(.weighClasses) {
                rules.remove(.weighClasses)
            } else if rules.contains(.cleanConditionally) {
                rules.remove(.cleanConditionally)
            } else {
                guard let best, best.length > 0 else { return nil }
                return best.content
            }
        }
    }

    // MARK: Grabbing the article

    private mutating func grabArticle(_ page: HTMLNode, rules: Rules) -> HTMLNode {
        let body = page.elements("body").first ?? page
        var elementsToScore: [HTMLNode] = []
        var shouldRemoveTitleHeader = true
        var tablesAndCode = TableAndCodeAncestry()
        var node: HTMLNode? = page.firstElementChild
        while let current = node {
            let matchString = current.className + " " + current.id
            if !Self.isProbablyVisible(current) {
                node = Self.removeAndGetNext(current)
                continue
            }
            if current.attribute("aria-modal") == "true" && current.attribute("role") == "dialog" {
                node = Self.removeAndGetNext(current)
                continue
            }
            if checkByline(current, matchString: matchString) {
                node = Self.removeAndGetNext(current)
                continue
            }
            if shouldRemoveTitleHeader && headerDuplicatesTitle(current) {
                shouldRemoveTitleHeader = false
                node = Self.removeAndGetNext(current)
                continue
            }
            if rules.contains(.stripUnlikely) {
                if ReadabilityPatterns.matches(matchString, ReadabilityPatterns.unlikelyCandidates)
                    && !ReadabilityPatterns.matches(matchString, ReadabilityPatterns.maybeCandidate)
                    && !tablesAndCode.isInsideTableOrCode(current)
                    && current.tag != "body" && current.tag != "a"
                {
                    node = Self.removeAndGetNext(current)
                    continue
                }
                if let role = current.attribute("role"), ReadabilityPatterns.unlikelyRoles.contains(role) {
                    node = Self.removeAndGetNext(current)
                    continue
                }
            }
            if Self.removedWhenEmpty.contains(current.tag) && Self.isElementWithoutContent(current) {
                node = Self.removeAndGetNext(current)
                continue
            }
            if Self.tagsToScore.contains(current.tag) {
                elementsToScore.append(current)
            }
            var next = current
            if current.tag == "div" {
                Self.wrapPhrasingContentInParagraphs(current)
                if Self.hasSingleTag("p", inside: current) && Self.linkDensity(current) < 0.25,
                    let paragraph = current.firstElementChild
                {
                    paragraph.carriedPart = ReadingPartRules.combine(
                        ReadingPartRules.part(of: current), ReadingPartRules.part(of: paragraph))
                    current.replace(with: paragraph)
                    next = paragraph
                    elementsToScore.append(paragraph)
                } else if !Self.hasChildBlockElement(current) {
                    current.retag("p")
                    elementsToScore.append(current)
                }
            }
            node = Self.nextNode(next)
        }

        let candidates = scoreCandidates(elementsToScore, rules: rules)
        return assembleArticle(page: page, body: body, candidates: candidates, rules: rules)
    }

    /// Gives paragraphs a score and passes it to their parents (whole) and grandparents (half)
    /// and further ancestors (less); returns the ancestors that got a score, in order.
    private func scoreCandidates(_ elements: [HTMLNode], rules: Rules) -> [HTMLNode] {
        var candidates: [HTMLNode] = []
        for element in elements {
            guard let parent = element.parent, parent.isElement else { continue }
            let length = ArticleText.length(element)
            guard length >= 25 else { continue }
            let ancestors = element.ancestors(maximumDepth: 5)
            guard !ancestors.isEmpty else { continue }
            let score = 1.0 + Double(ArticleText.commaCount(element) + 1) + Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard ancestor.isElement, let grandparent = ancestor.parent, grandparent.isElement else { continue }
                if ancestor.contentScore == nil {
                    initialize(ancestor, rules: rules)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level) * 3
                ancestor.contentScore! += score / divider
            }
        }
        return candidates
    }

    private func assembleArticle(page: HTMLNode, body: HTMLNode, candidates: [HTMLNode], rules: Rules) -> HTMLNode {
        // Links weigh against a candidate; keep the best few.
        var topCandidates: [HTMLNode] = []
        for candidate in candidates {
            let score = (candidate.contentScore ?? 0) * (1 - Self.linkDensity(candidate))
            candidate.contentScore = score
            for index in 0..<Self.topCandidateCount {
                if index >= topCandidates.count || score > (topCandidates[index].contentScore ?? 0) {
                    topCandidates.insert(candidate, at: index)
                    if topCandidates.count > Self.topCandidateCount { topCandidates.removeLast() }
                    break
                }
            }
        }

        let topCandidate: HTMLNode
        var neededToCreateTopCandidate = false
        if let best = topCandidates.first, best.tag != "body", best.parent != nil {
            topCandidate = promote(best, alternatives: Array(topCandidates.dropFirst()), rules: rules)
        } else {
            // No paragraph stood out: the whole body is the article.
            topCandidate = HTMLNode(tag: "div")
            neededToCreateTopCandidate = true
            body.moveChildren(to: topCandidate)
            body.append(topCandidate)
            initialize(topCandidate, rules: rules)
        }

        let article = HTMLNode(tag: "div")
        let topScore = topCandidate.contentScore ?? 0
        let threshold = max(10, topScore * 0.2)
        if let parent = topCandidate.parent, !neededToCreateTopCandidate {
            for sibling in parent.elementChildren {
                var append = sibling === topCandidate
                if !append {
                    var bonus = 0.0
                    if !topCandidate.className.isEmpty && sibling.className == topCandidate.className {
                        bonus += topScore * 0.2
                    }
                    if let score = sibling.contentScore, score + bonus >= threshold {
                        append = true
                    } else if sibling.tag == "p" {
                        let density = Self.linkDensity(sibling)
                        let text = ArticleText.innerText(sibling)
                        let length = text.utf16.count
                        if length > 80 && density < 0.25 {
                            append = true
                        } else if length < 80 && length > 0 && density == 0 && Self.hasSentenceEnd(text) {
                            append = true
                        }
                    }
                }
                if append {
                    if !Self.keptTagsWhenMerged.contains(sibling.tag) { sibling.retag("div") }
                    article.append(sibling)
                }
            }
        } else {
            article.append(topCandidate)
        }
        prepare(article, rules: rules)
        return article
    }

    /// Moves up from the best candidate to the ancestor that holds the article when several
    /// strong candidates share it, or when a parent scores better.
    private func promote(_ best: HTMLNode, alternatives: [HTMLNode], rules: Rules) -> HTMLNode {
        var topCandidate = best
        let bestScore = best.contentScore ?? 0
        let alternativeAncestors = alternatives.filter { bestScore > 0 && ($0.contentScore ?? 0) / bestScore >= 0.75 }
            .map { Set($0.ancestors().map(ObjectIdentifier.init)) }
        if alternativeAncestors.count >= 3 {
            var parent = topCandidate.parent
            while let current = parent, current.tag != "body", current.isElement {
                ExtractionWork.record()
                let lists = alternativeAncestors.filter { $0.contains(ObjectIdentifier(current)) }.count
                if lists >= 3 {
                    topCandidate = current
                    break
                }
                parent = current.parent
            }
        }
        if topCandidate.contentScore == nil { initialize(topCandidate, rules: rules) }

        var parent = topCandidate.parent
        var lastScore = topCandidate.contentScore ?? 0
        let scoreThreshold = lastScore / 3
        while let current = parent, current.tag != "body", current.isElement {
            guard let parentScore = current.contentScore else {
                parent = current.parent
                continue
            }
            if parentScore < scoreThreshold { break }
            if parentScore > lastScore {
                topCandidate = current
                break
            }
            lastScore = parentScore
            parent = current.parent
        }
        // An only child stands for its parent.
        while let current = topCandidate.parent, current.tag != "body", current.isElement, current.elementChildren.count == 1 {
            topCandidate = current
        }
        if topCandidate.contentScore == nil { initialize(topCandidate, rules: rules) }
        return topCandidate
    }

    // MARK: Scoring helpers

    private func initialize(_ node: HTMLNode, rules: Rules) {
        var score = 0.0
        switch node.tag {
        case "div": score += 5
        case "pre", "td", "blockquote": score += 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score -= 3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score -= 5
        default: break
        }
        node.contentScore = score + Double(Self.classWeight(node, rules: rules))
    }

    static func classWeight(_ node: HTMLNode, rules: Rules) -> Int {
        guard rules.contains(.weighClasses) else { return 0 }
        var weight = 0
        for value in [node.className, node.id] where !value.isEmpty {
            if ReadabilityPatterns.isNegative(value) { weight -= 25 }
            if ReadabilityPatterns.matches(value, ReadabilityPatterns.positive) { weight += 25 }
        }
        return weight
    }

    /// Share of the text that is link text (in-page `#` links count for 30%).
    static func linkDensity(_ node: HTMLNode) -> Double {
        node.measures.linkDensity
    }

    private mutating func checkByline(_ node: HTMLNode, matchString: String) -> Bool {
        guard byline == nil else { return false }
        let itemprop = node.attribute("itemprop") ?? ""
        // `contains` sets up a substring search even in an empty string: once a node, it showed.
        guard
            node.attribute("rel") == "author" || (!itemprop.isEmpty && itemprop.contains("author"))
                || ReadabilityPatterns.matches(matchString, ReadabilityPatterns.byline)
        else { return false }
        // The length first: the text of a large element is not built to be refused.
        let length = ArticleText.length(node)
        guard length > 0, length < 100 else { return false }
        byline = HTMLNode.collapsingWhitespace(node.normalizedText)
        return true
    }

    private func headerDuplicatesTitle(_ node: HTMLNode) -> Bool {
        guard node.tag == "h1" || node.tag == "h2" else { return false }
        return ArticleText.similarity(title, ArticleText.innerText(node)) > 0.75
    }

    // MARK: Tree helpers

    static let tagsToScore: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
    static let removedWhenEmpty: Set<String> = ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"]
    static let divToParagraphElements: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
    static let keptTagsWhenMerged: Set<String> = ["div", "article", "section", "p", "ol", "ul"]
    static let phrasingElements: Set<String> = [
        "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i", "img",
        "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q", "ruby",
        "samp", "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var", "wbr",
    ]

    /// The next element in document order; `skippingChildren` goes past this one's insides.
    static func nextNode(_ node: HTMLNode, skippingChildren: Bool = false) -> HTMLNode? {
        if !skippingChildren, let child = node.firstElementChild { return child }
        if let sibling = node.nextElementSibling { return sibling }
        var parent = node.parent
        while let current = parent {
            ExtractionWork.record()
            if let sibling = current.nextElementSibling { return sibling }
            parent = current.parent
        }
        return nil
    }

    static func removeAndGetNext(_ node: HTMLNode) -> HTMLNode? {
        let next = nextNode(node, skippingChildren: true)
        node.detach()
        return next
    }

    static func isProbablyVisible(_ node: HTMLNode) -> Bool {
        if let style = node.attribute("style") {
            let compact = style.lowercased().filter { !$0.isWhitespace }
            if compact.contains("display:none") || compact.contains("visibility:hidden") { return false }
        }
        if node.attribute("hidden") != nil { return false }
        if node.attribute("aria-hidden") == "true" && !node.className.contains("fallback-image") { return false }
        return true
    }

    static func isElementWithoutContent(_ node: HTMLNode) -> Bool {
        let measures = node.measures
        guard measures.text.length == 0 else { return false }
        let children = node.elementChildren.count
        return children == 0 || children == Int(measures.lineBreaksAndRules)
    }

    static func hasSingleTag(_ tag: String, inside node: HTMLNode) -> Bool {
        let elements = node.elementChildren
        guard elements.count == 1, elements[0].tag == tag else { return false }
        return !node.children.contains { $0.isText && !ArticleText.isBlank($0.text) }
    }

    static func hasChildBlockElement(_ node: HTMLNode) -> Bool {
        node.children.contains { child in
            ExtractionWork.record()
            return child.isElement && (divToParagraphElements.contains(child.tag) || hasChildBlockElement(child))
        }
    }

    static func isPhrasingContent(_ node: HTMLNode) -> Bool {
        if node.isText { return true }
        if phrasingElements.contains(node.tag) { return true }
        if node.tag == "a" || node.tag == "del" || node.tag == "ins" {
            return node.children.allSatisfy(isPhrasingContent)
        }
        return false
    }

    static func isWhitespace(_ node: HTMLNode) -> Bool {
        (node.isText && ArticleText.isBlank(node.text)) || node.tag == "br"
    }

    /// Runs of inline content directly in a `div` become paragraphs.
    static func wrapPhrasingContentInParagraphs(_ div: HTMLNode) {
        var paragraph: HTMLNode?
        for child in div.children {
            if isPhrasingContent(child) {
                if let paragraph {
                    paragraph.append(child)
                } else if !isWhitespace(child) {
                    let newParagraph = HTMLNode(tag: "p", sourceOffset: child.sourceOffset)
                    child.replace(with: newParagraph)
                    newParagraph.append(child)
                    paragraph = newParagraph
                }
            } else if let open = paragraph {
                trimTrailingWhitespace(open)
                paragraph = nil
            }
        }
        if let paragraph { trimTrailingWhitespace(paragraph) }
    }

    static func trimTrailingWhitespace(_ node: HTMLNode) {
        while let last = node.children.last, isWhitespace(last) { last.detach() }
    }

    private static func hasSentenceEnd(_ text: String) -> Bool {
        text.hasSuffix(".") || text.contains(". ")
    }
}

/// Whether elements are inside a `table` or a `code`, found once for each element of a walk
/// over the page (not by climbing up to 400 levels from each). Valid while the walk changes
/// no `table` or `code` above an element, as `grabArticle`'s does: it removes what it has
/// reached, and wraps, unwraps or re-tags only `div`s and `p`s.
private struct TableAndCodeAncestry {
    /// Whether an element is, or is inside, a `table` or a `code`; the element is kept so that
    /// its identifier is not another's.
    private var known: [ObjectIdentifier: (node: HTMLNode, inside: Bool)] = [:]

    /// Whether an ancestor of `node` is a `table` or a `code`.
    mutating func isInsideTableOrCode(_ node: HTMLNode) -> Bool {
        var unknown: [HTMLNode] = []
        var inside = false
        var ancestor = node.parent
        while let current = ancestor {
            ExtractionWork.record()
            if current.tag == "table" || current.tag == "code" {
                inside = true
                break
            }
            if let entry = known[ObjectIdentifier(current)] {
                inside = entry.inside
                break
            }
            unknown.append(current)
            ancestor = current.parent
        }
        for element in unknown { known[ObjectIdentifier(element)] = (element, inside) }
        return inside
    }
}
