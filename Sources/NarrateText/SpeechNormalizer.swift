import NarrateCore

/// Prepares a sentence for the speech engine, per language, apart from the text users see.
///
/// eSpeak NG ends a clause at every ". " (it reads "Dr. Smith" as two), spells out URLs
/// character by character, reads "€5" as "euro five" and skips or misreads symbols in some
/// languages. The normalizer expands the language's abbreviations, drops the period of
/// any other abbreviation or initial inside the sentence (the segmenter has already decided
/// the sentence goes on), reads URLs as a link to their domain and e-mail addresses as "name at
/// domain", drops footnote markers such as "[12]", puts currency after the amount, and reads
/// symbols, numeric dates and decimal commas where the voice would not. Everything else is
/// left to eSpeak NG. A pronunciation lexicon is applied first, so its entries win.
public struct SpeechNormalizer: Sendable {
    /// The language's rules.
    public var rules: SpeechRules
    /// The voice preset's lexicon.
    public var lexicon: PronunciationLexicon
    /// Abbreviations that stand for a word only before a number ("No. 5", "p. 55"): "No." or
    /// "sec." anywhere else is left as written.
    public var beforeNumbers: Set<String>

    /// Creates a normalizer for a language code or voice name ("en", "uk", "de-DE").
    public init(language: String, lexicon: PronunciationLexicon = PronunciationLexicon()) {
        let language = LanguageRules.forLanguage(language)
        let segmentation = language.segmentation
        self.init(
            rules: language.speech, lexicon: lexicon,
            beforeNumbers: segmentation.beforeNumbers.subtracting(segmentation.titles)
        )
    }

    /// Creates a normalizer with explicit rules.
    public init(
        rules: SpeechRules, lexicon: PronunciationLexicon = PronunciationLexicon(), beforeNumbers: Set<String> = []
    ) {
        self.rules = rules
        self.lexicon = lexicon
        self.beforeNumbers = beforeNumbers
    }

    /// The form of `sentence` the speech engine should receive.
    public func spoken(_ sentence: String) -> String {
        var text = Self.removingFootnoteMarkers(from: lexicon.apply(to: sentence))
        if let agreement = rules.numberAgreement { text = agreement.apply(to: text) }
        var tokens = SpokenToken.tokens(of: text)
        var output: [String] = []
        output.reserveCapacity(tokens.count)
        // Tokens after the last word (an emoji, a dash) do not move the sentence's end.
        let lastWord = tokens.lastIndex { $0.core.unicodeScalars.contains { $0.isLetter || $0.isNumeric } } ?? tokens.count - 1
        var carriedCurrency: String?
        var index = 0
        while index < tokens.count {
            let isLast = index >= lastWord
            if !isLast, let expansion = compositeAbbreviation(tokens[index], tokens[index + 1]) {
                var merged = tokens[index + 1]
                merged.core = expansion
                merged.trailing = Self.afterPeriod(merged.trailing, keepingIt: index + 1 == tokens.count - 1)
                merged.leading = tokens[index].leading
                output.append(merged.text)
                index += 2
                continue
            }
            let previous = index > 0 ? tokens[index - 1].core : ""
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            // "$5 million" is "5 million dollars".
            if let currency = carriedCurrency {
                rewrite(&tokens[index], previousCore: previous, next: next, isFirst: false, isLast: isLast)
                tokens[index].core += " \(currency)"
                carriedCurrency = nil
                output.append(tokens[index].text)
                index += 1
                continue
            }
            if let next, let (amount, currency) = spokenAmountBeforeMultiplier(tokens[index].core, next: next) {
                tokens[index].core = amount
                carriedCurrency = currency
                output.append(tokens[index].text)
                index += 1
                continue
            }
            rewrite(&tokens[index], previousCore: previous, next: next, isFirst: index == 0, isLast: isLast)
            if tokens[index].core.isEmpty, tokens[index].leading.isEmpty, tokens[index].trailing.isEmpty {
                index += 1
                continue
            }
            output.append(tokens[index].text)
            index += 1
        }
        return Self.cappingWords(output.joined(separator: " "))
    }

