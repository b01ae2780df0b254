internal import CNarrateGumbo
import NarrateCore

/// Parses a web page with gumbo (a conforming HTML5 parser) into an `HTMLNode` tree.
///
/// Two guards keep hostile pages from hurting: gumbo's work grows with the square of the
/// nesting depth (each block start tag walks the stack of open elements), so a page whose
/// estimated work is beyond a budget is refused before gumbo sees it; and elements nested
/// deeper than `maximumDepth` are flattened into their ancestor at that depth (their text
/// is kept), so every walk over the tree is shallow.
struct HTMLParser {
    /// Deepest element nesting kept in the tree.
    static let maximumDepth = 400

    /// Parses `html`; `name` identifies it in errors.
    func parse(_ html: String, name: String) throws(NarrateError) -> HTMLNode {
        var html = html
        let result = html.withUTF8 { buffer -> Result<HTMLNode, NarrateError> in
            let estimate = HTMLParseWorkEstimate(buffer)
            guard estimate.isAffordable else {
                return .failure(
                    .malformedInput(
                        path: name,
                        message: "elements nested about \(estimate.maximumDepth) levels deep; narrate reads pages nested "
                            + "up to a few thousand levels"
                    ))
            }
            guard estimate.isWithinElementLimit else {
                return .failure(
                    .malformedInput(
                        path: name,
                        message: "a page of about \(estimate.elements) elements; narrate reads pages of up to "
                            + "\(HTMLParseWorkEstimate.maximumElements) (save the article alone, or as text)"
                    ))
            }
            var options = kGumboDefaultOptions
            // Recording parse errors copies the stack of open elements each time: quadratic
            // memory on deep pages, and narrate never reads them.
            options.max_errors = 0
            guard let base = buffer.baseAddress,
                let output = base.withMemoryRebound(
                    to: CChar.self, capacity: buffer.count,
                    {
                        gumbo_parse_with_options(&options, $0, buffer.count)
                    })
            else {
                return .success(HTMLNode(tag: "#document"))
            }
            defer { gumbo_destroy_output(&options, output) }
            return .success(Self.convert(output.pointee.document))
        }
        return try result.get()
    }

    /// Builds the Swift tree without recursion (gumbo's own tree can be 100,000 levels deep).
    private static func convert(_ document: UnsafeMutablePointer<GumboNode>) -> HTMLNode {
        let root = HTMLNode(tag: "#document")
        // Each entry: a gumbo node, the Swift node its children go to, and that node's depth.
        var stack: [(UnsafeMutablePointer<GumboNode>, HTMLNode, Int)] = []
        func pushChildren(of node: UnsafeMutablePointer<GumboNode>, into parent: HTMLNode, depth: Int) {
            let children: GumboVector
            switch node.pointee.type {
            case GUMBO_NODE_DOCUMENT: children = node.pointee.v.document.children
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE: children = node.pointee.v.element.children
            default: return
            }
            guard children.length > 0, let data = children.data else { return }
            for index in stride(from: Int(children.length) - 1, through: 0, by: -1) {
                if let child = data[index] {
                    stack.append((child.assumingMemoryBound(to: GumboNode.self), parent, depth))
                }
            }
        }
        pushChildren(of: document, into: root, depth: 0)
        while let (node, parent, depth) = stack.popLast() {
            switch node.pointee.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                let element = node.pointee.v.element
                if depth >= maximumDepth {
                    pushChildren(of: node, into: parent, depth: depth)
                    continue
                }
                let swiftNode = HTMLNode(
                    tag: tagName(element), attributes: attributes(element), sourceOffset: Int(element.start_pos.offset)
                )
                parent.append(swiftNode)
                pushChildren(of: node, into: swiftNode, depth: depth + 1)
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                let text = node.pointee.v.text
                parent.append(
                    HTMLNode(
                        tag: "#text", text: text.text.map { String(cString: $0) } ?? "",
                        sourceOffset: Int(text.start_pos.offset)
                    ))
            default:
                continue
            }
        }
        return root
    }

    private static func tagName(_ element: GumboElement) -> String {
        if element.tag != GUMBO_TAG_UNKNOWN, let name = gumbo_normalized_tagname(element.tag) {
            return String(cString: name)
        }
        var piece = element.original_tag
        gumbo_tag_from_original_text(&piece)
        guard let data = piece.data, piece.length > 0 else { return "unknown" }
        let bytes = UnsafeRawBufferPointer(start: data, count: piece.length)
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }

    private static func attributes(_ element: GumboElement) -> [(name: String, value: String)] {
        let vector = element.attributes
        guard vector.length > 0, let data = vector.data else { return [] }
        var result: [(name: String, value: String)] = []
        result.reserveCapacity(Int(vector.length))
        for index in 0..<Int(vector.length) {
            guard let attribute = data[index]?.assumingMemoryBound(to: GumboAttribute.self).pointee else { continue }
            let name = attribute.name.map { String(cString: $0).lowercased() } ?? ""
            let value = attribute.value.map { String(cString: $0) } ?? ""
            result.append((name, value))
        }
        return result
    }
}
