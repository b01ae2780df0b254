/// Numbers read in words that agree with what they count and with the preposition before
/// them, where the voice would read digits in the nominative masculine: "2 грн" → "дві
/// гривні", "до 5%" → "до п'яти відсотків", "у 1991 р." → "у тисяча дев'ятсот дев'яносто
/// першому році", "у XIX ст." → "у дев'ятнадцятому столітті", "на вул. Хрещатик" → "на
/// вулиці Хрещатик". The grammar is data (`NumberGrammar`); this is the scan that applies it
/// to a sentence, word by word, before the rest of the speech normalizer.
public struct NumberAgreement: Sendable {
    public let grammar: NumberGrammar

    public init(grammar: NumberGrammar) {
        self.grammar = grammar
    }

    /// One space-separated piece of the sentence: punctuation before, the word, after.
    struct Piece {
        var leading: Substring
        var core: Substring
        var trailing: Substring

        init(_ text: Substring) {
            let isCore: (Character) -> Bool = {
                $0.isLetter || $0.isNumber || $0 == "%" || $0 == "$" || $0 == "€" || $0 == "₴" || $0 == "£"
            }
            let start = text.firstIndex(where: isCore) ?? text.endIndex
            let end = text[start...].lastIndex(where: isCore).map { text.index(after: $0) } ?? start
            leading = text[..<start]
            core = text[start..<end]
            trailing = text[end...]
        }

        /// The word lower-cased, with its abbreviation period when one follows ("р.").
        var key: String { core.lowercased() + (trailing.hasPrefix(".") ? "." : "") }
        var lower: String { core.lowercased() }
    }

    /// `sentence` with its numbers and place abbreviations read in agreement.
    public func apply(to sentence: String) -> String {
        let raw = sentence.split(separator: " ", omittingEmptySubsequences: false)
        guard raw.contains(where: { $0.contains(where: \.isNumber) || $0.contains(".") }) else { return sentence }
        let pieces = raw.map(Piece.init)
        var output: [String] = []
        var index = 0
        while index < pieces.count {
            if let (text, used) = reading(at: index, of: pieces) {
                output.append(text)
                index += used
            } else {
                output.append(String(raw[index]))
                index += 1
            }
        }
        return output.joined(separator: " ")
    }

