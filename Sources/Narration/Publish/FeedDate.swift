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
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = civil(fromDays: days)
        let second = Int(seconds - days * 86_400)
        return format((year, month, day, second / 3600, second / 60 % 60, second % 60))
    }

    /// `text` (ISO 8601) as a date; nil when it is none.
    static func date(iso8601 text: String) -> Date? {
        if let (year, month, day, hour, minute, second) = fastFields(text) {
            let days = daysFromCivil(year: year, month: month, day: day)
            return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + Int64(hour * 3600 + minute * 60 + second)))
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
        let days = daysFromCivil(year: year, month: month, day: day)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(hour)):\(two(minute)):\(two(second)) +0000"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// Days since 1970-01-01 of a date in the proleptic Gregorian calendar (H. Hinnant's
    /// days_from_civil); 1970-01-01 was a Thursday.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }
}
