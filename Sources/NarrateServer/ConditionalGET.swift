import Foundation
import HTTPTypes

/// Whether a GET or HEAD can be answered 304 Not Modified, as RFC 9110 (13.1) says:
/// `If-None-Match` decides when present (any of its tags matching, weakly, or `*`); else
/// `If-Modified-Since`, when the resource has not changed since.
enum ConditionalGET {
    static func isNotModified(_ headers: HTTPFields, etag: String, lastModified: Date) -> Bool {
        if let match = headers[.ifNoneMatch] {
            if match.trimmingCharacters(in: .whitespaces) == "*" { return true }
            let given = match.split(separator: ",").map { Self.opaque($0.trimmingCharacters(in: .whitespaces)) }
            return given.contains(Self.opaque(etag))
        }
        if let since = headers[.ifModifiedSince], let date = HTTPDate.date(since) {
            return lastModified.timeIntervalSince1970.rounded(.down) <= date.timeIntervalSince1970
        }
        return false
    }

    /// An entity tag without its weakness mark, for the weak comparison.
    private static func opaque(_ tag: String) -> String {
        tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    }
}
