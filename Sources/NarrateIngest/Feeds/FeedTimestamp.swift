import Foundation
import NarrateCore

/// Dates as feeds write them, read into ISO 8601 in UTC: RFC 822 in RSS (`Tue, 10 Jun 2003
/// 04:00:00 GMT`, with the variants seen in the wild: no weekday or seconds, numeric or named
/// zones, one-digit days, four-letter months), RFC 3339 in Atom and JSON Feed, W3C dates in
/// Dublin Core (`2003-06-10`, `2003-06-10T04:00+02:00`).
enum FeedTimestamp {
    /// `text` as `2003-06-10T04:00:00Z`, or nil when it is no date these formats write.
    static func iso8601(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let instant = RFC3339Instant(trimmed) { return instant.iso8601 }
        guard let date = date(trimmed) else { return nil }
        return date.formatted(Date.ISO8601FormatStyle())
    }

    static func date(_ text: String) -> Date? {
        if let instant = RFC3339Instant(text) { return instant.date }
        return slowDate(text)
    }

    /// `text` read by Foundation's formatter alone, as before the fast path (for its tests).
    static func slowDate(_ text: String) -> Date? {
        if let first = text.unicodeScalars.first, CharacterSet.decimalDigits.contains(first), text.count >= 10,
            text.unicodeScalars.dropFirst(4).first == "-"
        {
            return w3c(text)
        }
        return rfc822(text)
    }

    /// RFC 3339 and the W3C profile of ISO 8601 (date alone, minutes without seconds,
    /// fractions of a second, `Z` or an offset, a space for the `T`).
    private static func w3c(_ text: String) -> Date? {
        var value = text.replacingOccurrences(of: " ", with: "T")
        if value.count == 10 { value += "T00:00:00Z" }
        // A fraction of a second cut or padded to milliseconds, the most the formatter takes.
        if let dot = value.firstIndex(of: ".") {
            let digits = value[value.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
            value =
                String(value[..<dot]) + "." + digits.prefix(3).padding(toLength: 3, withPad: "0", startingAt: 0) + value[digits.endIndex...]
        }
        guard !hasOverlongNumber(value) else { return nil }
        return parse(
            value,
            formats: [
                "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd'T'HH:mm:ss",
                "yyyy-MM-dd'T'HH:mm:ss.SSS",
            ])
    }

    /// Whether `text` has a run of more digits than any field of these formats (a year's or
    /// a zone's four): no date, and ICU's parser, given a fraction of a second that long,
    /// divides by zero (SIGFPE).
    static func hasOverlongNumber(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = byte >= 0x30 && byte <= 0x39 ? run + 1 : 0
            if run > 4 { return true }
        }
        return false
    }

    /// RFC 822 and RFC 1123, leniently.
    private static func rfc822(_ text: String) -> Date? {
        var value = text.replacingOccurrences(of: "  ", with: " ")
        // The weekday says nothing the date does not, and is often wrong or misspelt.
        if let comma = value.firstIndex(of: ","), value.distance(from: value.startIndex, to: comma) <= 9 {
            value = String(value[value.index(after: comma)...]).trimmingCharacters(in: .whitespaces)
        }
        // A two-digit year (RFC 822 allows it): 19xx from 50 on, else 20xx, as RFC 2822 says.
        var parts = value.split(separator: " ").map(String.init)
        if parts.count >= 3, parts[2].count == 2, let year = Int(parts[2]) {
            parts[2] = String(year >= 50 ? 1900 + year : 2000 + year)
            value = parts.joined(separator: " ")
        }
        // Four-letter months ("Sept", "June") as three.
        for (long, short) in [("Sept ", "Sep "), ("June ", "Jun "), ("July ", "Jul ")] {
            value = value.replacingOccurrences(of: long, with: short)
        }
        // US zone names the formatter may not know.
        let zones = [
            "EST": "-0500", "EDT": "-0400", "CST": "-0600", "CDT": "-0500", "MST": "-0700", "MDT": "-0600", "PST": "-0800",
            "PDT": "-0700", "UT": "+0000", "Z": "+0000",
        ]
        if let last = value.split(separator: " ").last, let offset = zones[String(last)] {
            value = value.dropLast(last.count) + offset
        }
        guard !hasOverlongNumber(value) else { return nil }
        return parse(
            value,
            formats: [
                "d MMM yyyy HH:mm:ss Z", "d MMM yyyy HH:mm Z", "d MMM yyyy HH:mm:ss zzz", "d MMM yyyy HH:mm zzz",
                "d MMM yyyy HH:mm:ss", "d MMM yyyy",
            ])
    }

    /// The date in `text` by the first of `formats` that reads it.
    private static func parse(_ text: String, formats: [String]) -> Date? {
        guard DateText.isReadable(text) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
