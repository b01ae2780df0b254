public import NarrateCore

/// Splits text into sentences with a rule-based scan, keeping each sentence's range.
///
/// A sentence ends at terminal punctuation (with any closing quotes or brackets after it)
/// followed by white space and a word that does not continue the sentence: not a lower-case
/// word, and not after a known abbreviation or an initial. This first version is meant for
/// ordinary prose in English, Ukrainian, German and other languages written with spaces.
public struct SentenceSegmenter: Sendable {
    /// Abbreviations (lower-cased, without the final period) after which a period never ends
    /// a sentence, because a name or number always follows them.
    public var nonTerminalAbbreviations: Set<String>
    /// Abbreviations that may end a sentence: a period after them ends it only when the next
    /// word starts with a capital letter.
    public var ambiguousAbbreviations: Set<String>

    /// Creates a segmenter with narrate's abbreviation lists.
    public init(
        nonTerminalAbbreviations: Set<String> = SentenceSegmenter.standardNonTerminal,
        ambiguousAbbreviations: Set<String> = SentenceSegmenter.standardAmbiguous
    ) {
        self.nonTerminalAbbreviations = nonTerminalAbbreviations
        self.ambiguousAbbreviations = ambiguousAbbreviations
    }

    /// Titles and words that come before a name or a number (English, Ukrainian, German).
    public static let standardNonTerminal: Set<String> = [
        // English
        "mr", "mrs", "ms", "dr", "prof", "st", "mt", "gen", "gov", "sen", "rep", "capt", "lt", "col",
        "sgt", "cmdr", "adm", "rev", "hon", "pres", "supt", "no", "nos", "fig", "figs", "vol", "vols",
        "p", "pp", "ch", "sec", "art", "vs", "e.g", "i.e", "cf", "approx", "ca", "est", "dept",
        "univ", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "ft", "op", "ed", "eds", "al",
        // Ukrainian
        "вул", "просп", "пл", "ім", "проф", "акад", "доц", "д-р", "др", "м", "с", "смт", "обл", "р-н",
        "ст", "рис", "табл", "напр", "див", "пор", "т", "зв", "гр", "пан", "пані", "с.-г",
        // German
        "z.b", "bzw", "d.h", "u.a", "nr", "str", "hr", "fr", "s", "vgl", "sog", "inkl", "ggf",
        "evtl", "bspw", "u.ä", "o.ä", "abs", "bd",
    ]

    /// Abbreviations that often end a sentence too.
    public static let standardAmbiguous: Set<String> = [
        "etc", "inc", "ltd", "co", "corp", "ave", "blvd", "rd", "hwy", "jr", "sr", "u.s", "u.k", "a.m", "p.m", "bros", "llc",
        "usw", "tsd", "mio", "mrd", "jh", "тис", "млн", "млрд", "грн", "тощо", "р", "рр",
        "т.д", "т.п", "ін",
    ]

    /// The sentences of `text` as ranges of Unicode scalar offsets, without surrounding space.
    public func sentenceRanges(in text: String) -> [Range<Int>] {
        let scalars = Array(text.unicodeScalars)
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < scalars.count {
            guard Self.isTerminator(scalars[index]) else {
                index += 1
                continue
            }
            let terminatorStart = index
            while index < scalars.count, Self.isTerminator(scalars[index]) { index += 1 }
            let terminatorCount = index - terminatorStart
            while index < scalars.count, Self.isClosing(scalars[index]) { index += 1 }
            let end = index
            guard end < scalars.count, scalars[end].properties.isWhitespace else { continue }
            var next = end
            while next < scalars.count, scalars[next].properties.isWhitespace { next += 1 }
            guard next < scalars.count else { break }
            if endsSentence(scalars, terminatorStart: terminatorStart, terminatorCount: terminatorCount, next: next) {
                if let range = Self.trim(start..<end, scalars) { ranges.append(range) }
                start = next
            }
            index = next
        }
        if let range = Self.trim(start..<scalars.count, scalars) { ranges.append(range) }
        return ranges
    }