    /// `text` with every run of more than `InputLimits.wordCharacters` characters without
    /// white space cut to its first that many: eSpeak NG would spell a 1,000-letter "word"
    /// (a hash, a blob of base64) letter by letter for minutes.
    static func cappingWords(_ text: String) -> String {
        let limit = InputLimits.wordCharacters
        guard text.utf8.count > limit else { return text }
        var run = 0
        var needsCut = false
        for scalar in text.unicodeScalars {
            run = scalar.properties.isWhitespace ? 0 : run + 1
            if run > limit {
                needsCut = true
                break
            }
        }
        guard needsCut else { return text }
        var kept = String.UnicodeScalarView()
        run = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.isWhitespace ? 0 : run + 1
            if run <= limit { kept.append(scalar) }
        }
        return String(kept)
    }

    // MARK: Tokens

    private func rewrite(
        _ token: inout SpokenToken, previousCore: String, next: SpokenToken?, isFirst: Bool, isLast: Bool
    ) {
        let core = token.core
        guard !core.isEmpty else { return }
        // Whole-token readings, the first that applies wins; of a plain word only a Roman
        // numeral's can.
        if let spoken = isPlainWord(core) ? spokenRomanNumeral(core) : wholeTokenReading(core, previousCore: previousCore, next: next) {
            token.core = spoken
            return
        }
        let hasPeriod = token.trailing.hasPrefix(".") && !token.trailing.hasPrefix("..")
        let afterNumber = Self.isNumber(previousCore) || (rules.readsRomanNumerals && Self.romanValue(previousCore) != nil)
        let beforeNumber = next?.core.unicodeScalars.first?.isDecimalDigit ?? false
        // "ТОВ", "NATO": an acronym is not the lower-case abbreviation it spells.
        let isAcronym = core.unicodeScalars.count >= 2 && core.unicodeScalars.allSatisfy { $0.isUpper }
        // "No. 5" is "number 5"; "No." alone stays "no".
        let key = core.lowercased().replacingSpaces()
        let onlyBeforeNumbers = beforeNumbers.contains(key) && !beforeNumber
        if hasPeriod, beforeNumber, let word = rules.beforeNumbers[key + "."] {
            token.core = Self.matchingCase(word, of: core, isFirst: isFirst)
            token.trailing = Self.afterPeriod(token.trailing, keepingIt: isLast)
            return
        }
        // An initial that alone would be read as a word ("A", "В"): its letter's name.
        if hasPeriod, !isLast, core.unicodeScalars.count == 1, let name = rules.letterNames[core] {
            token.core = name
            token.trailing = Self.afterPeriod(token.trailing, keepingIt: false)
            return
        }
        // "Maple St. near", but "Councilmember Dr. Alicia Moreno": a name follows a title.
        let nameFollows = next?.core.unicodeScalars.first?.properties.isUppercase ?? false
        if hasPeriod, !nameFollows, Self.isNameOrOrdinal(previousCore),
            let street = rules.afterNames[(core + ".").lowercased()]
        {
            token.core = street
            token.trailing = Self.afterPeriod(token.trailing, keepingIt: isLast)
            return
        }
        if hasPeriod, !isAcronym,
            let expansion = expansion(of: core + ".", afterNumber: afterNumber, unitOnly: onlyBeforeNumbers)
        {
            token.core = Self.matchingCase(expansion, of: core, isFirst: isFirst)
            token.trailing = Self.afterPeriod(token.trailing, keepingIt: isLast)
            return
        }
        if !isAcronym, let expansion = expansion(of: core, afterNumber: afterNumber, unitOnly: onlyBeforeNumbers) {
            token.core = Self.matchingCase(expansion, of: core, isFirst: isFirst)
            return
        }
        // Any other abbreviation or initial inside the sentence: without its period eSpeak
        // NG does not stop there ("U.S. Government", "Jonas E. Smith").
        if hasPeriod, !isLast, let last = core.unicodeScalars.last, last.properties.isAlphabetic {
            token.trailing = Self.afterPeriod(token.trailing, keepingIt: false)
        }
    }

    /// A URL, e-mail address, amount, symbol, date, decimal or Roman numeral read out, or nil.
    private func wholeTokenReading(_ core: String, previousCore: String, next: SpokenToken?) -> String? {
        if let spoken = spokenURL(core) { return spoken }
        if let spoken = spokenEmail(core) { return spoken }
        if let spoken = spokenAmount(core, previousCore: previousCore) { return spoken }
        if let spoken = spokenSymbol(core) { return spoken }
        if let spoken = spokenDate(core, next: next) { return spoken }
        if let spoken = spokenDecimal(core) { return spoken }
        return spokenRomanNumeral(core)
    }

    /// Letters only (apostrophes and hyphens inside), and neither end a symbol or currency
    /// sign of the language: no URL, address, amount, symbol, date or decimal, most of the
    /// tokens of any text.
    private func isPlainWord(_ core: String) -> Bool {
        let scalars = core.unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
            rules.symbols[first] == nil, rules.symbols[last] == nil,
            rules.currencies[first] == nil, rules.currencies[last] == nil
        else { return false }
        return scalars.allSatisfy { $0.isLetter || $0 == "'" || $0 == "-" || $0 == "’" }
    }

    /// What `key` stands for: a unit after a number, else (unless `unitOnly`) an abbreviation.
    private func expansion(of key: String, afterNumber: Bool, unitOnly: Bool = false) -> String? {
        let lowered = key.lowercased()
        if afterNumber {
            // "5 см." is "5 сантиметрів" whether the unit is listed with its period or not.
            if let unit = rules.units[lowered] { return unit }
            if lowered.hasSuffix("."), let unit = rules.units[String(lowered.dropLast())] { return unit }
        }
        return unitOnly ? nil : rules.abbreviations[lowered]
    }

    /// "т. д." and "et al." as one abbreviation.
    private func compositeAbbreviation(_ first: SpokenToken, _ second: SpokenToken) -> String? {
        guard !first.core.isEmpty, !second.core.isEmpty, second.trailing.hasPrefix("."),
            first.trailing.isEmpty || first.trailing == "."
        else { return nil }
        let key = (first.core + first.trailing + second.core + ".").lowercased()
        guard let expansion = rules.abbreviations[key] else { return nil }
        return expansion
    }

    /// The trailing punctuation without its first period, unless it ends the sentence.
    private static func afterPeriod(_ trailing: String, keepingIt: Bool) -> String {
        guard !keepingIt, trailing.hasPrefix(".") else { return trailing }
        return String(trailing.dropFirst())
    }

    /// The expansion as listed, capitalized when it starts the sentence ("No. 5" inside a
    /// sentence is "number 5"; "Проф. Іваненко ..." is "Професор Іваненко ...").
    private static func matchingCase(_ expansion: String, of original: String, isFirst: Bool) -> String {
        guard isFirst, let first = original.unicodeScalars.first, first.properties.isUppercase,
            let head = expansion.first
        else { return expansion }
        return head.uppercased() + expansion.dropFirst()
    }

    // MARK: URLs and e-mail

    /// "https://www.example.com/a/b?c" is read as a link to its domain, "link to example dot
    /// com", with the language's words.
    private func spokenURL(_ core: String) -> String? {
        let lowered = core.lowercased()
        var rest: Substring
        if let scheme = ["https://", "http://", "ftp://"].first(where: { lowered.hasPrefix($0) }) {
            rest = core.dropFirst(scheme.count)
        } else if lowered.hasPrefix("www."), core.count > 4 {
            rest = Substring(core)
        } else {
            return nil
        }
        if rest.lowercased().hasPrefix("www.") { rest = rest.dropFirst(4) }
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        guard host.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        return rules.linkTo.map { "\($0) \(spokenDomain(host))" } ?? spokenDomain(host)
    }

    private func spokenDomain(_ domain: Substring) -> String {
        domain.split(separator: ".").joined(separator: " \(rules.dot) ")
    }

    private func spokenEmail(_ core: String) -> String? {
        guard let at = core.firstIndex(of: "@"), at != core.startIndex else { return nil }
        let user = core[..<at]
        let domain = core[core.index(after: at)...]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.contains("@"),
            user.allSatisfy({ $0.isLetter || $0.isNumber || "._-+".contains($0) })
        else { return nil }
        let spokenUser = user.split(separator: ".").joined(separator: " \(rules.dot) ")
        return "\(spokenUser) \(rules.at) \(spokenDomain(domain))"
    }

    // MARK: Numbers and symbols

    /// "$100.00" → "100 dollars", "170.500.000,00€" → "170.500.000 euros", "€" after a number.
    private func spokenAmount(_ core: String, previousCore: String) -> String? {
        let scalars = core.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return nil }
        if scalars.count == 1, let word = rules.currencies[first], Self.isNumber(previousCore) { return word }
        if let word = rules.currencies[first] {
            let amount = String(core.unicodeScalars.dropFirst())
            if Self.isNumber(amount) { return "\(spokenNumber(Self.withoutZeroCents(amount))) \(word)" }
        }
        if let word = rules.currencies[last] {
            let amount = String(core.unicodeScalars.dropLast())
            if Self.isNumber(amount) { return "\(spokenNumber(Self.withoutZeroCents(amount))) \(word)" }
        }
        return nil
    }

    /// "$5" before "million" or "млрд": the amount now, the currency after the multiplier.
    private func spokenAmountBeforeMultiplier(_ core: String, next: SpokenToken) -> (String, String)? {
        guard let first = core.unicodeScalars.first, let word = rules.currencies[first] else { return nil }
        let key = next.core.lowercased()
        guard rules.multipliers.contains(key) || rules.multipliers.contains(key + ".") else { return nil }
        let amount = String(core.unicodeScalars.dropFirst())
        guard Self.isNumber(amount) else { return nil }
        return (spokenNumber(Self.withoutZeroCents(amount)), word)
    }

    /// A number as the voice should get it: a decimal comma read out where the voice
    /// misreads it.
    private func spokenNumber(_ number: String) -> String {
        spokenDecimal(number) ?? number
    }

    /// "5%" → "5 відсотків", "№5" → "номер 5", "&" → "and", where the language has a word.
    private func spokenSymbol(_ core: String) -> String? {
        let scalars = core.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return nil }
        if scalars.count == 1, let word = rules.symbols[first] { return word }
        if let word = rules.symbols[first], first == "№" || first == "§" {
            let rest = String(core.unicodeScalars.dropFirst())
            if Self.isNumber(rest) { return "\(word) \(rest)" }
        }
        if let word = rules.symbols[last], last == "%" || last == "°" {
            let amount = String(core.unicodeScalars.dropLast())
            if Self.isNumber(amount) { return "\(spokenNumber(amount)) \(word)" }
        }
        // "+30" is "плюс 30" where the voice would say it in English.
        if first == "+" || first == "−", let word = rules.symbols[first] {
            let rest = String(core.unicodeScalars.dropFirst())
            if Self.isNumber(rest) { return "\(word) \(spokenNumber(rest))" }
        }
        // A unit glued to its number: "20°C", "5км".
        if let digits = core.unicodeScalars.firstIndex(where: { !($0.isDecimalDigit || $0 == "," || $0 == ".") }),
            digits > core.unicodeScalars.startIndex
        {
            let amount = String(core.unicodeScalars[..<digits])
            let unit = String(core.unicodeScalars[digits...]).lowercased()
            if Self.isNumber(amount), let word = rules.units[unit] { return "\(spokenNumber(amount)) \(word)" }
        }
        return nil
    }

    /// "XIX" → "19" where the voice would spell a Roman numeral as Latin letters.
    private func spokenRomanNumeral(_ core: String) -> String? {
        guard rules.readsRomanNumerals, core.unicodeScalars.count >= 2, let value = Self.romanValue(core) else { return nil }
        return String(value)
    }

    /// The value of a Roman numeral of I, V, X, L and C in its usual form ("XIX", "XXI"),
    /// or nil; letters such as "CD" or "DC" are left alone as they are often acronyms.
    static func romanValue(_ text: String) -> Int? {
        let values: [Unicode.Scalar: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100]
        let digits = text.unicodeScalars.map { values[$0] }
        guard !digits.isEmpty, digits.count <= 8, !digits.contains(nil) else { return nil }
        var total = 0
        for (index, digit) in digits.enumerated() {
            let value = digit!
            if index + 1 < digits.count, value < digits[index + 1]! { total -= value } else { total += value }
        }
        guard total > 0, total < 400, romanNumeral(total) == text else { return nil }
        return total
    }

    private static func romanNumeral(_ value: Int) -> String {
        let table: [(Int, String)] = [
            (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var rest = value
        var result = ""
        for (amount, letters) in table {
            while rest >= amount {
                result += letters
                rest -= amount
            }
        }
        return result
    }

    /// "24.02.2022" → "24 лютого 2022 року" where the language lists its months.
    private func spokenDate(_ core: String, next: SpokenToken?) -> String? {
        guard rules.dateMonths.count == 12 else { return nil }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }),
            parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4,
            let day = Int(parts[0]), let month = Int(parts[1]), (1...31).contains(day), (1...12).contains(month)
        else { return nil }
        // "24.02.2022 р.": the abbreviation that follows already says "року".
        let saysYear = next.map { expansion(of: $0.core + ($0.trailing.hasPrefix(".") ? "." : ""), afterNumber: true) } ?? nil
        let year = rules.yearWord.flatMap { $0 == saysYear ? nil : " \($0)" } ?? ""
        // Where numbers agree, the day and the year are ordinals in the genitive.
        if let grammar = rules.numberAgreement?.grammar, let number = Int(parts[2]), number > 0 {
            let dayWords = grammar.ordinal(day, .genitive, .neuter)
            let yearWords = grammar.ordinal(number, .genitive, .masculine)
            return "\(dayWords) \(rules.dateMonths[month - 1]) \(yearWords)\(year)"
        }
        return "\(day) \(rules.dateMonths[month - 1]) \(parts[2])\(year)"
    }

    /// "3,5" → "3 кома 5" where the voice misreads a decimal comma.
    private func spokenDecimal(_ core: String) -> String? {
        guard let word = rules.decimalComma else { return nil }
        let parts = core.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }) else {
            return nil
        }
        return "\(parts[0]) \(word) \(parts[1])"
    }

    /// Digits, with periods, commas and no-break spaces between ("1,000.5", "170.500.000").
    /// (Scalar by scalar: a digit with a combining mark is no digit either way.)
    private static func isNumber(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, isASCIIDigit(first), let last = scalars.last, isASCIIDigit(last) else { return false }
        return scalars.allSatisfy { isASCIIDigit($0) || $0 == "." || $0 == "," || $0 == "\u{202F}" || $0 == "\u{A0}" }
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// A capitalized word ("Maple") or an ordinal ("1st", "5th").
    private static func isNameOrOrdinal(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first else { return false }
        if first.properties.isUppercase { return word.unicodeScalars.dropFirst().allSatisfy { $0.properties.isLowercase } }
        let lowered = word.lowercased()
        return first.value >= 48 && first.value <= 57
            && ["st", "nd", "rd", "th"].contains(where: { lowered.hasSuffix($0) && lowered.count > $0.count })
    }

    private static func withoutZeroCents(_ amount: String) -> String {
        for suffix in [".00", ",00", ".0", ",0"] where amount.hasSuffix(suffix) && amount.count > suffix.count {
            return String(amount.dropLast(suffix.count))
        }
        return amount
    }

    // MARK: Footnotes

    /// Removes "[12]", "[3, 4]", "[a]", "[citation needed]" and superscript note numbers
    /// after words ("study¹").
    static func removingFootnoteMarkers(from text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "[" || isSuperscriptDigit($0) }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // "[T]he committee": an editor's letter, read without its brackets.
            if scalar == "[", index + 3 < scalars.count, scalars[index + 2] == "]", scalars[index + 1].properties.isAlphabetic,
                scalars[index + 3].properties.isAlphabetic
            {
                result.append(scalars[index + 1])
                index += 3
                continue
            }
            if scalar == "[", let end = footnoteEnd(scalars, from: index) {
                // "that [3]." becomes "that.", not "that .".
                while let last = result.last, last.properties.isWhitespace { result.removeLast() }
                index = end
                continue
            }
            if isSuperscriptDigit(scalar), afterWordOrPunctuation(scalars, index) {
                index += 1
                continue
            }
            result.append(scalar)
            index += 1
        }
        return String(result)
    }

    /// The end of the footnote marker ("[12]", "[3, 4]", "[a]", "[citation needed]") that
    /// starts at `start`, nil when none does.
    static func footnoteEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var end = start + 1
        while end < scalars.count, end - start <= 24, scalars[end] != "]" { end += 1 }
        guard end < scalars.count, scalars[end] == "]", end > start + 1 else { return nil }
        let inside = String(scalars: scalars[(start + 1)..<end]).lowercased()
        let numeric =
            inside.unicodeScalars.allSatisfy {
                ($0.value >= 48 && $0.value <= 57) || $0 == "," || $0 == " " || $0 == "–" || $0 == "-"
            } && inside.unicodeScalars.contains { $0.value >= 48 && $0.value <= 57 }
        // "[a]" is a note; "[T]he" and "[I]" are an editor's letters, and stay.
        let letter =
            inside.count == 1 && inside.unicodeScalars.first!.properties.isLowercase
            && !(end + 1 < scalars.count && scalars[end + 1].properties.isAlphabetic)
        let named = inside == "citation needed" || inside.hasPrefix("note ") || inside.hasPrefix("nb ")
        return numeric || letter || named ? end + 1 : nil
    }

    private static func isSuperscriptDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "¹", "²", "³", "⁰", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹": true
        default: false
        }
    }

    /// A superscript after a word of three letters or more, or after punctuation, is a note
    /// number; after a unit such as "m" or "km" it is a power and stays.
    private static func afterWordOrPunctuation(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
        var start = index
        while start > 0, isSuperscriptDigit(scalars[start - 1]) { start -= 1 }
        guard start > 0 else { return false }
        let before = scalars[start - 1]
        if ".,;:)\"”’»".unicodeScalars.contains(before) { return true }
        var letters = 0
        var cursor = start
        while cursor > 0, scalars[cursor - 1].properties.isAlphabetic {
            cursor -= 1
            letters += 1
        }
        return letters >= 3
    }
}

extension Character {
    /// Whether this is one of 0-9.
    var isASCIIDigitCharacter: Bool {
        guard let ascii = asciiValue else { return false }
        return ascii >= 48 && ascii <= 57
    }
}
