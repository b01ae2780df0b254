import Foundation
import NarrateCore

/// An EPUB's package document (the OPF file the container names): the book's metadata, its
/// files (the manifest), their reading order (the spine) and where its table of contents is.
struct EPUBPackage {
    /// A file of the book.
    struct Item {
        /// Its path in the container (resolved against the package document's folder).
        var path: String
        var mediaType: String
        /// EPUB 3's `properties` (`nav`, `cover-image`, ...).
        var properties: Set<String>
    }

    /// The path of the package document in the container.
    var path: String
    var title: String?
    /// The authors (`dc:creator`), in order.
    var authors: [String]
    var language: String?
    var date: String?
    var publisher: String?
    var description: String?
    /// The manifest, by id.
    var items: [String: Item]
    /// The content documents in reading order (`linear="no"` ones left out), as paths.
    var spine: [String]
    /// The EPUB 3 navigation document's path, when there is one.
    var navigation: String?
    /// The EPUB 2 NCX's path, when the spine names one.
    var ncx: String?
    /// The cover image's path, when the book names one.
    var cover: String?

    private static let opf = "http://www.idpf.org/2007/opf"
    private static let dublinCore = "http://purl.org/dc/elements/1.1/"

    /// The package document the container (`META-INF/container.xml`) names.
    static func rootPath(container: [UInt8], name: String) throws(NarrateError) -> String {
        let tree = try EPUBPackage.tree(container, what: "its META-INF/container.xml", name: name)
        let rootfiles =
            tree.root?.child("rootfiles", in: "urn:oasis:names:tc:opendocument:xmlns:container")?
            .children("rootfile", in: "urn:oasis:names:tc:opendocument:xmlns:container") ?? []
        let chosen =
            rootfiles.first { $0.attribute("media-type") == "application/oebps-package+xml" } ?? rootfiles.first
        guard let path = chosen?.attribute("full-path"), !path.isEmpty else {
            throw .malformedInput(path: name, message: "not an EPUB: its META-INF/container.xml names no package document")
        }
        return resolve(path, from: "")
    }

    /// Reads the package document at `path` (its `bytes`).
    init(bytes: [UInt8], path: String, name: String) throws(NarrateError) {
        let tree = try Self.tree(bytes, what: "its package document \(path)", name: name)
        guard let package = tree.root, package.is("package", in: Self.opf) else {
            throw .malformedInput(path: name, message: "not an EPUB: \(path) is not a package document")
        }
        self.path = path
        let folder = Self.folder(of: path)
        let metadata = package.child("metadata", in: Self.opf)
        func dublinCore(_ element: String) -> [String] {
            (metadata?.children(element, in: Self.dublinCore) ?? []).map { HTMLNode.collapsingWhitespace($0.text) }
                .filter { !$0.isEmpty }
        }
        title = dublinCore("title").first
        authors = dublinCore("creator")
        language = dublinCore("language").first
        date = dublinCore("date").first
        publisher = dublinCore("publisher").first
        description = dublinCore("description").first
        var items: [String: Item] = [:]
        for item in package.child("manifest", in: Self.opf)?.children("item", in: Self.opf) ?? [] {
            guard let id = item.attribute("id"), let href = item.attribute("href") else { continue }
            items[id] = Item(
                path: Self.resolve(href, from: folder), mediaType: item.attribute("media-type") ?? "",
                properties: Set((item.attribute("properties") ?? "").split(separator: " ").map(String.init)))
        }
        self.items = items
        let spineElement = package.child("spine", in: Self.opf)
        spine = (spineElement?.children("itemref", in: Self.opf) ?? []).compactMap { itemref in
            guard itemref.attribute("linear") != "no", let id = itemref.attribute("idref") else { return nil }
            return items[id]?.path
        }
        navigation = items.values.first { $0.properties.contains("nav") }?.path
        ncx =
            spineElement?.attribute("toc").flatMap { items[$0]?.path }
            ?? items.values.first { $0.mediaType == "application/x-dtbncx+xml" }?.path
        // EPUB 3 marks the cover image; EPUB 2 names its id in <meta name="cover">.
        let coverId = metadata?.children("meta", in: Self.opf).first { $0.attribute("name") == "cover" }?.attribute("content")
        cover = items.values.first { $0.properties.contains("cover-image") }?.path ?? coverId.flatMap { items[$0]?.path }
    }

    /// The XML of `bytes` (a file of the book, `what`), or one line saying it is not.
    static func tree(_ bytes: [UInt8], what: String, name: String) throws(NarrateError) -> XMLTree {
        do {
            return try XMLTree(bytes: bytes)
        } catch {
            switch error {
            case .unavailable(let reason):
                throw .readerUnavailable(format: "EPUB books", reason: reason, package: "libxml2")
            case .malformed(let line, _, let message):
                throw .malformedInput(path: name, message: "\(what) is not well-formed XML (line \(line): \(message))")
            case .entityLimit(let message):
                throw .malformedInput(path: name, message: "\(what) expands entities beyond libxml2's limits (\(message))")
            case .noMemory:
                throw .malformedInput(path: name, message: "\(what) is too large to read")
            }
        }
    }

    /// The folder of a path in the container ("" at its root), with its trailing slash.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `href` (a URL relative to `folder`; percent-encoded, maybe with a fragment) as a path in
    /// the container, and its fragment.
    static func resolveWithFragment(_ href: String, from folder: String) -> (path: String, fragment: String?) {
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let fragment = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
        let relative = String(parts.first ?? "").removingPercentEncoding ?? String(parts.first ?? "")
        var components: [Substring] = relative.hasPrefix("/") ? [] : folder.split(separator: "/")
        for component in relative.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return (components.joined(separator: "/"), fragment)
    }

    /// `href` as a path in the container, its fragment left out.
    static func resolve(_ href: String, from folder: String) -> String {
        resolveWithFragment(href, from: folder).path
    }
}
