import Foundation
import NarrateCore

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

    /// The date in `text` (IMF-fixdate, from a client's header); nil when it is none.
    static func date(_ text: String) -> Date? {
        guard DateText.isReadable(text) else { return nil }
        return lock.withLock { formatter.date(from: text) }
    }
}
