import Foundation

/// Links in feeds and pages made absolute.
enum FeedLink {
    /// `reference` (trimmed) resolved against `base`; nil when it is empty, or when the result
    /// is not an http(s) address.
    static func absolute(_ reference: String?, against base: String) -> String? {
        guard let reference = reference?.trimmingCharacters(in: .whitespacesAndNewlines), !reference.isEmpty else { return nil }
        let escaped = reference.replacingOccurrences(of: " ", with: "%20")
        guard let url = URL(string: escaped, relativeTo: URL(string: base))?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return url.absoluteString
    }
}
