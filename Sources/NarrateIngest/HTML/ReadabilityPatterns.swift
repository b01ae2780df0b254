/// The word lists of the readability method (Mozilla Readability.js, Arc90 before it) that
/// judge an element by its class, id and role: likely boilerplate, likely content.
///
/// Matched as case-insensitive substrings, as the original regular expressions do.
enum ReadabilityPatterns {
    /// Class or id of menus, comments, sidebars and the like.
    static let unlikelyCandidates = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote",
    ]
    /// Words that save an element from `unlikelyCandidates`.
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    /// Class or id that raise an element's weight.
    static let positive = [
        "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
        "blog", "story",
    ]
    /// Class or id that lower it.
    static let negative = [
        "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media", "meta",
        "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping",
        "tags", "widget",
    ]
    /// Class or id of an author line.
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    /// ARIA roles of parts that are never the article.
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]
    /// Hosts of embedded videos that stay in the article.
    static let videoHosts = [
        "dailymotion.com", "youtube.com", "youtube-nocookie.com", "player.vimeo.com", "v.qq.com", "archive.org/embed",
        "upload.wikimedia.org", "player.twitch.tv", "bilibili.com", "live.bilibili.com",
    ]
    /// Whole texts of placeholders for advertisements and loading notices.
    static let advertisementWords: Set<String> = [
        "ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung", "广告", "реклама", "anuncio",
    ]
    static let loadingWords: Set<String> = ["loading", "正在加载", "загрузка", "chargement", "cargando"]

    static func matches(_ text: String, _ words: [String]) -> Bool {
        guard !text.isEmpty else { return false }
        var lower = Array(text.utf8)
        for index in lower.indices where lower[index] >= 0x41 && lower[index] <= 0x5A { lower[index] |= 0x20 }
        // A word longer than the text is not looked for (nor copied): most elements have no class.
        return words.contains { word in word.utf8.count <= lower.count && contains(lower, Array(word.utf8)) }
    }

    /// Whether `bytes` holds `word` (both short: a naive search is fastest).
    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard word.count <= bytes.count, let first = word.first else { return word.isEmpty }
        var start = 0
        let last = bytes.count - word.count
        while start <= last {
            if bytes[start] == first {
                var offset = 1
                while offset < word.count && bytes[start + offset] == word[offset] { offset += 1 }
                if offset == word.count { return true }
            }
            start += 1
        }
        return false
    }

    /// The `negative` list plus the word "hid" standing alone.
    static func isNegative(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        if matches(text, negative) { return true }
        return text.lowercased().split(separator: " ").contains("hid")
    }

    /// Share bars: "share" or "sharedaddy" as a word of the class or id (`_` and `-` separate words).
    static func isShareElement(_ text: String) -> Bool {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0 == "share" || $0 == "sharedaddy" }
    }

    static func isVideo(_ text: String) -> Bool {
        let lower = text.lowercased()
        return videoHosts.contains { lower.contains("//" + $0) || lower.contains("." + $0) }
    }

    /// A whole text that only announces an advertisement or loading.
    static func isPlaceholder(_ text: String) -> Bool {
        let lower = text.lowercased()
        if advertisementWords.contains(lower) { return true }
        var stem = lower
        if stem.hasSuffix("...") { stem.removeLast(3) } else if stem.hasSuffix("…") { stem.removeLast() }
        return loadingWords.contains(stem)
    }

    /// Commas of several scripts (Latin, Arabic, CJK full-width and small forms).
    static func commaCount(_ text: String) -> Int {
        var count = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2C, 0x60C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: count += 1
            default: break
            }
        }
        return count
    }
}
