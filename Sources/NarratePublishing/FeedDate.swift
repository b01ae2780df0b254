import Foundation
import NarrateCore

/// Dates as RSS writes them (RFC 822 with a four-digit year: "Thu, 26 Nov 2026 05:48:19
/// +0000"), from the library's ISO 8601 times. The library's own form is read directly
/// (DateFormatter takes tens of microseconds a date, too slow for a feed of 10,000
/// episodes); any other ISO 8601 time through Foundation's parser.
enum FeedDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `iso8601` as RFC 822 in UTC; nil when it is no time.
    static func rfc822(iso8601 text: String) -> String? {
        if let fields = fastFields(text) { return format(fields) }
        guard let date = date(iso8601: text) else { return nil }
        return rfc822(date)
    }

    /// `date` as RFC 822 in UTC.
    static func rfc822(_ date: Date) -> String {
        let (days, second) = CivilCalendar.split(seconds: Int(date.timeIntervalSince1970.rounded(.down)))
        let (year, month, day) = CivilCalendar.date(days: days)
        return format((year, month, day, second / 3600, second / 60 % 60, second % 60))
    }

    /// `text` (ISO 8601) as a date; nil when it is none.
    static func date(iso8601 text: String) -> Date? {
        if let (year, month, day, hour, minute, second) = fastFields(text) {
            let days = CivilCalendar.days(year: year, month: month, day: day)
            return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
        }
        // A feed's date kept as it was written may be anything.
        guard DateText.isReadable(text) else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)
    }

    /// "2026-11-26T05:48:19Z" read field by field.
    private static func fastFields(_ text: String) -> (Int, Int, Int, Int, Int, Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        return (year, month, day, hour, minute, second)
    }

    private static func format(_ fields: (Int, Int, Int, Int, Int, Int)) -> String {
        let (year, month, day, hour, minute, second) = fields
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(hour)):\(two(minute)):\(two(second)) +0000"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
