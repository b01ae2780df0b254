import Foundation
public import NarrateCore

/// Reads a feed from its bytes, whatever kind it is: RSS 0.9x and 2.0, RSS 1.0 (RDF) and
/// 0.90, Atom 1.0 (XML through libxml2, within its limits on entity expansion), or JSON Feed
/// 1.0 and 1.1. Relative links are made absolute against the feed's address (and Atom's
/// `xml:base`).
public struct FeedParser: Sendable {
    /// Where the feed came from (links are resolved against it), or what it is called in errors.
    public var source: String
    /// The charset the transport named (HTTP `Content-Type`), when it named one.
    public var charset: String?

    public init(source: String, charset: String? = nil) {
        self.source = source
        self.charset = charset
    }

    enum Namespace {
        static let atom = "http://www.w3.org/2005/Atom"
        static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
        static let rss1 = "http://purl.org/rss/1.0/"
        static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
        static let content = "http://purl.org/rss/1.0/modules/content/"
        static let dublinCore = "http://purl.org/dc/elements/1.1/"
        static let xml = "http://www.w3.org/XML/1998/namespace"
    }

    /// The feed in `bytes`.
    ///
    /// - Throws: `.malformedInput` for what is no feed, XML that is not well-formed (with
    ///   where), and entities that expand beyond bounds (a billion-laughs document);
    ///   `.readerUnavailable` when libxml2 cannot be loaded.
    public func parse(_ bytes: [UInt8]) throws(NarrateError) -> Feed {
        let start = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if start.first == UInt8(ascii: "{") { return try JSONFeedReader(source: source).read(bytes) }
        let tree = try xmlTree(bytes)
        guard let root = tree.root else { throw .malformedInput(path: source, message: "the document is empty") }
        var feed: Feed
        switch (root.name, root.namespace) {
        case ("rss", nil):
            feed = XMLFeedReader(base: source).rss(root)
        case ("RDF", Namespace.rdf?):
            feed = XMLFeedReader(base: source).rdf(root)
        case ("feed", Namespace.atom?):
            feed = XMLFeedReader(base: source).atom(root)
        default:
            let name = root.namespace.map { "{\($0)}\(root.name)" } ?? root.name
            throw .malformedInput(path: source, message: "not a feed: the document is <\(name)>, not RSS, RDF or Atom")
        }
        if case .malformed(let line, let column, let message)? = tree.recovered {
            feed.problem = "not well-formed XML at line \(line), column \(column): \(message); read as far as it could be"
        }
        return feed
    }

    /// The XML tree: read as the document declares its encoding; when that fails on its
    /// characters, with the charset the transport named, then as Windows-1252 (a feed that
    /// says it is UTF-8 and is not). A document that is not well-formed is read as far as
    /// it can be, as feed readers do, when what is read has a root element.
    private func xmlTree(_ bytes: [UInt8]) throws(NarrateError) -> XMLTree {
        var encodings: [String?] = [nil]
        if let charset, !charset.isEmpty { encodings.append(charset) }
        if String(validating: bytes, as: UTF8.self) == nil { encodings.append("windows-1252") }
        var firstFailure: XMLTree.Failure?
        // The encoding whose failure was not one of its characters: recovery reads in it.
        var readable = encodings.last ?? nil
        for encoding in encodings {
            do {
                return try XMLTree(bytes: bytes, encoding: encoding)
            } catch {
                if firstFailure == nil { firstFailure = error }
                guard case .malformed(_, _, let message) = error, Self.isEncodingProblem(message) else {
                    readable = encoding
                    break
                }
            }
        }
        switch firstFailure {
        case .unavailable(let reason)?:
            throw .readerUnavailable(format: "XML feeds", reason: reason, package: "libxml2")
        case .entityLimit?:
            throw .malformedInput(path: source, message: "refused: its entities expand beyond bounds (a billion-laughs document?)")
        case .noMemory?:
            throw .malformedInput(path: source, message: "out of memory reading it")
        case .malformed(let line, let column, let message)?:
            if let recovered = try? XMLTree(bytes: bytes, encoding: readable, recover: true), recovered.root != nil {
                return recovered
            }
            throw .malformedInput(path: source, message: "not well-formed XML at line \(line), column \(column): \(message)")
        case nil:
            throw .malformedInput(path: source, message: "not an XML document")
        }
    }

    private static func isEncodingProblem(_ message: String) -> Bool {
        let lowered = message.lowercased()
        return lowered.contains("encoding") || lowered.contains("utf-8") || lowered.contains("char 0x")
    }
}
