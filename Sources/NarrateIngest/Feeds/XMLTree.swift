internal import CNarrateXML

/// An XML document read with libxml2 (never reading the network or a DTD, within libxml2's
/// limits on entity expansion), walked element by element.
final class XMLTree {
    /// Why a document could not be read.
    enum Failure: Error, Equatable {
        /// libxml2 cannot be loaded.
        case unavailable(String)
        /// Not well-formed XML: libxml2's message and where.
        case malformed(line: Int, column: Int, message: String)
        /// Entities that expand beyond the limits, or refer to each other in a loop.
        case entityLimit(String)
        case noMemory
    }

    private let document: OpaquePointer
    /// What libxml2 reported when it read a document that was not well-formed with
    /// `recover`, or nil when it was.
    let recovered: Failure?

    /// Reads `bytes`; `encoding` (a charset the transport named) overrides the document's
    /// declaration. With `recover`, a document that is not well-formed is read as far as it
    /// can be; the entity limits hold either way.
    init(bytes: [UInt8], encoding: String? = nil, recover: Bool = false) throws(Failure) {
        var error = narrate_xml_error()
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                if let encoding {
                    return narrate_xml_parse(characters.baseAddress, characters.count, encoding, recover ? 1 : 0, &error)
                }
                return narrate_xml_parse(characters.baseAddress, characters.count, nil, recover ? 1 : 0, &error)
            }
        }
        let failure = Self.failure(error)
        guard let parsed else { throw failure ?? .malformed(line: 0, column: 0, message: "not an XML document") }
        document = parsed
        recovered = failure
    }

    deinit {
        narrate_xml_free_document(document)
    }

    /// The root element.
    var root: Element? {
        narrate_xml_root(document).map { Element(tree: self, node: $0) }
    }

    private static func failure(_ error: narrate_xml_error) -> Failure? {
        let message = withUnsafeBytes(of: error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch Int(error.code) {
        case NARRATE_XML_OK: return nil
        case NARRATE_XML_UNAVAILABLE: return .unavailable(message)
        case NARRATE_XML_ENTITY_LIMIT: return .entityLimit(message)
        case NARRATE_XML_NO_MEMORY: return .noMemory
        default: return .malformed(line: Int(error.line), column: Int(error.column), message: message)
        }
    }

    /// One element of the tree (which it keeps alive).
    struct Element {
        let tree: XMLTree
        let node: OpaquePointer

        /// The local name (`encoded` of `content:encoded`).
        var name: String { narrate_xml_name(node).map { String(cString: $0) } ?? "" }

        /// The namespace URI, nil when there is none.
        var namespace: String? { narrate_xml_namespace(node).map { String(cString: $0) } }

        /// The child elements, in order.
        var children: [Element] {
            var elements: [Element] = []
            var next = narrate_xml_first_element(node)
            while let current = next {
                elements.append(Element(tree: tree, node: current))
                next = narrate_xml_next_element(current)
            }
            return elements
        }

        /// Whether this is `name` in `namespace` (nil: no namespace).
        func `is`(_ name: String, in namespace: String? = nil) -> Bool {
            self.name == name && self.namespace == namespace
        }

        /// The first child element `name` in `namespace`.
        func child(_ name: String, in namespace: String? = nil) -> Element? {
            var next = narrate_xml_first_element(node)
            while let current = next {
                let element = Element(tree: tree, node: current)
                if element.is(name, in: namespace) { return element }
                next = narrate_xml_next_element(current)
            }
            return nil
        }

        /// The child elements `name` in `namespace`.
        func children(_ name: String, in namespace: String? = nil) -> [Element] {
            children.filter { $0.is(name, in: namespace) }
        }

        /// Attribute `name` in `namespace` (nil: an attribute without one).
        func attribute(_ name: String, in namespace: String? = nil) -> String? {
            guard let value = narrate_xml_attribute(node, name, namespace) else { return nil }
            defer { narrate_xml_free_string(value) }
            return String(cString: value)
        }

        /// The text of the element and everything in it.
        var text: String {
            guard let value = narrate_xml_text(node) else { return "" }
            defer { narrate_xml_free_string(value) }
            return String(cString: value)
        }

        /// The markup inside the element, as written.
        var innerMarkup: String {
            guard let value = narrate_xml_inner_markup(tree.documentPointer, node) else { return "" }
            defer { narrate_xml_free_string(value) }
            return String(cString: value)
        }
    }

    fileprivate var documentPointer: OpaquePointer { document }
}
