/// The most an article's title, byline and site name may hold, and the cut that keeps them to
/// it: a page or a file can put megabytes where a title goes (a 20 MB line of text became a
/// 20 MB title, and `list` printed 42 MB), which no list, page or feed can show.
public enum MetadataText {
    /// Characters of a title at most (a long headline has about 150).
    public static let titleLimit = 250
    /// Characters of a byline or a site name at most.
    public static let nameLimit = 200

    /// `text` cut to at most `limit` characters, at the last white space before the limit
    /// (anywhere, when the first word is longer), with "…" where it was cut.
    public static func cut(_ text: String, to limit: Int) -> String {
        // A character is at least one byte: a short text is looked at no further.
        guard text.utf8.count > limit else { return text }
        let head = text.prefix(limit + 1)
        guard head.count > limit else { return text }
        var kept = head.prefix(limit - 1)
        if let space = kept.lastIndex(where: \.isWhitespace), space > kept.startIndex { kept = kept[..<space] }
        while let last = kept.last, last.isWhitespace { kept = kept.dropLast() }
        return String(kept) + "…"
    }

    /// `text` cut to `limit`, nil kept nil.
    public static func cut(_ text: String?, to limit: Int) -> String? {
        text.map { cut($0, to: limit) }
    }
}
