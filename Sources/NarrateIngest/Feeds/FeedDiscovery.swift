import Foundation

/// The feeds a web page links (`<link rel="alternate" type="application/rss+xml" href=…>`,
/// Atom and JSON Feed alike), as feed readers find a site's feed from its address.
public enum FeedDiscovery {
    /// The media types of feeds, best first.
    static let feedTypes = [
        "application/atom+xml", "application/rss+xml", "application/feed+json", "application/json", "application/rdf+xml",
        "application/x.atom+xml", "application/x-atom+xml", "application/x-rss+xml", "text/xml", "application/xml",
    ]

    /// The absolute addresses of the feeds the page in `bytes` (served from `url` with
    /// `contentType`) links, in the page's order, each once; empty when it links none.
    public static func feeds(inPage bytes: [UInt8], url: String, contentType: String? = nil) -> [String] {
        let page = HTMLCharset.decode(bytes, contentType: contentType)
        guard let root = try? HTMLParser().parse(page.text, name: url) else { return [] }
        let base = root.elements("base").first?.attribute("href").flatMap { FeedLink.absolute($0, against: url) } ?? url
        var found: [String] = []
        for element in root.elements("link") {
            let relations = (element.attribute("rel") ?? "").lowercased().split(separator: " ")
            guard relations.contains("alternate") || relations.contains("feed") else { continue }
            let type =
                (element.attribute("type") ?? "").lowercased().split(separator: ";").first.map {
                    String($0).trimmingCharacters(in: .whitespaces)
                } ?? ""
            // rel="feed" may leave the type out; rel="alternate" needs a feed's type.
            guard feedTypes.contains(type) || (type.isEmpty && relations.contains("feed")) else { continue }
            guard let href = FeedLink.absolute(element.attribute("href"), against: base), !found.contains(href) else { continue }
            found.append(href)
        }
        return found
    }
}
