/// A Slavic language's numbers in words, in every case and gender, from tables of forms:
/// cardinals ("двадцять дві", "п'яти") and ordinals ("тисяча дев'ятсот дев'яносто першому").
/// The tables are each language's data (`NumberWords.ukrainian`, `.russian`); the rules of
/// composing them are these.
public struct NumberWords: Sendable {
    /// Forms by case (nominative, genitive, dative, accusative, instrumental, locative):
    /// 1 by gender; 2 for masculine and neuter, then feminine; 3 to 19; the tens; the hundreds.
    var one: [[String]]
    var two: [[String]]
    var small: [Int: [String]]
    var tens: [Int: [String]]
    var hundreds: [Int: [String]]
    var zero: [String]
    /// The powers of a thousand, as counted nouns.
    var thousand: CountedNoun
    var million: CountedNoun
    var billion: CountedNoun
    /// Ordinal stems: 1–19, the tens, the hundreds.
    var ordinalStems: [Int: String]
    /// Adjective endings by gender and case; the soft ones of the numbers in `softNumbers`
    /// ("третій"); a stressed masculine nominative and accusative ("второй") for
    /// `stressedNumbers`.
    var endings: [[String]]
    var softEndings: [[String]]
    var softNumbers: Set<Int>
    var stressedEnding: String?
    var stressedNumbers: Set<Int>
    /// The roots of round thousandth and millionth ordinals ("тисячн", "мільйонн").
    var thousandthRoot: String
    var millionthRoot: String

    // MARK: Cardinals

    /// `number` (0 to 999,999,999,999) in words, in `grammaticalCase`, agreeing with a noun
    /// of `gender`; a lone thousand is the noun alone ("тисяча", "тисячі").
    public func cardinal(_ number: Int, _ grammaticalCase: GrammaticalCase = .nominative, _ gender: GrammaticalGender = .masculine)
        -> String
    {
        precondition(number >= 0 && number < 1_000_000_000_000)
        if number == 0 { return zero[grammaticalCase.rawValue] }
        var words: [String] = []
        var rest = number
        for (power, noun) in [(1_000_000_000, billion), (1_000_000, million), (1_000, thousand)] {
            let count = rest / power
            rest %= power
            guard count > 0 else { continue }
            if count == 1, power == 1_000 {
                words.append(noun.form(for: 1, in: grammaticalCase))
                continue
            }
            words += belowThousand(count, grammaticalCase, noun.gender)
            words.append(noun.form(for: count, in: grammaticalCase))
        }
        if rest > 0 { words += belowThousand(rest, grammaticalCase, gender) }
        return words.joined(separator: " ")
    }

    /// 1 to 999 in words.
    func belowThousand(_ number: Int, _ grammaticalCase: GrammaticalCase, _ gender: GrammaticalGender) -> [String] {
        var words: [String] = []
        let index = grammaticalCase.rawValue
        if number >= 100, let hundred = hundreds[number / 100 * 100] { words.append(hundred[index]) }
        let belowHundred = number % 100
        if belowHundred >= 20 {
            if let ten = tens[belowHundred / 10 * 10] { words.append(ten[index]) }
            if belowHundred % 10 > 0 { words.append(unit(belowHundred % 10, index, gender)) }
        } else if belowHundred > 0 {
            words.append(unit(belowHundred, index, gender))
        }
        return words
    }

    private func unit(_ number: Int, _ index: Int, _ gender: GrammaticalGender) -> String {
        switch number {
        case 1: one[gender.rawValue][index]
        case 2: two[gender == .feminine ? 1 : 0][index]
        default: small[number]?[index] ?? String(number)
        }
    }

    // MARK: Ordinals

    /// `number` (1 to 999,999,999) as an ordinal in `grammaticalCase` and `gender`: the
    /// words before the last in the nominative cardinal, the last an adjective
    /// ("тисяча дев'ятсот дев'яносто першого"); round thousands and millions are one word
    /// ("двохтисячний").
    public func ordinal(_ number: Int, _ grammaticalCase: GrammaticalCase = .nominative, _ gender: GrammaticalGender = .masculine) -> String
    {
        precondition(number > 0 && number < 1_000_000_000)
        var prefix = 0
        var stem: String
        var key = 0
        if number % 1_000_000 == 0 || (number % 1_000 == 0 && number < 1_000_000) {
            let (power, root) = number % 1_000_000 == 0 ? (1_000_000, millionthRoot) : (1_000, thousandthRoot)
            let count = number / power
            // "двохтисячний", "п'ятитисячний": the count in its genitive joined to the root.
            stem = count == 1 ? root : belowThousand(count, .genitive, .masculine).joined() + root
        } else {
            let last = number % 100
            if last == 0 {
                key = number % 1_000
                prefix = number - key
            } else if last < 20 || last % 10 == 0 {
                key = last
                prefix = number - last
            } else {
                key = last % 10
                prefix = number - key
            }
            stem = ordinalStems[key] ?? ""
        }
        let index = grammaticalCase.rawValue
        var ending = (softNumbers.contains(key) ? softEndings : endings)[gender.rawValue][index]
        if let stressed = stressedEnding, stressedNumbers.contains(key), gender == .masculine,
            grammaticalCase == .nominative || grammaticalCase == .accusative
        {
            ending = stressed
        }
        let word = stem + ending
        return prefix > 0 ? cardinal(prefix) + " " + word : word
    }
}
