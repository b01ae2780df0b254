import Foundation

/// What another app shares with narrate (a phone's share sheet through the web app's share
/// target, the "Send to narrate" bookmarklet): a page's address, else some text to read. Apps
/// differ in where they put the address: in `url`, or in `text` after the page's title
/// ("Title https://…"), so the address is looked for in both.
public enum SharedItem: Sendable, Equatable {
    /// A page to fetch, with the title it was shared under (nil when none was given).
    case link(url: String, title: String?)
    /// Text to read as an article, with its title.
    case text(String, title: String?)
    /// Nothing narrate can add: no address and no text.
    case nothing

    /// The most text taken from a share (the same as an article pasted into the web page).
    public static let largestText = 2 << 20

    /// The item shared as `title`, `text` and `url` (any of them may be missing or empty).
    public init(title: String?, text: String?, url: String?) {
        let title = Self.trimmed(title)
        let text = Self.trimmed(text)
        if let url = Self.trimmed(url), let link = Self.webAddress(in: url) {
            self = .link(url: link, title: title)
        } else if let text, let (word, link) = Self.addressWord(in: text) {
            // "Title https://…" (Android's Chrome, most apps): the title is the words around it.
            let words = text.replacingOccurrences(of: word, with: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            self = .link(url: link, title: title ?? (words.isEmpty ? nil : words))
        } else if let text {
            self = .text(String(text.prefix(Self.largestText)), title: title)
        } else {
            self = .nothing
        }
    }

    /// The first http or https address in `text`, without the brackets and punctuation around it.
    static func webAddress(in text: String) -> String? {
        addressWord(in: text)?.address
    }

    /// The first word of `text` that holds an http or https address, and the address.
    static func addressWord(in text: String) -> (word: Substring, address: String)? {
        for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" }) {
            var address = word.drop { "([{'".contains($0) }
            let lowered = address.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { continue }
            // A closing bracket ends the address only when it closes none of its own (Wikipedia's `Word_(sense)`).
            while let last = address.last, ".,;:!?)]}'".contains(last) {
                if last == ")", address.filter({ $0 == "(" }).count >= address.filter({ $0 == ")" }).count { break }
                address = address.dropLast()
            }
            guard let components = URLComponents(string: String(address)), let host = components.host, !host.isEmpty else { continue }
            return (word, String(address))
        }
        return nil
    }

    private static func trimmed(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }
}