    /// The reading of the pieces from `index` on, and how many it takes, when a rule applies.
    private func reading(at index: Int, of pieces: [Piece]) -> (String, Int)? {
        let piece = pieces[index]
        let next = index + 1 < pieces.count ? pieces[index + 1] : nil
        let preposition = self.preposition(before: index, in: pieces, acrossAdjective: false)
        // A piece ends with what followed the word, its abbreviation period dropped (kept at
        // the sentence's end).
        func closing(_ last: Piece, at position: Int) -> String {
            var trailing = last.trailing
            if trailing.hasPrefix("."), position < pieces.count - 1 || trailing.count > 1 { trailing = trailing.dropFirst() }
            return String(trailing)
        }
        // A place abbreviation after a preposition: "на вул. Хрещатик", "у Полтавській обл.".
        if let noun = grammar.placeNouns[piece.key],
            let governing = self.preposition(before: index, in: pieces, acrossAdjective: true)
        {
            let grammaticalCase = grammar.placeCase(governing)
            return (piece.leading + noun.singular[grammaticalCase.rawValue] + closing(piece, at: index), 1)
        }
        // "5%", "$5", "5₴".
        if let (number, noun) = grammar.amount(String(piece.core)) {
            let grammaticalCase = preposition.map(grammar.amountCase) ?? .nominative
            return (piece.leading + grammar.count(number, noun, grammaticalCase) + piece.trailing, 1)
        }
        guard let next else { return nil }
        if let number = Self.integer(piece.core) {
            // A year: "1991 р.", "1991 року", "у 1991 році".
            let yearForm = grammar.yearForms[next.lower]
            // A year written out after a small number is a count ("2 года"); abbreviated, a year.
            if yearForm != nil && number >= 100 || grammar.yearAbbreviations.contains(next.key), piece.trailing.isEmpty,
                (1...2999).contains(number)
            {
                let grammaticalCase = yearForm ?? preposition.map(grammar.placeCase) ?? .genitive
                let noun = yearForm == nil ? grammar.year.singular[grammaticalCase.rawValue] : String(next.core)
                let text = piece.leading + grammar.ordinal(number, grammaticalCase, .masculine) + " " + noun + closing(next, at: index + 1)
                return (text, 2)
            }
            // A date: "24 серпня".
            if (1...31).contains(number), grammar.monthsGenitive.contains(next.lower), piece.trailing.isEmpty {
                let grammaticalCase = preposition.flatMap { grammar.dateCases[$0] } ?? .genitive
                return (piece.leading + grammar.ordinal(number, grammaticalCase, .neuter), 1)
            }
            // An abbreviated unit: "5 грн", "2 км", "3 тис.", then a currency after a multiplier.
            if piece.trailing.isEmpty, let unit = grammar.units[next.key] ?? grammar.units[next.lower] {
                let grammaticalCase = preposition.map(grammar.amountCase) ?? .nominative
                var text = piece.leading + grammar.count(number, unit, grammaticalCase)
                var used = 2
                var last = next
                if grammar.multipliers.contains(unit), index + 2 < pieces.count, next.trailing.isEmpty || next.trailing == ".",
                    let currency = grammar.units[pieces[index + 2].key] ?? grammar.units[pieces[index + 2].lower],
                    grammar.currencies.contains(currency)
                {
                    text +=
                        " "
                        + (grammaticalCase == .nominative || grammaticalCase == .accusative
                            ? currency.plural[GrammaticalCase.genitive.rawValue] : currency.plural[grammaticalCase.rawValue])
                    last = pieces[index + 2]
                    used = 3
                }
                return (text + closing(last, at: index + used - 1), used)
            }
            // A noun written out: the number agrees with its gender and the preposition's case.
            if piece.trailing.isEmpty, let (noun, grammaticalCase) = grammar.countedNoun(next.lower, preposition: preposition) {
                return (piece.leading + grammar.cardinal(number, grammaticalCase, noun?.gender ?? .masculine), 1)
            }
            return nil
        }
        // A century: "XIX ст.", "у XIX столітті".
        let centuryForm = grammar.centuryForms[next.lower]
        if let number = SpeechNormalizer.romanValue(String(piece.core)), piece.trailing.isEmpty,
            centuryForm != nil || grammar.centuryAbbreviations.contains(next.key)
        {
            let grammaticalCase = centuryForm ?? preposition.map(grammar.placeCase) ?? .genitive
            let noun = centuryForm == nil ? grammar.century.singular[grammaticalCase.rawValue] : String(next.core)
            return (piece.leading + grammar.ordinal(number, grammaticalCase, .neuter) + " " + noun + closing(next, at: index + 1), 2)
        }
        return nil
    }

    /// The preposition (or verb) just before `index` whose case the tables know; with
    /// `acrossAdjective`, also one word further with an adjective between ("у Полтавській
    /// обл."). Punctuation between ends the search.
    private func preposition(before index: Int, in pieces: [Piece], acrossAdjective: Bool) -> String? {
        for distance in 1...(acrossAdjective ? 2 : 1) where index - distance >= 0 {
            let candidate = pieces[index - distance]
            guard candidate.trailing.isEmpty, pieces[index - distance + 1].leading.isEmpty else { return nil }
            let lower = candidate.lower
            if grammar.isPreposition(lower) { return lower }
            if !grammar.adjectiveEndings.contains(where: { lower.hasSuffix($0) && lower.count > $0.count + 2 }) {
                return nil
            }
        }
        return nil
    }

    static func integer(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 12, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

extension Substring {
    fileprivate static func + (left: Substring, right: String) -> String { String(left) + right }
}
