/// What the speech normalizer needs to know about one language, kept as data.
public struct SpeechRules: Sendable {
    /// Abbreviations eSpeak NG would misread or pause at, lower-cased with their periods
    /// ("dr.", "e.g.", "вул."), and what to say instead. A spaced form in the text
    /// ("т. д.") matches too; the first letter's case follows the text.
    public var abbreviations: [String: String]
    /// Units and other words read differently after a number ("5 м." is "5 метрів", while
    /// "м. Київ" is "місто Київ"), keyed like `abbreviations`.
    public var units: [String: String]
    /// Abbreviations read differently after a name or an ordinal ("Maple St." and "1st St."
    /// are Street, while "St. Michael" is Saint), keyed like `abbreviations`.
    public var afterNames: [String: String]
    /// Abbreviations read differently before a number ("с. 25" is "сторінка 25", while
    /// "с. Шевченкове" is "село"), keyed like `abbreviations`.
    public var beforeNumbers: [String: String]
    /// How to say an initial that alone would be read as a word ("A." is not the article
    /// "a"; "В." is not the preposition "в").
    public var letterNames: [String: String]
    /// Words that multiply an amount ("million", "млрд"): "$5 million" is read "5 million
    /// dollars". Lower-cased, with their period when they take one.
    public var multipliers: Set<String>
    /// Whether Roman numerals ("XIX") are read as numbers; for voices that would spell them
    /// as Latin letters.
    public var readsRomanNumerals: Bool
    /// Symbols and what to say for them ("%": "відсотків", "№": "номер").
    public var symbols: [Unicode.Scalar: String]
    /// Currency signs and the word said after the amount ("€": "euros").
    public var currencies: [Unicode.Scalar: String]
    /// The word for "." inside a domain name or e-mail address.
    public var dot: String
    /// The word for "@" in an e-mail address.
    public var at: String
    /// What is said before a URL's site ("link to" example dot org); nil says the site alone.
    public var linkTo: String?
    /// What to say for a decimal comma ("3,5" → "3 кома 5"), when the voice misreads it.
    public var decimalComma: String?
    /// Month names in the form a date takes ("лютого"), January first, for numeric dates
    /// such as 24.02.2022; empty when the voice reads numeric dates acceptably.
    public var dateMonths: [String]
    /// The word after a year in a date ("року"), if the language says one.
    public var yearWord: String?
    /// Numbers read in words that agree with what they count and the preposition before
    /// them, for a language whose voice reads digits in one form only.
    public var numberAgreement: NumberAgreement?

    /// Creates rules; abbreviation keys are lower-cased here.
    public init(
        abbreviations: [String: String] = [:], beforeNumbers: [String: String] = [:],
        letterNames: [String: String] = [:], multipliers: Set<String> = [], readsRomanNumerals: Bool = false,
        units: [String: String] = [:], afterNames: [String: String] = [:], symbols: [Unicode.Scalar: String] = [:],
        currencies: [Unicode.Scalar: String] = [:], dot: String = "dot", at: String = "at",
        decimalComma: String? = nil, dateMonths: [String] = [], yearWord: String? = nil, numberAgreement: NumberAgreement? = nil,
        linkTo: String? = nil
    ) {
        self.linkTo = linkTo
        self.numberAgreement = numberAgreement
        var lowered: [String: String] = [:]
        for (key, value) in abbreviations { lowered[key.lowercased().replacingSpaces()] = value }
        self.abbreviations = lowered
        var loweredUnits: [String: String] = [:]
        for (key, value) in units { loweredUnits[key.lowercased().replacingSpaces()] = value }
        self.units = loweredUnits
        var loweredNames: [String: String] = [:]
        for (key, value) in afterNames { loweredNames[key.lowercased().replacingSpaces()] = value }
        self.afterNames = loweredNames
        var loweredBefore: [String: String] = [:]
        for (key, value) in beforeNumbers { loweredBefore[key.lowercased().replacingSpaces()] = value }
        self.beforeNumbers = loweredBefore
        self.letterNames = letterNames
        self.multipliers = Set(multipliers.map { $0.lowercased() })
        self.readsRomanNumerals = readsRomanNumerals
        self.symbols = symbols
        self.currencies = currencies
        self.dot = dot
        self.at = at
        self.decimalComma = decimalComma
        self.dateMonths = dateMonths
        self.yearWord = yearWord
    }
}
