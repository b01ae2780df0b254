/// What a language's numbers agree with, as data: its number words (cardinal and ordinal
/// spellers), the case each preposition puts a number or a place in, the words of years,
/// centuries and months, abbreviated units and currencies, place abbreviations, and the
/// counted nouns whose gender or case a number must follow.
public struct NumberGrammar: Sendable {
    /// Words (prepositions, and verbs that govern a case) and the case they put an amount
    /// and a year, century or place in; nil leaves that one alone. Later rules win.
    public struct Governing: Sendable {
        public var words: [String]
        public var amount: GrammaticalCase?
        public var place: GrammaticalCase?

        public init(_ words: [String], amount: GrammaticalCase? = nil, place: GrammaticalCase? = nil) {
            self.words = words
            self.amount = amount
            self.place = place
        }
    }

    /// `number` in words in a case and gender.
    public var cardinal: @Sendable (Int, GrammaticalCase, GrammaticalGender) -> String
    public var ordinal: @Sendable (Int, GrammaticalCase, GrammaticalGender) -> String
    /// The case a preposition puts an amount in ("до 5%": genitive, "на 5%": accusative).
    public var amountCases: [String: GrammaticalCase]
    /// The case a preposition puts a year, a century or a place in ("у 1991 р.": locative).
    public var placeCases: [String: GrammaticalCase]
    /// The case a preposition puts a date's day in ("на 24 серпня": accusative); genitive
    /// otherwise.
    public var dateCases: [String: GrammaticalCase]
    /// The year's noun; the words after a year, each with its case; and its abbreviations,
    /// whose case the preposition decides ("р.").
    public var year: CountedNoun
    public var yearForms: [String: GrammaticalCase]
    public var yearAbbreviations: Set<String>
    public var century: CountedNoun
    public var centuryForms: [String: GrammaticalCase]
    public var centuryAbbreviations: Set<String>
    /// Month names in the genitive, after a day.
    public var monthsGenitive: Set<String>
    /// Abbreviated units and currencies after a number ("грн", "км", "тис."), lower-cased.
    public var units: [String: CountedNoun]
    /// Units that multiply ("тис.", "млн"): a currency after them is in the genitive plural.
    public var multipliers: [CountedNoun]
    public var currencies: [CountedNoun]
    /// The noun of "%", and the currencies written as symbols.
    public var percent: CountedNoun
    public var currencySymbols: [Character: CountedNoun]
    /// Abbreviations of nouns before a name ("вул.", "м."), put in a preposition's case.
    public var placeNouns: [String: CountedNoun]
    /// Nouns written out after a number, by form: the noun and the cases the form can be.
    public var nounForms: [String: (CountedNoun, Set<GrammaticalCase>)]
    /// Endings of nouns in one case, for nouns not listed ("містах": locative).
    public var caseEndings: [(String, GrammaticalCase)]
    /// Endings of adjectives, which may stand between a preposition and a place abbreviation.
    public var adjectiveEndings: [String]

    /// Whether the tables know `word` as a preposition, looked up in each table (a set of
    /// them all had been made for every word asked about).
    public func isPreposition(_ word: String) -> Bool {
        amountCases[word] != nil || placeCases[word] != nil || dateCases[word] != nil
    }

