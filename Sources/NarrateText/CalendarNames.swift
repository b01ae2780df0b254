import Foundation

/// A language's month and weekday names, and whether it writes dates with ordinal periods
/// ("7. apríla 2020", "3. Oktober", "2020. március 15."), from CLDR through the ICU that
/// Swift's Foundation carries: every locale CLDR knows, none of them typed by hand.
///
/// Looked up on first use (when a number and a period before a word need deciding), once a
/// process for each language: English text, which never asks, never loads them.
///
/// Guarded by `NSLock`s (pthread mutexes), which ThreadSanitizer sees, rather than `Mutex`.
public final class CalendarNames: @unchecked Sendable {
    /// The language code ("sk").
    public let language: String
    /// Guards `loaded`.
    private let lock = NSLock()
    private var loaded: Names?

    private struct Names: Sendable {
        /// Full month names in every form CLDR has (the genitive "apríla" and the nominative
        /// "apríl"), lower-cased, last word only ("de gener" → "gener").
        var months: Set<String>
        /// Abbreviated month and weekday names, lower-cased, without their period.
        var abbreviations: Set<String>
        /// Whether a date writes its day or year as an ordinal with a period.
        var writesOrdinalDates: Bool
    }

    private init(language: String) {
        self.language = language
    }

    /// Guards `byLanguage`.
    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var byLanguage: [String: CalendarNames] = [:]

    /// The names of language `code`, shared by the process.
    public static func forLanguage(_ code: String) -> CalendarNames {
        cacheLock.withLock {
            if let names = byLanguage[code] { return names }
            let names = CalendarNames(language: code)
            byLanguage[code] = names
            return names
        }
    }

    /// Whether `word` (lower-cased) is a month's name.
    public func isMonthName(_ word: String) -> Bool {
        names().months.contains(word)
    }

    /// Whether `abbreviation` (lower-cased, no final period) is a month's or weekday's short name.
    public func isShortName(_ abbreviation: String) -> Bool {
        names().abbreviations.contains(abbreviation)
    }

    /// Whether the language writes a date's day or year as an ordinal with a period.
    public var writesOrdinalDates: Bool {
        names().writesOrdinalDates
    }

    private func names() -> Names {
        lock.withLock {
            if let loaded { return loaded }
            let made = Self.load(language)
            loaded = made
            return made
        }
    }

    private static func load(_ language: String) -> Names {
        guard !language.isEmpty else { return Names(months: [], abbreviations: [], writesOrdinalDates: false) }
        let locale = Locale(identifier: language)
        let formatter = DateFormatter()
        formatter.locale = locale
        func words(_ lists: [[String]?]) -> Set<String> {
            var result: Set<String> = []
            for list in lists {
                for name in list ?? [] {
                    var word = name.lowercased()
                    if let space = word.lastIndex(of: " ") { word = String(word[word.index(after: space)...]) }
                    while word.hasSuffix(".") { word.removeLast() }
                    if word.count >= 2 { result.insert(word) }
                }
            }
            return result
        }
        let months = words([formatter.monthSymbols, formatter.standaloneMonthSymbols])
        let abbreviations = words([
            formatter.shortMonthSymbols, formatter.shortStandaloneMonthSymbols, formatter.shortWeekdaySymbols,
            formatter.shortStandaloneWeekdaySymbols,
        ]).subtracting(months)
        // CLDR's pattern for a date with the month's name: "d. MMMM y" (de, sk, da), "y. MMMM d."
        // (hu) write ordinals; "d MMMM y" (fr) and "MMMM d, y" (en) do not.
        let pattern = DateFormatter.dateFormat(fromTemplate: "yMMMMd", options: 0, locale: locale) ?? ""
        let ordinal = pattern.contains("d.") || pattern.contains("y.")
        return Names(months: months, abbreviations: abbreviations, writesOrdinalDates: ordinal)
    }
}