    /// Every sentence of `document`, in reading order, with text and source ranges.
    ///
    /// A piece with nothing to speak (a lone "..." or "*") joins the sentence before it, so
    /// the sentences still cover the whole text.
    public func sentences(of document: Document) -> [Sentence] {
        var result: [Sentence] = []
        for (blockIndex, block) in document.blocks.enumerated() where block.isSpeakable {
            let scalars = Array(block.text.unicodeScalars)
            var ranges: [Range<Int>] = []
            var pendingStart: Int?
            for range in sentenceRanges(in: block.text) {
                let speakable = scalars[range].contains {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }
                if speakable {
                    ranges.append((pendingStart ?? range.lowerBound)..<range.upperBound)
                    pendingStart = nil
                } else if let last = ranges.last {
                    ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
                } else {
                    pendingStart = pendingStart ?? range.lowerBound
                }
            }
            for (position, range) in ranges.enumerated() {
                result.append(Sentence(
                    text: String(String.UnicodeScalarView(scalars[range])),
                    blockIndex: blockIndex,
                    textRange: range,
                    sourceRange: block.sourceMap.sourceRange(forTextRange: range),
                    endsBlock: position == ranges.count - 1
                ))
            }
        }
        return result
    }

    private func endsSentence(_ scalars: [Unicode.Scalar], terminatorStart: Int, terminatorCount: Int, next: Int) -> Bool {
        let following = scalars[next]
        // A sentence does not go on in lower case ("he said. and then" is one sentence;
        // "Yahoo! shares" stays whole too).
        if following.properties.isLowercase { return false }
        // Only a single period can belong to an abbreviation or initial.
        guard scalars[terminatorStart] == ".", terminatorCount == 1 else { return true }
        // "3. Oktober": a German ordinal before a month name.
        let number = Self.digits(before: terminatorStart, in: scalars)
        if !number.isEmpty, Self.monthNames.contains(Self.word(startingAt: next, in: scalars).lowercased()) {
            return false
        }
        let word = Self.word(before: terminatorStart, in: scalars)
        guard !word.isEmpty else { return true }
        // "z. B.", "d. h.", "т. д.": one letter, then another single letter and a period.
        if word.unicodeScalars.count == 1, next + 1 < scalars.count, scalars[next + 1] == ".",
           Self.word(startingAt: next, in: scalars).unicodeScalars.count == 1 {
            return false
        }
        let lowered = word.lowercased()
        // An initial such as "J. R. R. Tolkien" or "С. Петренко".
        if word.unicodeScalars.count == 1, word.unicodeScalars.first!.properties.isUppercase { return false }
        if nonTerminalAbbreviations.contains(lowered) { return false }
        if ambiguousAbbreviations.contains(lowered) {
            return following.properties.isUppercase || following.properties.numericType != nil
        }
        return true
    }

    static let monthNames: Set<String> = [
        "januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september",
        "oktober", "november", "dezember", "jänner",
    ]

    /// The word (letters, periods inside it, hyphens) that ends just before `index`.
    static func word(before index: Int, in scalars: [Unicode.Scalar]) -> String {
        var lower = index
        while lower > 0 {
            let scalar = scalars[lower - 1]
            if scalar.properties.isAlphabetic || scalar == "-" {
                lower -= 1
            } else if scalar == ".", lower >= 2, scalars[lower - 2].properties.isAlphabetic {
                lower -= 1
            } else {
                break
            }
        }
        return String(String.UnicodeScalarView(scalars[lower..<index]))
    }

    /// The run of decimal digits that ends just before `index`.
    static func digits(before index: Int, in scalars: [Unicode.Scalar]) -> String {
        var lower = index
        while lower > 0, scalars[lower - 1].properties.numericType == .decimal { lower -= 1 }
        return String(String.UnicodeScalarView(scalars[lower..<index]))
    }

    /// The run of letters that starts at `index`.
    static func word(startingAt index: Int, in scalars: [Unicode.Scalar]) -> String {
        var upper = index
        while upper < scalars.count, scalars[upper].properties.isAlphabetic { upper += 1 }
        return String(String.UnicodeScalarView(scalars[index..<upper]))
    }

    static func isTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "!", "?", "…", "‼", "⁇", "⁈", "⁉", "。", "！", "？", "։", "؟", "।", "॥": true
        default: false
        }
    }

    static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "”", "’", "»", "›", "“", ")", "]", "}", "」", "』": true
        default: false
        }
    }

    static func trim(_ range: Range<Int>, _ scalars: [Unicode.Scalar]) -> Range<Int>? {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, scalars[lower].properties.isWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].properties.isWhitespace { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }
}
