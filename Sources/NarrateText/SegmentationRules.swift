/// What a sentence segmenter needs to know about one language, kept as data.
///
/// Abbreviations are stored lower-cased, without their final period, with inner periods
/// and no spaces ("e.g", "т.д", "u.s"); a spaced form in the text ("т. д.") matches too.
public struct SegmentationRules: Sendable {
    /// Words that always come before a name or a number, so a period after them never
    /// ends a sentence: titles and the like ("dr", "prof", "вул", "ім").
    public var titles: Set<String>
    /// Abbreviations that come before a number ("p", "no", "fig", "ст"): a period after
    /// them does not end a sentence when a digit follows; otherwise they act as `closings`.
    public var beforeNumbers: Set<String>
    /// Abbreviations that often close a sentence ("etc", "тис", "грн"): a period after them
    /// ends the sentence when the next word is capitalized or a number.
    public var closings: Set<String>
    /// Abbreviations that seldom close a sentence ("co", "inc", "u.s"): a period after them
    /// ends it only when the next word is one of `sentenceStarters`.
    public var ambiguous: Set<String>
    /// Units that close a sentence after a number ("5 м. Далі") but may be titles otherwise.
    public var unitsAfterNumbers: Set<String>
    /// Lower-cased words that typically begin a sentence: pronouns, articles, conjunctions,
    /// question words. They decide the ambiguous cases ("in the U.S. How about you?").
    public var sentenceStarters: Set<String>
    /// Lower-cased month names (all cases) for ordinal dates such as "am 3. Oktober".
    public var monthNames: Set<String>
    /// Whether a number with a period before a month name is an ordinal ("3. Oktober").
    public var hasOrdinalDates: Bool
    /// Characters that end a sentence besides . ! ? … (Greek uses ";" as a question mark).
    public var extraTerminators: Set<Unicode.Scalar>
    /// Letters that only ever stand at the end of a word (Greek final sigma): a period after
    /// them ends a sentence even before a lower-case word, as no abbreviation ends that way.
    public var wordFinalLetters: Set<Unicode.Scalar>

    /// Creates rules from lists; abbreviations and words are lower-cased here.
    public init(
        titles: [String] = [], beforeNumbers: [String] = [], closings: [String] = [], ambiguous: [String] = [],
        unitsAfterNumbers: [String] = [], sentenceStarters: [String] = [], monthNames: [String] = [],
        hasOrdinalDates: Bool = false, extraTerminators: Set<Unicode.Scalar> = [],
        wordFinalLetters: Set<Unicode.Scalar> = []
    ) {
        func normalized(_ words: [String]) -> Set<String> {
            Set(words.map { $0.lowercased().replacingSpaces() })
        }
        self.titles = normalized(titles)
        self.beforeNumbers = normalized(beforeNumbers)
        self.closings = normalized(closings)
        self.ambiguous = normalized(ambiguous)
        self.unitsAfterNumbers = normalized(unitsAfterNumbers)
        self.sentenceStarters = normalized(sentenceStarters)
        self.monthNames = normalized(monthNames)
        self.hasOrdinalDates = hasOrdinalDates
        self.extraTerminators = extraTerminators
        self.wordFinalLetters = wordFinalLetters
    }

    /// These rules with `other`'s lists added (a language on top of the shared Latin set).
    public func merging(_ other: SegmentationRules) -> SegmentationRules {
        var result = self
        result.titles.formUnion(other.titles)
        result.beforeNumbers.formUnion(other.beforeNumbers)
        result.closings.formUnion(other.closings)
        result.ambiguous.formUnion(other.ambiguous)
        result.unitsAfterNumbers.formUnion(other.unitsAfterNumbers)
        result.sentenceStarters.formUnion(other.sentenceStarters)
        result.monthNames.formUnion(other.monthNames)
        result.hasOrdinalDates = result.hasOrdinalDates || other.hasOrdinalDates
        result.extraTerminators.formUnion(other.extraTerminators)
        result.wordFinalLetters.formUnion(other.wordFinalLetters)
        return result
    }

    /// How a period after `abbreviation` (lower-cased, no final period) is judged.
    enum AbbreviationKind {
        case title, beforeNumber, closing, ambiguous
    }

    /// Whether `abbreviation` is in any of the lists.
    func isAbbreviation(_ abbreviation: String) -> Bool {
        titles.contains(abbreviation) || beforeNumbers.contains(abbreviation) || closings.contains(abbreviation)
            || ambiguous.contains(abbreviation)
    }

    /// The kind of `abbreviation`, if it is one; `afterNumber` tells whether a number
    /// stands just before it ("5 м.").
    func kind(of abbreviation: String, afterNumber: Bool) -> AbbreviationKind? {
        if afterNumber {
            // After a number "г." is a year and "м." metres, not a city.
            if unitsAfterNumbers.contains(abbreviation) { return .closing }
            if ambiguous.contains(abbreviation) { return .ambiguous }
        }
        if titles.contains(abbreviation) { return .title }
        if beforeNumbers.contains(abbreviation) { return .beforeNumber }
        if closings.contains(abbreviation) { return .closing }
        if ambiguous.contains(abbreviation) { return .ambiguous }
        return nil
    }
}

extension String {
    /// The string without spaces ("т. д" becomes "т.д").
    func replacingSpaces() -> String {
        String(scalars: unicodeScalars.filter { $0 != " " })
    }
}
