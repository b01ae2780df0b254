/// The six cases Ukrainian and Russian inflect numbers and nouns in (the vocative never
/// meets a number), in the order the tables of forms list them.
public enum GrammaticalCase: Int, Sendable, CaseIterable {
    case nominative, genitive, dative, accusative, instrumental, locative
}

/// The gender a number agrees with ("один/одна/одне", "два/дві").
public enum GrammaticalGender: Int, Sendable {
    case masculine, feminine, neuter
}

/// A counted noun's forms: six singular and six plural, by `GrammaticalCase`, its gender,
/// and the form it takes after 2, 3 and 4 (Ukrainian "дві гривні": the nominative plural;
/// Russian "два рубля": the genitive singular).
public struct CountedNoun: Sendable, Equatable {
    public var singular: [String]
    public var plural: [String]
    public var gender: GrammaticalGender
    public var afterTwoToFourIsGenitiveSingular: Bool

    /// Forms written as "nom gen dat acc ins loc" strings, singular then plural.
    public init(_ singular: String, _ plural: String, _ gender: GrammaticalGender, afterTwoToFourIsGenitiveSingular: Bool = false) {
        self.singular = singular.split(separator: " ").map(String.init)
        self.plural = plural.split(separator: " ").map(String.init)
        self.gender = gender
        self.afterTwoToFourIsGenitiveSingular = afterTwoToFourIsGenitiveSingular
        precondition(self.singular.count == 6 && self.plural.count == 6, "six forms each: \(singular) / \(plural)")
    }

    /// The form that goes with `number` in `grammaticalCase`: in the nominative and
    /// accusative 1 takes the singular, 2–4 the nominative plural (or the genitive singular),
    /// the rest (and 11–14) the genitive plural; in the other cases 1 takes the singular and
    /// the rest the plural.
    public func form(for number: Int, in grammaticalCase: GrammaticalCase) -> String {
        let lastTwo = number % 100
        let last = number % 10
        let isOne = last == 1 && lastTwo != 11
        switch grammaticalCase {
        case .nominative, .accusative:
            if isOne { return singular[grammaticalCase.rawValue] }
            if (2...4).contains(last) && !(12...14).contains(lastTwo) {
                return afterTwoToFourIsGenitiveSingular
                    ? singular[GrammaticalCase.genitive.rawValue] : plural[GrammaticalCase.nominative.rawValue]
            }
            return plural[GrammaticalCase.genitive.rawValue]
        default:
            return isOne ? singular[grammaticalCase.rawValue] : plural[grammaticalCase.rawValue]
        }
    }
}
