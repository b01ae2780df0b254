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
    /// ends it only when the next word is one of `sentenceStarters`, one the document writes in
    /// lower case, or a common word by the language's dictionary (`lexicon`).
    public var ambiguous: Set<String>
    /// Ambiguous abbreviations that usually modify the name after them ("St. Louis", "nám.
    /// Míru"): a capitalised common word after them is part of the name, not a sentence's first
    /// word.
    public var modifiers: Set<String>
    /// Modifiers that are a street's or place's suffix after a capitalised word ("Elm St."),
    /// where a sentence may end.
    public var suffixesAfterNames: Set<String>
    /// Common words that begin a name after an abbreviation ("the U.S. Army", "10 a.m. Pacific
    /// time"): the dictionary's word for them does not start a sentence.
    public var nameWords: Set<String>
    /// Units that close a sentence after a number ("5 м. Далі") but may be titles otherwise.
    public var unitsAfterNumbers: Set<String>
    /// Lower-cased words that typically begin a sentence: pronouns, articles, conjunctions,
    /// question words. They decide the ambiguous cases ("in the U.S. How about you?").
    public var sentenceStarters: Set<String>
    /// Lower-cased month names (all cases) for ordinal dates such as "am 3. Oktober".
    public var monthNames: Set<String>
    /// Whether a number with a period before a month name is an ordinal ("3. Oktober").
    public var hasOrdinalDates: Bool
    /// Whether a number with a period before any capitalized word is an ordinal, as in
    /// German ("der 2. Weltkrieg"): it then ends a sentence only before a sentence starter.
    public var hasOrdinalNumbers: Bool
    /// Prepositions that open a short phrase of time which an abbreviation does not end ("At 5
    /// a.m. Mr. Smith went ...", "У 1991 р. Україна ...").
    public var openingPrepositions: Set<String>
    /// Word endings that are abbreviations before a number ("Bahnhofstr. 12").
    public var abbreviationSuffixes: [String]
    /// Entries written with capitals in the lists ("MM" for Messieurs): an acronym in the
    /// text ("ТОВ", "NATO") is an abbreviation only if it is listed with its capitals.
    public var capitalized: Set<String>
    /// Characters that end a sentence besides . ! ? … (Greek uses ";" as a question mark).
    public var extraTerminators: Set<Unicode.Scalar>
    /// Letters that only ever stand at the end of a word (Greek final sigma): a period after
    /// them ends a sentence even before a lower-case word, as no abbreviation ends that way.
    public var wordFinalLetters: Set<Unicode.Scalar>
    /// The language's month and weekday names from CLDR, when it writes dates with ordinal
    /// periods or has no rules of its own: more forms than `monthNames` lists, and the
    /// short names before a number ("3. jan. 2020").
    public var calendar: CalendarNames?
    /// Whether a quotation of several sentences before its speech tag is one sentence
    /// («Я прийшов. Ти пішов?» — сказав він). On in the shared rules, so for every language
    /// (merging keeps it on): each of the 28 languages' writers set speech so.
    public var keepsQuotedSpeech: Bool
    /// The language's dictionary, which decides an ambiguous abbreviation before a
    /// capitalised word the rules and the document leave open: a common word starts a
    /// sentence, a name goes on (`WordLexicon`). Set by `LanguageRules.forLanguage`.
    public var lexicon: WordLexicon?

    /// Creates rules from lists; abbreviations and words are lower-cased here.
    public init(
        titles: [String] = [], beforeNumbers: [String] = [], closings: [String] = [], ambiguous: [String] = [],
        modifiers: [String] = [], suffixesAfterNames: [String] = [], nameWords: [String] = [],
        unitsAfterNumbers: [String] = [], sentenceStarters: [String] = [], monthNames: [String] = [],
        hasOrdinalDates: Bool = false, hasOrdinalNumbers: Bool = false, openingPrepositions: [String] = [],
        abbreviationSuffixes: [String] = [], extraTerminators: Set<Unicode.Scalar> = [],
        wordFinalLetters: Set<Unicode.Scalar> = [], keepsQuotedSpeech: Bool = false
    ) {
        func normalized(_ words: [String]) -> Set<String> {
            Set(words.map { $0.lowercased().replacingSpaces() })
        }
        let all = titles + beforeNumbers + closings + ambiguous
        self.capitalized = Set(all.filter { $0 != $0.lowercased() })
        self.titles = normalized(titles)
        self.beforeNumbers = normalized(beforeNumbers)
        self.closings = normalized(closings)
        self.ambiguous = normalized(ambiguous)
        self.modifiers = normalized(modifiers)
        self.suffixesAfterNames = normalized(suffixesAfterNames)
        self.nameWords = normalized(nameWords)
        self.unitsAfterNumbers = normalized(unitsAfterNumbers)
        self.sentenceStarters = normalized(sentenceStarters)
        self.monthNames = normalized(monthNames)
        self.hasOrdinalDates = hasOrdinalDates
        self.hasOrdinalNumbers = hasOrdinalNumbers
        self.openingPrepositions = normalized(openingPrepositions)
        self.abbreviationSuffixes = abbreviationSuffixes.map { $0.lowercased() }
        self.extraTerminators = extraTerminators
        self.wordFinalLetters = wordFinalLetters
        calendar = nil
        lexicon = nil
        self.keepsQuotedSpeech = keepsQuotedSpeech
    }

    /// These rules with `other`'s lists added (a language on top of the shared Latin set);
    /// where `other` puts an abbreviation in another class, `other` wins.
    public func merging(_ other: SegmentationRules) -> SegmentationRules {
        var result = self
        let overridden = other.titles.union(other.beforeNumbers).union(other.closings).union(other.ambiguous)
        result.titles.subtract(overridden)
        result.beforeNumbers.subtract(overridden)
        result.closings.subtract(overridden)
        result.ambiguous.subtract(overridden)
        result.titles.formUnion(other.titles)
        result.beforeNumbers.formUnion(other.beforeNumbers)
        result.closings.formUnion(other.closings)
        result.ambiguous.formUnion(other.ambiguous)
        result.modifiers.formUnion(other.modifiers)
        result.suffixesAfterNames.formUnion(other.suffixesAfterNames)
        result.nameWords.formUnion(other.nameWords)
        result.unitsAfterNumbers.formUnion(other.unitsAfterNumbers)
        result.sentenceStarters.formUnion(other.sentenceStarters)
        result.monthNames.formUnion(other.monthNames)
        result.hasOrdinalDates = result.hasOrdinalDates || other.hasOrdinalDates
        result.hasOrdinalNumbers = result.hasOrdinalNumbers || other.hasOrdinalNumbers
        result.openingPrepositions.formUnion(other.openingPrepositions)
        result.abbreviationSuffixes += other.abbreviationSuffixes
        result.capitalized.formUnion(other.capitalized)
        result.extraTerminators.formUnion(other.extraTerminators)
        result.wordFinalLetters.formUnion(other.wordFinalLetters)
        result.calendar = other.calendar ?? result.calendar
        result.lexicon = other.lexicon ?? result.lexicon
        result.keepsQuotedSpeech = result.keepsQuotedSpeech || other.keepsQuotedSpeech
        return result
    }

    /// How a period after `abbreviation` (lower-cased, no final period) is judged.
    enum AbbreviationKind {
        case title, beforeNumber, closing, ambiguous
    }

    /// Whether a number with a period before `word` (lower-cased) is a date's ordinal day or
    /// year: the language writes dates so and `word` is a month's name.
    func isOrdinalDate(before word: String) -> Bool {
        if hasOrdinalDates, monthNames.contains(word) { return true }
        guard let calendar, hasOrdinalDates || calendar.writesOrdinalDates else { return false }
        return calendar.isMonthName(word)
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
        // A settlement's type before its name ("ст. Вёшенская") that is also an article's
        // before a number ("ст. 5", which the scanner keeps whole before it asks).
        if modifiers.contains(abbreviation), ambiguous.contains(abbreviation) { return .ambiguous }
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
        guard unicodeScalars.contains(" ") else { return self }
        return String(scalars: unicodeScalars.filter { $0 != " " })
    }
}
