import Foundation
import NarrateCore

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1), read leniently: an item keeps
/// what it has when other fields are missing or of the wrong type.
struct JSONFeedReader {
    /// The feed's address, which relative links are resolved against.
    var source: String

    func read(_ bytes: [UInt8]) throws(NarrateError) -> Feed {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .malformedInput(path: source, message: "not valid JSON: \(Self.reason(error))")
        }
        guard let feed = object as? [String: Any] else {
            throw .malformedInput(path: source, message: "not a JSON Feed: the document is not an object")
        }
        guard let version = feed["version"] as? String, version.hasPrefix("https://jsonfeed.org/version/") else {
            throw .malformedInput(path: source, message: "not a JSON Feed: no \"version\" of https://jsonfeed.org")
        }
        let site = FeedLink.absolute(feed["home_page_url"] as? String, against: source)
        let feedAuthor = Self.author(feed)
        let items = (feed["items"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.map { item in
            let html = item["content_html"] as? String
            let text = item["content_text"] as? String
            let id: String? = Self.plain((item["id"] as? String) ?? (item["id"] as? NSNumber).map { "\($0)" })
            let published = Self.plain((item["date_published"] as? String) ?? (item["date_modified"] as? String))
            return FeedItem(
                guid: id, url: FeedLink.absolute((item["url"] as? String) ?? (item["external_url"] as? String), against: site ?? source),
                title: Self.plain(item["title"] as? String), author: Self.author(item) ?? feedAuthor,
                published: published.map { FeedTimestamp.iso8601($0) ?? $0 },
                content: html ?? text, contentIsHTML: html != nil, summary: item["summary"] as? String,
                tags: (item["tags"] as? [Any] ?? []).compactMap { $0 as? String }
            )
        }
        return Feed(
            format: .jsonFeed, title: Self.plain(feed["title"] as? String), siteURL: site,
            feedURL: FeedLink.absolute(feed["feed_url"] as? String, against: source), language: feed["language"] as? String,
            items: items
        )
    }

    /// The first author's name (1.1 `authors`, 1.0 `author`).
    private static func author(_ object: [String: Any]) -> String? {
        let authors = (object["authors"] as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
        let first = authors.first ?? (object["author"] as? [String: Any])
        return plain(first?["name"] as? String)
    }

    private static func plain(_ text: String?) -> String? {
        XMLFeedReader.plain(text)
    }

    private static func reason(_ error: any Error) -> String {
        let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return description ?? "\(error)"
    }
}