    public init(
        cardinal: @escaping @Sendable (Int, GrammaticalCase, GrammaticalGender) -> String,
        ordinal: @escaping @Sendable (Int, GrammaticalCase, GrammaticalGender) -> String,
        governing: [Governing], dateCases: [String: GrammaticalCase],
        year: CountedNoun, yearForms: [String: GrammaticalCase], yearAbbreviations: Set<String>, century: CountedNoun,
        centuryForms: [String: GrammaticalCase], centuryAbbreviations: Set<String>,
        monthsGenitive: Set<String>, units: [(CountedNoun, [String])], multipliers: [CountedNoun], currencies: [CountedNoun],
        percent: CountedNoun, currencySymbols: [Character: CountedNoun], placeNouns: [String: CountedNoun], nouns: [CountedNoun],
        caseEndings: [(String, GrammaticalCase)], adjectiveEndings: [String]
    ) {
        self.adjectiveEndings = adjectiveEndings
        self.cardinal = cardinal
        self.ordinal = ordinal
        var amountCases: [String: GrammaticalCase] = [:]
        var placeCases: [String: GrammaticalCase] = [:]
        for rule in governing {
            for word in rule.words {
                if let amount = rule.amount { amountCases[word] = amount }
                if let place = rule.place { placeCases[word] = place }
            }
        }
        self.amountCases = amountCases
        self.placeCases = placeCases
        self.dateCases = dateCases
        self.year = year
        self.yearForms = yearForms
        self.yearAbbreviations = yearAbbreviations
        self.century = century
        self.centuryForms = centuryForms
        self.centuryAbbreviations = centuryAbbreviations
        self.monthsGenitive = monthsGenitive
        var byAbbreviation: [String: CountedNoun] = [:]
        for (unit, keys) in units {
            for key in keys { byAbbreviation[key] = unit }
        }
        self.units = byAbbreviation
        self.multipliers = multipliers
        self.currencies = currencies
        self.percent = percent
        self.currencySymbols = currencySymbols
        self.placeNouns = placeNouns
        var forms: [String: (CountedNoun, Set<GrammaticalCase>)] = [:]
        for noun in nouns {
            for grammaticalCase in GrammaticalCase.allCases {
                for form in [noun.singular[grammaticalCase.rawValue], noun.plural[grammaticalCase.rawValue]] {
                    forms[form, default: (noun, [])].1.insert(grammaticalCase)
                }
            }
        }
        self.nounForms = forms
        self.caseEndings = caseEndings
    }

    func amountCase(_ preposition: String) -> GrammaticalCase { amountCases[preposition] ?? .nominative }
    func placeCase(_ preposition: String) -> GrammaticalCase { placeCases[preposition] ?? .nominative }

    /// `number` and the form of `noun` that goes with it.
    func count(_ number: Int, _ noun: CountedNoun, _ grammaticalCase: GrammaticalCase) -> String {
        cardinal(number, grammaticalCase, noun.gender) + " " + noun.form(for: number, in: grammaticalCase)
    }

    /// "5%", "$5", "5₴": the number and what it counts.
    func amount(_ core: String) -> (Int, CountedNoun)? {
        guard let first = core.first, let last = core.last, core.count >= 2 else { return nil }
        if last == "%", let number = NumberAgreement.integer(core.dropLast()) { return (number, percent) }
        if let noun = currencySymbols[first], let number = NumberAgreement.integer(core.dropFirst()) { return (number, noun) }
        if let noun = currencySymbols[last], let number = NumberAgreement.integer(core.dropLast()) { return (number, noun) }
        return nil
    }

    /// The noun written out after a number (when listed) and the case the number takes:
    /// the preposition's, where the noun's form allows it, else the form's own.
    func countedNoun(_ word: String, preposition: String?) -> (CountedNoun?, GrammaticalCase)? {
        if let (noun, cases) = nounForms[word] {
            if let preposition {
                let governed = amountCase(preposition)
                if cases.contains(governed) { return (noun, governed) }
                // "у 5 містах": the form says which case an ambiguous preposition takes.
                for grammaticalCase in [GrammaticalCase.locative, .instrumental, .dative, .genitive] where cases.contains(grammaticalCase) {
                    return (noun, grammaticalCase)
                }
                return nil
            }
            // No preposition: the nominative, or the accusative a form can only be ("21 годину").
            if cases.contains(.nominative) || cases.contains(.genitive) { return (noun, .nominative) }
            return cases.contains(.accusative) ? (noun, .accusative) : nil
        }
        guard let preposition else { return nil }
        for (ending, grammaticalCase) in caseEndings where word.hasSuffix(ending) && word.count > ending.count + 1 {
            return (nil, grammaticalCase)
        }
        let governed = amountCase(preposition)
        return governed == .genitive ? (nil, .genitive) : nil
    }
}
