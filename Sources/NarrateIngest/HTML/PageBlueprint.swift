/// A page's tree kept compactly (its nodes in document order, without the links between
/// them, their texts shared with the tree) so that the page can be built again whole: the
/// article extractor takes a page apart, and an attempt with fewer rules starts again from
/// the page as it was. Building from it is cheaper than parsing again (gumbo's work grows
/// with the square of the nesting) and it takes a fraction of a second tree's room.
struct PageBlueprint {
    /// One node: what `HTMLNode` is made from, and how many children follow it.
    private struct Entry {
        let tag: String
        let attributes: [(name: String, value: String)]
        let text: String
        let sourceOffset: Int
        let childCount: Int
    }

    /// The nodes in document order, the root first.
    private let entries: [Entry]

    /// The blueprint of `root` and everything inside it.
    init(_ root: HTMLNode) {
        var entries: [Entry] = []
        var stack = [root]
        while let node = stack.popLast() {
            entries.append(
                Entry(
                    tag: node.tag, attributes: node.attributes, text: node.text, sourceOffset: node.sourceOffset,
                    childCount: node.children.count
                ))
            stack.append(contentsOf: node.children.reversed())
        }
        self.entries = entries
    }

    /// A new tree, as the one the blueprint was made of was then.
    func build() -> HTMLNode {
        var root: HTMLNode?
        // The nodes still waiting for children, with how many more each takes.
        var open: [(node: HTMLNode, remaining: Int)] = []
        for entry in entries {
            let node = HTMLNode(tag: entry.tag, attributes: entry.attributes, text: entry.text, sourceOffset: entry.sourceOffset)
            if let parent = open.last {
                parent.node.append(node)
                open[open.count - 1].remaining -= 1
                if open[open.count - 1].remaining == 0 { open.removeLast() }
            } else {
                root = node
            }
            if entry.childCount > 0 { open.append((node, entry.childCount)) }
        }
        return root ?? HTMLNode(tag: "#document")
    }
}
