import NarrateCore

/// A book's table of contents: its entries in order, each with its depth (1 at the top),
/// from the EPUB 3 navigation document (`<nav epub:type="toc">`), else the EPUB 2 NCX.
struct EPUBContents {
    /// One entry: a chapter's (or a section's) title and where it starts.
    struct Entry: Equatable {
        var title: String
        /// The content document, as a path in the container.
        var path: String
        /// Where in it, when not at its start.
        var fragment: String?
        var depth: Int
    }

    var entries: [Entry]

    private static let ops = "http://www.idpf.org/2007/ops"
    private static let xhtml = "http://www.w3.org/1999/xhtml"
    private static let ncx = "http://www.daisy.org/z3986/2005/ncx/"

    /// The entries of the navigation document at `path` (its `bytes`).
    init(navigation bytes: [UInt8], path: String, name: String) throws(NarrateError) {
        let tree = try EPUBPackage.tree(bytes, what: "its navigation document \(path)", name: name)
        let folder = EPUBPackage.folder(of: path)
        var navs: [XMLTree.Element] = []
        var stack = tree.root.map { [$0] } ?? []
        while let element = stack.popLast() {
            if element.is("nav", in: Self.xhtml) { navs.append(element) } else { stack.append(contentsOf: element.children.reversed()) }
        }
        let toc = navs.first { ($0.attribute("type", in: Self.ops) ?? "").split(separator: " ").contains("toc") } ?? navs.first
        var entries: [Entry] = []
        func walk(_ list: XMLTree.Element, depth: Int) {
            for item in list.children("li", in: Self.xhtml) {
                let link = item.child("a", in: Self.xhtml)
                let title = HTMLNode.collapsingWhitespace(link?.text ?? item.child("span", in: Self.xhtml)?.text ?? "")
                if let href = link?.attribute("href"), !title.isEmpty {
                    let (target, fragment) = EPUBPackage.resolveWithFragment(href, from: folder)
                    entries.append(Entry(title: title, path: target, fragment: fragment, depth: depth))
                }
                if let nested = item.child("ol", in: Self.xhtml) { walk(nested, depth: depth + 1) }
            }
        }
        if let list = toc?.child("ol", in: Self.xhtml) { walk(list, depth: 1) }
        self.entries = entries
    }

    /// The entries of the NCX at `path` (its `bytes`).
    init(ncx bytes: [UInt8], path: String, name: String) throws(NarrateError) {
        let tree = try EPUBPackage.tree(bytes, what: "its table of contents \(path)", name: name)
        let folder = EPUBPackage.folder(of: path)
        var entries: [Entry] = []
        func walk(_ parent: XMLTree.Element, depth: Int) {
            for point in parent.children("navPoint", in: Self.ncx) {
                let title = HTMLNode.collapsingWhitespace(point.child("navLabel", in: Self.ncx)?.child("text", in: Self.ncx)?.text ?? "")
                if let source = point.child("content", in: Self.ncx)?.attribute("src"), !title.isEmpty {
                    let (target, fragment) = EPUBPackage.resolveWithFragment(source, from: folder)
                    entries.append(Entry(title: title, path: target, fragment: fragment, depth: depth))
                }
                walk(point, depth: depth + 1)
            }
        }
        if let map = tree.root?.child("navMap", in: Self.ncx) { walk(map, depth: 1) }
        self.entries = entries
    }

    /// No table of contents.
    init() {
        entries = []
    }
}
