/// The word just before a period: what decides whether the period is an abbreviation's.
struct Token {
    /// The word as written (letters, digits, inner periods, hyphens, apostrophes).
    let text: String
    /// Where the word starts in the scalars.
    let start: Int
    private let scalars: ArraySlice<Unicode.Scalar>

    init(scalars all: [Unicode.Scalar], endingAt end: Int) {
        var lower = end
        while lower > 0, end - lower < 40 {
            let scalar = all[lower - 1]
            if scalar.isLetter || scalar.isNumeric || Self.isJoiner(scalar) {
                lower -= 1
            } else if scalar.properties.generalCategory == .nonspacingMark {
                lower -= 1
            } else {
                break
            }
        }
        // A word does not start with a joiner ("'tis" keeps its letters, "-р" is not a word).
        while lower < end, Self.isJoiner(all[lower]) && all[lower] != "°" { lower += 1 }
        start = lower
        scalars = all[lower..<end]
        text = String(scalars: scalars)
    }

    /// Characters that join the parts of one word: "U.S", "д-р", "Sig.ra", "N°", "Мін’юст".
    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "-", "'", "’", "°", "º": true
        default: false
        }
    }

    /// A number such as "5", "3,5", "24.02.2022" or "1026.253.553".
    var isNumber: Bool {
        guard let first = scalars.first, first.isDecimalDigit else { return false }
        return scalars.allSatisfy { $0.isDecimalDigit || $0 == "." || $0 == "," || $0 == ":" || $0 == "/" }
    }

    /// Two or more letters, all capitals, no inner periods: an acronym such as "ТОВ" or "NATO".
    var isAcronym: Bool {
        scalars.count >= 2 && !scalars.contains(".") && scalars.allSatisfy { $0.isUpper || $0 == "-" }
    }

    /// One letter: an initial ("E."), a list letter or a short abbreviation.
    var isSingleLetter: Bool {
        scalars.count == 1 && scalars.first!.isLetter
    }

    /// Letters in short groups joined by periods: "U.S.A", "E.U", "LL.AA.II.RR", "т.г", "J.-P".
    var isInitialism: Bool {
        guard scalars.contains(".") else { return false }
        var group = 0
        var previous: Unicode.Scalar = " "
        // A domain ("www.lrt.lt", "bbc.co.uk"): all in lower case, with a part of two or more
        // letters; an initialism has capitals ("U.S.", "e.V.") or one-letter parts ("e.g.").
        var lowercaseOnly = true
        var longestGroup = 0
        var dots = 0
        for scalar in scalars {
            defer { previous = scalar }
            if scalar == "-", previous == "." {
                continue
            } else if scalar == "." {
                if group == 0 || group > 3 { return false }
                longestGroup = max(longestGroup, group)
                dots += 1
                group = 0
            } else if scalar.isLetter {
                group += 1
                if !scalar.isLower { lowercaseOnly = false }
            } else {
                return false
            }
        }
        if lowercaseOnly, max(longestGroup, group) >= 2, dots >= 2 || scalars.starts(with: "www".unicodeScalars) {
            return false
        }
        return group > 0 && group <= 3
    }

    /// The word's last letter, if it ends in one.
    var lastLetter: Unicode.Scalar? {
        guard let last = scalars.last, last.isLetter else { return nil }
        return last
    }

    /// Whether a number stands just before the word ("150 г", "5 тис"); with `orOrdinal`, also
    /// an ordinal written with a period and an indicator ("3.º B").
    func followsNumber(in all: [Unicode.Scalar], orOrdinal: Bool = false) -> Bool {
        var index = start
        var spaces = 0
        while index > 0, all[index - 1].isSpace, spaces < 3 {
            index -= 1
            spaces += 1
        }
        guard spaces > 0, index > 0 else { return false }
        let last = all[index - 1]
        return last.isDecimalDigit || orOrdinal && (last == "º" || last == "ª") && index > 1 && all[index - 2] == "."
    }

    /// Lower-cased forms to look up, longest first: with the word before it when the two
    /// may form one abbreviation ("z. B" gives "z.b", "та ін" gives "таін"), then alone.
    func abbreviationCandidates(in all: [Unicode.Scalar]) -> [String] {
        var alone = [text.lowercased()]
        // An elided article before the abbreviation: "L’art.", "dell’art.".
        if let apostrophe = text.unicodeScalars.lastIndex(where: { $0 == "’" || $0 == "'" }) {
            let rest = String(text.unicodeScalars[text.unicodeScalars.index(after: apostrophe)...])
            if !rest.isEmpty { alone.append(rest.lowercased()) }
        }
        guard start >= 2, all[start - 1] == " " else { return alone }
        let previous = Token(scalars: all, endingAt: start - 1)
        guard !previous.text.isEmpty, previous.scalars.count <= 4 else { return alone }
        var joined = previous.text
        if start - 2 >= 0, all[start - 2] == ".", !previous.text.hasSuffix(".") { joined += "." }
        return [(joined + text).lowercased()] + alone
    }
}
