/// A node of a parsed web page: an element or a run of text. A small mutable tree that the
/// article extractor can prune, re-tag and move around, built from gumbo's parse.
///
/// Trees are never deeper than `HTMLParser.maximumDepth`, so walking them recursively is safe.
final class HTMLNode {
    /// Lower-case tag name; `#text` for text, `#document` for the root.
    var tag: String
    /// Attributes in source order, names lower-case.
    var attributes: [(name: String, value: String)]
    /// The text of a text node; empty for elements.
    var text: String
    /// Child nodes in document order.
    private(set) var children: [HTMLNode] = []
    /// The parent, nil for the root and for detached nodes.
    private(set) weak var parent: HTMLNode?
    /// Byte offset of the node in the page's UTF-8 source.
    var sourceOffset: Int
    /// The extractor's content score, once it has been given one.
    var contentScore: Double?
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

    var isText: Bool { tag == "#text" }
    var isElement: Bool { !tag.hasPrefix("#") }

    // MARK: Attributes

    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    func setAttribute(_ name: String, _ value: String) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            attributes[index].value = value
        } else {
            attributes.append((name, value))
        }
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
    }

    func insert(_ child: HTMLNode, at index: Int) {
        child.detach()
        child.parent = self
        child.indexHint = min(index, children.count)
        children.insert(child, at: child.indexHint)
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
        indexHint = found
        return found
    }

    /// Removes the node from its parent.
    func detach() {
        guard let parent else { return }
        if let index { parent.children.remove(at: index) }
        self.parent = nil
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

    /// A copy of this node and everything inside it, detached.
    func deepCopy() -> HTMLNode {
        let copy = HTMLNode(tag: tag, attributes: attributes, text: text, sourceOffset: sourceOffset)
        for child in children { copy.append(child.deepCopy()) }
        return copy
    }

    /// Gives the node another tag, keeping its attributes and children.
    func retag(_ newTag: String) {
        tag = newTag
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
