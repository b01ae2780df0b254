public import Foundation
public import NarrateCore

/// A list of feeds in OPML, the format every feed reader imports and exports: read from a
/// file (outlines with an `xmlUrl`, folders of them nested to any depth) and written.
public struct OPMLDocument: Sendable, Equatable {
    /// One feed of the list.
    public struct Outline: Sendable, Equatable {
        /// The feed's address.
        public var url: String
        public var title: String?
        /// The site's address (`htmlUrl`).
        public var siteURL: String?
        /// The folder it was in (the enclosing outline's text), nil at the top.
        public var folder: String?

        public init(url: String, title: String? = nil, siteURL: String? = nil, folder: String? = nil) {
            self.url = url
            self.title = title
            self.siteURL = siteURL
            self.folder = folder
        }
    }

    public var title: String?
    public var outlines: [Outline]

    public init(title: String? = nil, outlines: [Outline]) {
        self.title = title
        self.outlines = outlines
    }

    /// The list in `bytes`; `name` is said in errors.
    ///
    /// - Throws: `.malformedInput` for what is not OPML (and for entities beyond bounds).
    public static func read(_ bytes: [UInt8], name: String) throws(NarrateError) -> OPMLDocument {
        let tree: XMLTree
        do {
            tree = try XMLTree(bytes: bytes)
        } catch {
            switch error {
            case .unavailable(let reason): throw .readerUnavailable(format: "OPML", reason: reason, package: "libxml2")
            case .entityLimit:
                throw .malformedInput(path: name, message: "refused: its entities expand beyond bounds (a billion-laughs document?)")
            case .malformed(let line, let column, let message):
                throw .malformedInput(path: name, message: "not well-formed XML at line \(line), column \(column): \(message)")
            case .noMemory: throw .malformedInput(path: name, message: "out of memory reading it")
            }
        }
        guard let root = tree.root, root.name.lowercased() == "opml", let body = root.child("body") else {
            throw .malformedInput(
                path: name, message: "not an OPML file (no <opml> with a <body>); export the feed list from your reader as OPML")
        }
        var outlines: [Outline] = []
        var seen = Set<String>()
        func walk(_ element: XMLTree.Element, folder: String?) {
            for outline in element.children("outline") {
                let text = XMLFeedReader.plain(outline.attribute("title") ?? outline.attribute("text"))
                if let url = outline.attribute("xmlUrl").flatMap(ExportReader.absoluteURL), seen.insert(url).inserted {
                    outlines.append(Outline(url: url, title: text, siteURL: outline.attribute("htmlUrl"), folder: folder))
                }
                walk(outline, folder: outline.attribute("xmlUrl") == nil ? text : folder)
            }
        }
        walk(body, folder: nil)
        return OPMLDocument(title: XMLFeedReader.plain(root.child("head")?.child("title")?.text), outlines: outlines)
    }

    /// The list as an OPML 2.0 document, each feed's folder as an enclosing outline.
    public func xml(created: Date = Date()) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<opml version=\"2.0\">", "  <head>",
            "    <title>\(Self.escape(title ?? "narrate feeds"))</title>",
            "    <dateCreated>\(Self.rfc822(created))</dateCreated>", "  </head>", "  <body>",
        ]
        func line(_ outline: Outline, indent: String) -> String {
            var attributes = "type=\"rss\" text=\"\(Self.escape(outline.title ?? outline.url))\""
            if let title = outline.title { attributes += " title=\"\(Self.escape(title))\"" }
            attributes += " xmlUrl=\"\(Self.escape(outline.url))\""
            if let site = outline.siteURL { attributes += " htmlUrl=\"\(Self.escape(site))\"" }
            return "\(indent)<outline \(attributes)/>"
        }
        var folders: [String] = []
        for outline in outlines where outline.folder != nil && !folders.contains(outline.folder!) { folders.append(outline.folder!) }
        for outline in outlines where outline.folder == nil { lines.append(line(outline, indent: "    ")) }
        for folder in folders {
            lines.append("    <outline text=\"\(Self.escape(folder))\">")
            for outline in outlines where outline.folder == folder { lines.append(line(outline, indent: "      ")) }
            lines.append("    </outline>")
        }
        lines += ["  </body>", "</opml>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        MarkupEscaping.escaped(text, in: .xmlAttribute)
    }

    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
