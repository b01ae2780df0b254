/// The word that follows a candidate sentence boundary, after opening quotes, brackets,
/// dashes and the spaces between them.
struct NextWord {
    /// The word's letters, lower-cased (at most 32).
    var text = ""
    /// The first letter is lower-case: the sentence goes on.
    var isLowercase = false
    /// The first letter is upper-case, title-case or from a script without case.
    var isCapitalized = false
    /// It starts with a digit.
    var isDigit = false
    /// It starts with something else, such as a currency sign or an emoji.
    var isOther = false
    /// It is one letter followed by a period: an initial or half of "z. B.".
    var isInitial = false
    /// A period follows the word directly ("UU." in "EE. UU.").
    var endsWithPeriod = false
    /// Where the word's letters start and end (both its first scalar if it is no word).
    var wordStart = 0
    var wordEnd = 0

    init(scalars: [Unicode.Scalar], from start: Int) {
        let count = scalars.count
        var index = start
        var skipped = 0
        // Dutch "'s Ochtends", "'t Is": an elided article before a capitalized word.
        if index + 3 < count, scalars[index] == "'" || scalars[index] == "’", scalars[index + 2] == " ",
            scalars[index + 1] == "s" || scalars[index + 1] == "t" || scalars[index + 1] == "n",
            scalars[index + 3].isUpper
        {
            index += 3
        }
        while index < count, skipped < 8, Self.isOpening(scalars[index]) || scalars[index] == " " {
            index += 1
            skipped += 1
        }
        wordStart = index
        wordEnd = index
        guard index < count else { return }
        let first = scalars[index]
        if first.isLower {
            isLowercase = true
        } else if first.isLetter {
            isCapitalized = true
        } else if first.isNumeric {
            isDigit = true
            return
        } else {
            isOther = true
            return
        }
        var word = String.UnicodeScalarView()
        while index < count, word.count < 32 {
            let scalar = scalars[index]
            guard scalar.isLetter || scalar == "'" || scalar == "’" else { break }
            word.append(scalar)
            index += 1
        }
        text = String(word).lowercased()
        wordEnd = index
        endsWithPeriod = index < count && scalars[index] == "."
        isInitial = endsWithPeriod && word.count == 1
    }

    /// Opening punctuation and dashes that may come before a sentence's first word.
    static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "“", "‘", "„", "‚", "«", "‹", "»", "(", "[", "{", "¿", "¡", "—", "–", "-", "*", "_", "「", "『", "（":
            true
        default:
            false
        }
    }
}
