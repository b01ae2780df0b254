import Foundation
public import NarrateCore

/// One article saved in a read-later service or a browser, as its export has it.
public struct SavedLink: Sendable, Equatable {
    /// The article's address.
    public var url: String
    public var title: String?
    /// When it was saved, ISO 8601 in UTC.
    public var savedAt: String?
    /// Its tags (Pocket's and Wallabag's tags, Instapaper's folder, a bookmark's folders).
    public var tags: [String]
    /// Whether it was archived (read): its article is marked finished and put in the archive.
    public var archived: Bool
    /// The article itself, when the export carries it (Wallabag, Omnivore): nothing fetched.
    public var content: String?
    /// The file that holds the article, when the export keeps it apart (Omnivore's
    /// `content/` folder): read only when the link is taken.
    public var contentFile: String?
    /// The export's file that was too large to be an article (`InputLimits.articleBytes`),
    /// when that is where its content was.
    public var contentTooLarge: String?
    /// Whether `content` is HTML (false: Markdown).
    public var contentIsHTML: Bool
    /// The folder `contentFile` was unpacked into, kept as long as the link is.
    var unpacked: UnpackedExport?
    /// The language the service detected, when it says.
    public var language: String?

    public init(
        url: String, title: String? = nil, savedAt: String? = nil, tags: [String] = [], archived: Bool = false, content: String? = nil,
        contentIsHTML: Bool = true, language: String? = nil
    ) {
        self.url = url
        self.title = title
        self.savedAt = savedAt
        self.tags = tags
        self.archived = archived
        self.content = content
        self.contentIsHTML = contentIsHTML
        self.language = language
    }

    /// Whether the export carries the article (in the link or in a file of its own): then
    /// nothing is fetched.
    public var carriesContent: Bool { content != nil || contentFile != nil || contentTooLarge != nil }

    /// The size of the article the export carries, in bytes, as far as it is known without
    /// reading it.
    public var carriedSize: Int {
        if let content { return content.utf8.count }
        if let contentFile { return (try? FileManager.default.attributesOfItem(atPath: contentFile))?[.size] as? Int ?? 0 }
        return 0
    }

    /// The article the export carries, nil when it carries none: `content`, or `contentFile`
    /// read now (at most `InputLimits.articleBytes`; trimmed, and none when empty).
    public func carriedContent() throws(NarrateError) -> String? {
        if let contentTooLarge {
            throw .inputTooLarge(path: contentTooLarge, limit: InputLimits.articleBytes, kind: "an article")
        }
        if let content { return content }
        guard let contentFile else { return nil }
        let text = String(decoding: try ArticleLoader.readArticle(contentFile), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
