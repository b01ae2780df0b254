import Foundation

/// What a page says about its article: from JSON-LD (schema.org Article types), Dublin Core,
/// OpenGraph and Twitter meta tags, `<html lang>` and the `<title>`, in Readability's order
/// of preference.
struct HTMLMetadata {
    var title = ""
    var byline: String?
    var site: String?
    var language: String?
    var publishedAt: String?
    var excerpt: String?

    /// Reads the metadata of `page` (before its scripts are removed: JSON-LD lives in them).
    init(page: HTMLNode) {
        let jsonLD = Self.jsonLD(page)
        var values: [String: String] = [:]
        for meta in page.elements("meta") {
            guard let content = meta.attribute("content")?.trimmed, !content.isEmpty else { continue }
            var matched = false
            if let property = meta.attribute("property") {
                for name in Self.propertyNames(property) {
                    values[name] = content
                    matched = true
                }
            }
            if !matched, let name = meta.attribute("name").flatMap(Self.metaName) {
                values[name] = content
            }
            if meta.attribute("http-equiv")?.lowercased() == "content-language", values["content-language"] == nil {
                values["content-language"] = content
            }
        }
        let documentTitle = Self.documentTitle(page)
        title =
            Self.first(
                jsonLD.title, values["dc:title"], values["dcterm:title"], values["og:title"], values["weibo:article:title"],
                values["weibo:webpage:title"], values["title"], values["twitter:title"], values["parsely-title"]
            ) ?? documentTitle
        var authorTag = values["article:author"]
        if let tag = authorTag, tag.hasPrefix("http://") || tag.hasPrefix("https://") { authorTag = nil }
        byline = Self.first(
            jsonLD.byline, values["dc:creator"], values["dcterm:creator"], values["author"], values["parsely-author"],
            authorTag
        )
        excerpt = Self.first(
            jsonLD.excerpt, values["dc:description"], values["dcterm:description"], values["og:description"],
            values["weibo:article:description"], values["weibo:webpage:description"], values["description"],
            values["twitter:description"]
        )
        site = Self.first(jsonLD.site, values["og:site_name"])
        publishedAt = Self.first(jsonLD.published, values["article:published_time"], values["parsely-pub-date"])
        let declared = page.elements("html").first?.attribute("lang") ?? values["content-language"]
        language = declared.flatMap(Self.languageCode)
        title = Self.withoutSiteName(HTMLNode.collapsingWhitespace(title), site: site)
        byline = byline.map(HTMLNode.collapsingWhitespace)
        excerpt = excerpt.map(HTMLNode.collapsingWhitespace)
    }

    // MARK: Meta tags

    private static let propertyPrefixes: Set<String> = ["article", "dc", "dcterm", "og", "twitter"]
    private static let propertyFields: Set<String> = ["author", "creator", "description", "published_time", "title", "site_name"]

    /// `article:author og:title` style properties (several may share one attribute).
    private static func propertyNames(_ property: String) -> [String] {
        property.lowercased().split(whereSeparator: \.isWhitespace).compactMap { token in
            let parts = token.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, propertyPrefixes.contains(String(parts[0])), propertyFields.contains(String(parts[1]))
            else { return nil }
            return "\(parts[0]):\(parts[1])"
        }
    }

    private static let namePrefixes: Set<String> = ["dc", "dcterm", "og", "twitter", "parsely", "weibo:article", "weibo:webpage"]
    private static let nameFields: Set<String> = ["author", "creator", "pub-date", "description", "title", "site_name"]

    /// `author`, `dc.creator`, `twitter:title`, `parsely-pub-date` and the like, normalized
    /// to `prefix:field` (a `-` after `parsely` stays).
    private static func metaName(_ name: String) -> String? {
        let lower = name.lowercased().filter { !$0.isWhitespace }.replacingOccurrences(of: ".", with: ":")
        if nameFields.contains(lower) { return lower }
        for prefix in namePrefixes {
            for separator in [":", "-"] where lower.hasPrefix(prefix + separator) {
                let field = String(lower.dropFirst(prefix.count + 1))
                if nameFields.contains(field) { return prefix + separator + field }
            }
        }
        return nil
    }

    // MARK: Title

    /// The `<title>`, without a site name after a separator, as Readability cuts it.
    static func documentTitle(_ page: HTMLNode) -> String {
        let original = page.elements("title").first.map { $0.textContent.trimmed } ?? ""
        var title = original
        let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
        let hierarchical: Set<Character> = ["\\", "/", ">", "»"]
        var hadHierarchicalSeparators = false
        let characters = Array(original)
        // " X " where X is a separator.
        let separatorPositions = characters.indices.filter { index in
            index > 0 && index + 1 < characters.count && characters[index - 1] == " " && characters[index + 1] == " "
                && separators.contains(characters[index])
        }
        if let last = separatorPositions.last {
            hadHierarchicalSeparators = separatorPositions.contains { hierarchical.contains(characters[$0]) }
            title = String(characters[..<(last - 1)])
            if ArticleText.wordCount(title) < 3, let first = characters.firstIndex(where: { separators.contains($0) }) {
                title = String(characters[(first + 1)...])
            }
        } else if title.contains(": ") {
            let headings = page.elements(["h1", "h2"])
            if !headings.contains(where: { $0.textContent.trimmed == title }) {
                if let colon = original.lastIndex(of: ":") {
                    title = String(original[original.index(after: colon)...])
                }
                if ArticleText.wordCount(title) < 3, let colon = original.firstIndex(of: ":") {
                    title = String(original[original.index(after: colon)...])
                } else if let colon = original.firstIndex(of: ":"), ArticleText.wordCount(String(original[..<colon])) > 5 {
                    title = original
                }
            }
        } else if title.count > 150 || title.count < 15 {
            let headings = page.elements("h1")
            if headings.count == 1 { title = ArticleText.innerText(headings[0]) }
        }
        title = HTMLNode.collapsingWhitespace(title)
        let words = ArticleText.wordCount(title)
        let originalWithoutSeparators = String(original.filter { !separators.contains($0) })
        if words <= 4 && (!hadHierarchicalSeparators || words != ArticleText.wordCount(originalWithoutSeparators) - 1) {
            title = HTMLNode.collapsingWhitespace(original)
        }
        return title
    }

