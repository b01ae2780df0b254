import NarrateCore

/// A node of a parsed web page: an element or a run of text. A small mutable tree that the
/// article extractor can prune, re-tag and move around, built from gumbo's parse.
///
/// Trees are never deeper than `HTMLParser.maximumDepth`, so walking them recursively is safe.
///
/// Each node keeps the `measures` of its subtree once they are asked for; every change to the
/// tree (`append`, `insert`, `detach`, `replace`, `moveChildren`, `retag`, `isDataTable`)
/// marks them out of date in the node it reached and its ancestors, so they are worked out
/// again for those only.
final class HTMLNode {
    /// Lower-case tag name; `#text` for text, `#document` for the root. Changed by `retag`.
    private(set) var tag: String
    /// Attributes in source order, names lower-case.
    let attributes: [(name: String, value: String)]
    /// The text of a text node; empty for elements.
    let text: String
    /// Child nodes in document order.
    private(set) var children: [HTMLNode] = []
    /// The parent, nil for the root and for detached nodes. Unowned rather than weak: a weak
    /// reference gives each parent a side table, and every retain and release of it the slow
    /// path. A parent outlives its children's reference to it: it clears them when it goes.
    private(set) unowned var parent: HTMLNode?
    /// Byte offset of the node in the page's UTF-8 source.
    var sourceOffset: Int
    /// The extractor's content score, once it has been given one.
    var contentScore: Double?
    /// The reading part (`ReadingPartRules`) of an element this one took the place of: a
    /// `div class="hatnote"` the extractor replaced by the paragraph it held.
    var carriedPart: ReadingPart?
    /// Whether the extractor judged this table to hold data rather than layout.
    var isDataTable = false {
        didSet { if isDataTable != oldValue { parent?.invalidateMeasures() } }
    }
    /// The measures of the subtree once asked for, kept apart so that a tree takes no room
    /// for them until then (while gumbo's tree is still beside it). When a node's are not
    /// current, neither are its ancestors'.
    private var measuresRecord: MeasuresRecord?
    /// Where the node last stood among its parent's children: checked first (and its
    /// neighbours, as a removal shifts by one) before searching, so walks over wide pages
    /// stay linear.
    private var indexHint = 0

    init(tag: String, attributes: [(name: String, value: String)] = [], text: String = "", sourceOffset: Int = 0) {
        self.tag = tag
        self.attributes = attributes
        self.text = text
        self.sourceOffset = sourceOffset
    }

    deinit {
        // A child kept elsewhere (a list of elements to score) must not point at a freed node.
        for child in children { child.parent = nil }
    }

    var isText: Bool { tag == "#text" }
    var isElement: Bool { !tag.hasPrefix("#") }

    // MARK: Attributes

    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    var className: String { attribute("class") ?? "" }
    var id: String { attribute("id") ?? "" }

    // MARK: Children

    /// The element children, without text.
    var elementChildren: [HTMLNode] { children.filter(\.isElement) }

    var firstElementChild: HTMLNode? { children.first(where: \.isElement) }

    func append(_ child: HTMLNode) {
        child.detach()
        child.parent = self
        child.indexHint = children.count
        children.append(child)
        invalidateMeasures()
    }

    func insert(_ child: HTMLNode, at index: Int) {
        child.detach()
        child.parent = self
        child.indexHint = min(index, children.count)
        children.insert(child, at: child.indexHint)
        invalidateMeasures()
    }

    /// The node's index among its parent's children.
    private var index: Int? {
        guard let siblings = parent?.children else { return nil }
        for candidate in [indexHint, indexHint - 1, indexHint + 1] where siblings.indices.contains(candidate) {
            if siblings[candidate] === self {
                indexHint = candidate
                return candidate
            }
        }
        guard let found = siblings.firstIndex(where: { $0 === self }) else { return nil }
        ExtractionWork.record(found + 1)
        indexHint = found
        return found
    }

    /// Removes the node from its parent.
    func detach() {
        guard let parent else { return }
        if let index { parent.children.remove(at: index) }
        self.parent = nil
        parent.invalidateMeasures()
    }

    /// Puts `replacement` where this node stands.
    func replace(with replacement: HTMLNode) {
        guard let parent else { return }
        replacement.detach()
        guard let index else { return }
        parent.children[index] = replacement
        replacement.parent = parent
        replacement.indexHint = index
        self.parent = nil
        parent.invalidateMeasures()
    }

    /// Moves all children to `other`, in order.
    func moveChildren(to other: HTMLNode) {
        let moved = children
        children = []
        for child in moved {
            child.parent = other
            child.indexHint = other.children.count
            other.children.append(child)
        }
        invalidateMeasures()
        other.invalidateMeasures()
    }

    var nextElementSibling: HTMLNode? {
        guard let parent, let index else { return nil }
        return parent.children[(index + 1)...].first(where: \.isElement)
    }

    var previousSibling: HTMLNode? {
        guard let parent, let index, index > 0 else { return nil }
        return parent.children[index - 1]
    }

    var nextSibling: HTMLNode? {
        guard let parent, let index, index + 1 < parent.children.count else { return nil }
        return parent.children[index + 1]
    }

