import Foundation

/// Dates as HTTP writes them (IMF-fixdate, RFC 9110: "Thu, 26 Nov 2026 05:48:19 GMT").
enum HTTPDate {
    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()
    private static let lock = NSLock()

    /// `date` in IMF-fixdate.
    static func string(_ date: Date) -> String {
        lock.withLock { formatter.string(from: date) }
    }

    /// The date in `text` (IMF-fixdate); nil when it is none. Text beyond ASCII is none, and
    /// never reaches the formatter: on Linux Foundation's stops the process ("Incorrect
    /// range") when ICU reads part of a text with a combining mark (a client's header).
    static func date(_ text: String) -> Date? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return lock.withLock { formatter.date(from: text) }
    }
}