    // MARK: JSON-LD

    private struct LinkedData {
        var title: String?
        var byline: String?
        var excerpt: String?
        var site: String?
        var published: String?
    }

    private static let articleTypes: Set<String> = [
        "Article", "AdvertiserContentArticle", "NewsArticle", "AnalysisNewsArticle", "AskPublicQuestionArticle",
        "BackgroundNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "Report",
        "SatiricalArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "SocialMediaPosting", "BlogPosting",
        "LiveBlogPosting", "DiscussionForumPosting", "TechArticle", "APIReference",
    ]

    private static func jsonLD(_ page: HTMLNode) -> LinkedData {
        for script in page.elements("script") where script.attribute("type")?.lowercased() == "application/ld+json" {
            var source = script.textContent.trimmed
            if source.hasPrefix("<![CDATA[") && source.hasSuffix("]]>") {
                source = String(source.dropFirst(9).dropLast(3))
            }
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(source.utf8), options: [.fragmentsAllowed]),
                let article = findArticle(parsed)
            else { continue }
            var data = LinkedData()
            let name = (article["name"] as? String)?.trimmed
            let headline = (article["headline"] as? String)?.trimmed
            if let name, let headline, name != headline {
                let title = documentTitle(page)
                let nameMatches = ArticleText.similarity(name, title) > 0.75
                let headlineMatches = ArticleText.similarity(headline, title) > 0.75
                data.title = headlineMatches && !nameMatches ? headline : name
            } else {
                data.title = name ?? headline
            }
            data.byline = authorNames(article["author"])
            data.excerpt = (article["description"] as? String)?.trimmed
            if let publisher = article["publisher"] as? [String: Any] {
                data.site = (publisher["name"] as? String)?.trimmed
            }
            data.published = (article["datePublished"] as? String)?.trimmed
            return data
        }
        return LinkedData()
    }

    /// The first object with a schema.org article type, in an array or a `@graph` too.
    private static func findArticle(_ value: Any) -> [String: Any]? {
        if let array = value as? [Any] {
            for item in array { if let found = findArticle(item) { return found } }
            return nil
        }
        guard let object = value as? [String: Any] else { return nil }
        if let context = object["@context"] as? String, !context.contains("schema.org") { return nil }
        if isArticleType(object["@type"]) { return object }
        if let graph = object["@graph"] as? [Any] {
            for item in graph {
                if let item = item as? [String: Any], isArticleType(item["@type"]) { return item }
            }
        }
        return nil
    }

    private static func isArticleType(_ value: Any?) -> Bool {
        if let type = value as? String { return articleTypes.contains(type) }
        if let types = value as? [Any] { return types.contains { ($0 as? String).map(articleTypes.contains) == true } }
        return false
    }

    private static func authorNames(_ value: Any?) -> String? {
        if let name = value as? String { return name.trimmed }
        if let object = value as? [String: Any] { return (object["name"] as? String)?.trimmed }
        if let array = value as? [Any] {
            let names = array.compactMap { ($0 as? [String: Any])?["name"] as? String }.map(\.trimmed)
            return names.isEmpty ? nil : names.joined(separator: ", ")
        }
        return nil
    }

    /// `title` without " | Site" (or " - Site", " — Site" ...) at its end when the page names
    /// its site: a listener wants the article's name, not the site's.
    static func withoutSiteName(_ title: String, site: String?) -> String {
        guard let site = site.map(HTMLNode.collapsingWhitespace), !site.isEmpty, title.count > site.count + 3 else { return title }
        for separator in [" | ", " - ", " – ", " — ", " :: ", " · ", " / ", " » "] where title.hasSuffix(separator + site) {
            return String(title.dropLast(separator.count + site.count))
        }
        return title
    }

    // MARK: Helpers

    private static func first(_ values: String?...) -> String? {
        values.lazy.compactMap { $0 }.first { !$0.isEmpty }
    }

    /// `uk-UA` → `uk`; nil for anything that is not a language tag.
    static func languageCode(_ tag: String) -> String? {
        let primary = tag.trimmed.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "," }).first
        guard let primary, (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return nil
        }
        return String(primary)
    }
}

extension String {
    /// The string without white space at either end.
    var trimmed: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