    /// Gives the node another tag, keeping its attributes and children.
    func retag(_ newTag: String) {
        tag = newTag
        // The node's own measures count what is inside it; its parent's count it.
        parent?.invalidateMeasures()
    }

    // MARK: Measures

    /// The measures of this node and everything inside it, worked out (without recursion)
    /// only for the nodes changed since they were last asked for.
    var measures: SubtreeMeasures {
        if let record = measuresRecord, record.isCurrent { return record.measures }
        // Post-order over the nodes whose measures are not current; below a node whose are, all are.
        var stack: [(node: HTMLNode, nextChild: Int)] = [(self, 0)]
        while let (node, nextChild) = stack.last {
            if nextChild < node.children.count {
                stack[stack.count - 1].nextChild = nextChild + 1
                let child = node.children[nextChild]
                if child.measuresRecord?.isCurrent != true { stack.append((child, 0)) }
                continue
            }
            stack.removeLast()
            ExtractionWork.record()
            var measures = node.isText ? SubtreeMeasures(text: node.text) : .empty
            for child in node.children {
                // Every child was measured before its parent.
                measures.append(child, measures: child.measuresRecord?.measures ?? .empty)
            }
            if let record = node.measuresRecord {
                record.measures = measures
                record.isCurrent = true
            } else {
                node.measuresRecord = MeasuresRecord(measures)
            }
        }
        return measuresRecord?.measures ?? .empty
    }

    /// Marks the measures of this node and its ancestors out of date, up to the first that is.
    private func invalidateMeasures() {
        var node: HTMLNode? = self
        while let current = node, let record = current.measuresRecord, record.isCurrent {
            record.isCurrent = false
            node = current.parent
        }
    }

    // MARK: Searching

    /// The descendant elements in document order, this node excluded.
    var descendants: [HTMLNode] {
        var result: [HTMLNode] = []
        forEachDescendant { result.append($0) }
        return result
    }

    /// Calls `body` with each descendant element in document order, without recursion.
    func forEachDescendant(_ body: (HTMLNode) -> Void) {
        var stack: [HTMLNode] = []
        for child in children.reversed() where child.isElement { stack.append(child) }
        while let node = stack.popLast() {
            ExtractionWork.record()
            body(node)
            var index = node.children.count - 1
            while index >= 0 {
                let child = node.children[index]
                if child.isElement { stack.append(child) }
                index -= 1
            }
        }
    }

    /// Descendant elements with one of `tags`, in document order.
    func elements(_ tags: Set<String>) -> [HTMLNode] {
        var result: [HTMLNode] = []
        forEachDescendant { if tags.contains($0.tag) { result.append($0) } }
        return result
    }

    func elements(_ tag: String) -> [HTMLNode] {
        var result: [HTMLNode] = []
        forEachDescendant { if $0.tag == tag { result.append($0) } }
        return result
    }

    /// The nearest ancestor, up to `maximumDepth` levels (0 for any), that is a `tag`.
    func ancestor(_ tag: String, maximumDepth: Int = 0, where condition: (HTMLNode) -> Bool = { _ in true }) -> HTMLNode? {
        var depth = 0
        var node = parent
        while let current = node {
            ExtractionWork.record()
            if maximumDepth > 0 && depth >= maximumDepth { return nil }
            if current.tag == tag && condition(current) { return current }
            node = current.parent
            depth += 1
        }
        return nil
    }

    func hasAncestor(_ tag: String, maximumDepth: Int = 0, where condition: (HTMLNode) -> Bool = { _ in true }) -> Bool {
        ancestor(tag, maximumDepth: maximumDepth, where: condition) != nil
    }

    /// Ancestors from the parent up, at most `maximumDepth` of them (0 for all).
    func ancestors(maximumDepth: Int = 0) -> [HTMLNode] {
        var result: [HTMLNode] = []
        var node = parent
        while let current = node {
            ExtractionWork.record()
            result.append(current)
            if maximumDepth > 0 && result.count == maximumDepth { break }
            node = current.parent
        }
        return result
    }

    /// Whether `self` is `other` or inside it.
    func isInside(_ other: HTMLNode) -> Bool {
        var node: HTMLNode? = self
        while let current = node {
            ExtractionWork.record()
            if current === other { return true }
            node = current.parent
        }
        return false
    }

    // MARK: Text

    /// All text inside, as the DOM's `textContent`.
    var textContent: String {
        if isText { return text }
        var result = ""
        appendText(to: &result)
        return result
    }

    private func appendText(to result: inout String) {
        for child in children {
            ExtractionWork.record()
            if child.isText {
                result += child.text
            } else {
                child.appendText(to: &result)
            }
        }
    }

    /// The text with white space runs collapsed and the ends trimmed.
    var normalizedText: String {
        HTMLNode.collapsingWhitespace(textContent)
    }

    /// `text` with runs of white space made one space and the ends trimmed.
    static func collapsingWhitespace(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if ArticleText.isSpace(scalar.value) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}

/// A node's measures, and whether they still hold.
private final class MeasuresRecord {
    var measures: SubtreeMeasures
    var isCurrent = true

    init(_ measures: SubtreeMeasures) {
        self.measures = measures
    }
}
