import Foundation
import NarrateCore
import Testing

@testable import NarrateIngest

@Suite("Dates read by hand: the same as Foundation's formatter, a thousand times faster")
struct RFC3339InstantTests {
    @Test func commonDatesAreReadAsTheFormatterReadsThem() throws {
        let cases = [
            "2024-03-01T08:00:00.000Z", "2024-03-01T08:00:00Z", "2003-06-10T04:00:00+02:00", "2003-06-10T04:00-05:30",
            "2003-06-10", "2024-02-29T23:59:59.999Z", "1999-12-31T23:59:59-14:00", "2024-03-01 08:00:00Z",
            "2024-03-01T08:00:00.123456789+01:00", "1583-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2024-03-01T08:00:00",
        ]
        for text in cases {
            let instant = try #require(RFC3339Instant(text), "\(text)")
            let slow = try #require(FeedTimestamp.slowDate(text), "\(text)")
            #expect(instant.date == slow, "\(text): \(instant.date) against \(slow)")
            #expect(instant.iso8601 == slow.formatted(Date.ISO8601FormatStyle()), "\(text)")
        }
    }

    @Test func whatIsNotPlainlyValidIsLeftToTheFormatter() {
        for text in [
            "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01T00:60:00Z", "2024-01-01T00:00:60Z",
            "1582-10-10T00:00:00Z", "2024-01-01T00:00", "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00z", "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00+15:00", "2024-1-01", "２０２４-01-01", "2024-01-01T00:00:00Z ", "Tue, 10 Jun 2003 04:00:00 GMT",
        ] {
            #expect(RFC3339Instant(text) == nil, "\(text)")
        }
        // Left to the formatter, they read as before.
        #expect(
            FeedTimestamp.iso8601("2024-01-01T00:00:00+0100")
                == FeedTimestamp.slowDate("2024-01-01T00:00:00+0100")?.formatted(Date.ISO8601FormatStyle()))
        #expect(FeedTimestamp.iso8601("Tue, 10 Jun 2003 04:00:00 GMT") == "2003-06-10T04:00:00Z")
    }

    /// Two thousand random instants across the years the fast path reads, in every zone
    /// shape: each read as the formatter reads it.
    @Test func randomDatesAgreeWithTheFormatter() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let year = Int.random(in: 1583...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...CivilCalendar.days(inMonth: month, of: year), using: &generator)
            let time = String(format: "%02d:%02d:%02d", Int.random(in: 0...23), Int.random(in: 0...59), Int.random(in: 0...59))
            let fraction = ["", ".5", ".123", ".98765"].randomElement()!
            let zone = ["Z", "+00:00", "-08:00", "+05:45", "+14:00", "-12:30"].randomElement()!
            let text = String(format: "%04d-%02d-%02dT", year, month, day) + time + fraction + zone
            let instant = try #require(RFC3339Instant(text), "\(text)")
            let slow = try #require(FeedTimestamp.slowDate(text), "\(text)")
            #expect(abs(instant.date.timeIntervalSince(slow)) < 0.0005, "\(text)")
            #expect(instant.iso8601 == slow.formatted(Date.ISO8601FormatStyle()), "\(text)")
        }
    }
}
