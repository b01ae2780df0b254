/// One pass over a text that finds where sentences start; `SentenceSegmenter` runs it.
///
/// Every decision looks at a bounded window around a candidate boundary, and the scan
/// always moves forward, so time is linear in the length of the text. Sentences are only
/// ever cut at white space (or right after a full-width terminator such as "。"), so the
/// sentences and the white space between them rebuild the text.
struct SentenceScanner {
    let scalars: [Unicode.Scalar]
    let rules: SegmentationRules
    /// What the document says of its words' capitals.
    let evidence: DocumentEvidence
    private var cuts: [Int] = []
    private var markerPeriods: Set<Int> = []
    /// The text's wrap width, found the first time a line break needs it.
    private let wrapWidthCache = WrapWidthCache()
    /// Where the sentence being read starts (the last cut).
    private var sentenceStart = 0

    init(_ text: String, rules: SegmentationRules) {
        self.init(scalars: Array(text.unicodeScalars), rules: rules, evidence: DocumentEvidence(texts: [text]))
    }

    init(scalars: [Unicode.Scalar], rules: SegmentationRules, evidence: DocumentEvidence) {
        self.scalars = scalars
        self.rules = rules
        self.evidence = evidence
    }

    /// The sentences as trimmed, non-empty ranges of Unicode scalar offsets.
    mutating func ranges() -> [Range<Int>] {
        let count = scalars.count
        guard count > 0 else { return [] }
        let markerCuts = findListMarkers()
        var markerIndex = 0
        var index = 0
        while index < count {
            while markerIndex < markerCuts.count, markerCuts[markerIndex] <= index {
                cut(at: markerCuts[markerIndex])
                markerIndex += 1
            }
            let scalar = scalars[index]
            if isTerminator(scalar) {
                index = handleTerminal(at: index)
            } else if scalar.isSpace {
                // A run of white space is looked at once, so blank lines cost nothing extra.
                var next = index
                var firstBreak: Int?
                while next < count, scalars[next].isSpace {
                    if firstBreak == nil, Self.isLineBreak(scalars[next]) { firstBreak = next }
                    next += 1
                }
                if let firstBreak { handleLineBreak(at: firstBreak, next: next) }
                index = next
            } else if Self.isBullet(scalar), index > 0, scalars[index - 1].isSpace {
                cut(at: index)
                index += 1
            } else {
                index += 1
            }
        }
        while markerIndex < markerCuts.count {
            cut(at: markerCuts[markerIndex])
            markerIndex += 1
        }

        var result: [Range<Int>] = []
        var start = 0
        for boundary in cuts.sorted() + [count] where boundary > start {
            if let range = trimmed(start..<boundary) { result.append(range) }
            start = boundary
        }
        return result
    }

    private mutating func cut(at position: Int) {
        guard position > 0, position < scalars.count, cuts.last != position else { return }
        cuts.append(position)
        if position > sentenceStart { sentenceStart = position }
    }

    // MARK: Terminal punctuation

    /// Looks at the punctuation that starts at `start` and returns where to go on scanning.
    private mutating func handleTerminal(at start: Int) -> Int {
        let count = scalars.count
        let first = scalars[start]
        // "[...]" and "(...)" mark an omission inside a sentence.
        if first == "." || first == "…", start > 0, scalars[start - 1] == "[" || scalars[start - 1] == "(" {
            var end = start
            while end < count, scalars[end] == "." || scalars[end] == "…" { end += 1 }
            return end
        }
        if first == ".", markerPeriods.contains(start) { return start + 1 }
        // A spaced ellipsis ". . ." that is not attached to a word.
        if first == ".", start == 0 || scalars[start - 1].isSpace {
            let (dots, end) = spacedDots(from: start)
            if dots >= 3 {
                if dots >= 4 { decideBoundary(clusterEnd: end, kind: .ellipsis, period: nil) }
                return end
            }
        }

        var end = start
        var periods = 0
        var strong = false
        var ellipsis = false
        var fullWidth = false
        var closers = false
        while end < count {
            let scalar = scalars[end]
            if scalar == "." {
                periods += 1
                if closers { strong = true }
            } else if scalar == "…" {
                ellipsis = true
            } else if isTerminator(scalar) {
                strong = true
                if Self.isFullWidthTerminator(scalar) { fullWidth = true }
            } else if Self.isClosing(scalar) {
                closers = true
            } else {
                break
            }
            end += 1
        }
        if end == count { return end }
        var next = scalars[end]
        // "It was finished.[1] It held": a note's markers stay with the sentence they end.
        if next == "[", let markers = footnoteMarkersEnd(from: end), markers == count || scalars[markers].isSpace {
            if markers == count { return markers }
            end = markers
            next = scalars[end]
        }
        if !next.isSpace {
            // Chinese and Japanese put no space after a sentence.
            if fullWidth { cut(at: end) }
            // "…in the world.I dag …": a sentence glued to the last one's period.
            if periods == 1, !strong, !ellipsis, !closers, isGluedBoundary(period: start) { cut(at: end) }
            return end
        }
        let kind: ClusterKind
        if strong || (closers && periods > 0 && !ellipsis && periods < 2) {
            // "great." she said: a period inside closing quotes acts like "!" and "?".
            kind = .strong
        } else if ellipsis || periods >= 2 {
            kind = .ellipsis
        } else {
            kind = .period
        }
        decideBoundary(clusterEnd: end, kind: kind, period: kind == .period ? start : nil)
        return end
    }

    /// The end of a run of footnote markers ("[12][13]") starting at `start`, nil when none does.
    private func footnoteMarkersEnd(from start: Int) -> Int? {
        var end = start
        while end < scalars.count, scalars[end] == "[", let marker = SpeechNormalizer.footnoteEnd(scalars, from: end) { end = marker }
        return end > start ? end : nil
    }

    private enum ClusterKind {
        /// A single period: abbreviations, initials and numbers decide.
        case period
        /// "!", "?", runs of them, or a period inside closing quotes or brackets.
        case strong
        /// "...", "…", "....".
        case ellipsis
    }

    /// Cuts before the next sentence when the punctuation ending at `clusterEnd` ends one.
    private mutating func decideBoundary(clusterEnd: Int, kind: ClusterKind, period: Int?) {
        let count = scalars.count
        var next = skipWhitespace(from: clusterEnd)
        // French puts a space before a closing guillemet: « ... LL.AA. » pour ...
        if next < count, Self.isSpacedCloser(scalars[next]),
            next + 1 == count || scalars[next + 1].isSpace || Self.isPunctuation(scalars[next + 1])
        {
            next = skipWhitespace(from: next + 1)
        }
        // An emoji after the punctuation stays with its sentence: "Done! 🎉 Next."
        if next < count, Self.isEmojiPart(scalars[next]) {
            var end = next
            while end < count, Self.isEmojiPart(scalars[end]) { end += 1 }
            if end == count || scalars[end].isSpace { next = skipWhitespace(from: end) }
        }
        guard next < count else { return }

        // A period right after a word, followed by a spaced ellipsis: the period ends the
        // sentence only if words follow the ellipsis.
        var look = next
        var followsEllipsis = false
        if scalars[look] == "." || scalars[look] == "…" {
            let (dots, end) = spacedDots(from: look)
            var after = end
            if dots < 3 {
                after = look
                while after < count, scalars[after] == "." || scalars[after] == "…" { after += 1 }
            }
            followsEllipsis = after > look + 1 || scalars[look] == "…"
            if followsEllipsis {
                look = skipWhitespace(from: after)
                while look < count, Self.isClosing(scalars[look]) { look += 1 }
                if look >= count { return }
            }
        }
        let word = NextWord(scalars: scalars, from: look)
        let fresh = followsEllipsis && kind == .period
        // A line that ends with the period, before a capitalised word on the next: judged only
        // if a decision needs it.
        var lineBreak: (end: Int, next: Int)?
        if kind == .period, word.isCapitalized || word.isDigit,
            scalars[clusterEnd..<look].contains(where: Self.isLineBreak)
        {
            lineBreak = (clusterEnd, look)
        }

        switch kind {
        case .strong:
            if word.isLowercase { return }
        case .ellipsis:
            if word.isLowercase || !(word.isCapitalized || word.isDigit) { return }
        case .period:
            guard let period else { return }
            if !periodEndsSentence(period, next: word, fresh: fresh, lineBreak: lineBreak) { return }
        }
        // «Я прийшов. Ти пішов?» — сказав він: the sentences of a quotation before its
        // speech tag stay one sentence, where the language writes speech so.
        if rules.keepsQuotedSpeech, continuesQuotedSpeech(boundary: clusterEnd, next: next) { return }
        cut(at: next)
    }

    /// Whether the boundary at `boundary` lies inside a quotation (opened since the sentence
    /// began, within a few hundred characters) whose closing quote, in the same paragraph,
    /// is followed by a speech tag: an optional comma and dash, then a lower-case word
    /// ("…», — сказав він", "…", sagte er", "…" she said"). Both looks are bounded, so the
    /// scan stays linear.
    private func continuesQuotedSpeech(boundary: Int, next: Int) -> Bool {
        let count = scalars.count
        let window = 600
        // Back to the opening quote, matching quotes closed on the way.
        var index = boundary
        var closed = 0
        var opened = false
        while index > sentenceStart, boundary - index < window {
            index -= 1
            let scalar = scalars[index]
            guard Self.isQuote(scalar) else { continue }
            if isOpeningQuote(at: index) {
                if closed == 0 {
                    opened = true
                    break
                }
                closed -= 1
            } else if isClosingQuote(at: index) {
                closed += 1
            }
        }
        guard opened else { return false }
        // On to its closing quote, in the same paragraph.
        var depth = 0
        var position = next
        while position < count, position - next < window {
            let scalar = scalars[position]
            if Self.isLineBreak(scalar), position + 1 < count, Self.isLineBreak(scalars[position + 1]) { return false }
            if Self.isQuote(scalar) {
                if isOpeningQuote(at: position) {
                    depth += 1
                } else if isClosingQuote(at: position) {
                    if depth == 0 { return isSpeechTag(after: position + 1) }
                    depth -= 1
                }
            }
            position += 1
        }
        return false
    }

    /// Whether a speech tag follows `start`: a comma, a dash or both, and a lower-case word.
    private func isSpeechTag(after start: Int) -> Bool {
        let count = scalars.count
        var index = start
        while index < count, Self.isClosing(scalars[index]) { index += 1 }
        if index < count, scalars[index] == "," { index += 1 }
        while index < count, scalars[index] == " " || scalars[index] == "\u{A0}" { index += 1 }
        if index < count, scalars[index] == "—" || scalars[index] == "–" || scalars[index] == "-" {
            index += 1
            while index < count, scalars[index] == " " || scalars[index] == "\u{A0}" { index += 1 }
        }
        return index > start && index < count && scalars[index].isLower
    }

    /// Quotation marks, either way round.
    static func isQuote(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "«", "»", "„", "“", "”", "‹", "›", "‚": true
        default: false
        }
    }

    /// Whether the quote at `index` opens: after a space, an opening or the start, before a
    /// letter, digit or another opening.
    private func isOpeningQuote(at index: Int) -> Bool {
        let before = index == 0 ? " " : scalars[index - 1]
        let after = index + 1 < scalars.count ? scalars[index + 1] : " "
        return (before.isSpace || NextWord.isOpening(before) || before == ":") && !after.isSpace
    }

    /// Whether the quote at `index` closes: after a word or punctuation, before a space,
    /// punctuation or the end.
    private func isClosingQuote(at index: Int) -> Bool {
        let before = index == 0 ? " " : scalars[index - 1]
        return !before.isSpace && !isOpeningQuote(at: index)
    }

    /// Whether the single period at `period` ends a sentence before `next`; `lineBreak`, the
    /// end of the period's line and the next word's start when a line break lies between.
    private func periodEndsSentence(
        _ period: Int, next: NextWord, fresh: Bool, lineBreak: (end: Int, next: Int)?
    ) -> Bool {
        // The period ends a line which is not only wrapped, before a capital or a digit: a
        // headline or a list line ("Приказ № 45 от 10.01.2025 г.").
        lazy var endsLine = lineBreak.map { !isWrapped(lineEnd: $0.end, next: $0.next) } ?? false
        let token = Token(scalars: scalars, endingAt: period)
        if next.isLowercase && !fresh {
            if let last = token.lastLetter, rules.wordFinalLetters.contains(last) { return true }
            return false
        }
        let startsSentence = next.isCapitalized || next.isDigit || next.isOther || fresh
        guard !token.text.isEmpty else { return startsSentence }
        // A sentence starter, or a word the document writes in lower case inside its
        // sentences (so its capital here is a sentence's): Punkt's orthographic evidence,
        // gathered only when a decision needs it.
        let isListedStarter = (next.isCapitalized || fresh) && rules.sentenceStarters.contains(next.text)
        var isStarter: Bool { isListedStarter || next.isCapitalized && evidence.isCommonWord(next.text) }
        if token.isNumber {
            // "am 3. Oktober", "7. apríla", "2020. március": an ordinal day or year before a
            // month's name (CLDR's names, in languages that write dates so).
            if !next.text.isEmpty, rules.isOrdinalDate(before: next.text) { return false }
            // "dnem 1. 1. 2025", "15. 3. 2024": a date spaced out, where dates take ordinals.
            if next.isDigit, token.text.unicodeScalars.count <= 2, isSpacedDate(after: next),
                rules.hasOrdinalDates || rules.calendar?.writesOrdinalDates == true
            {
                return false
            }
            // German writes every ordinal with a period and every noun with a capital:
            // "Der 2. Weltkrieg" goes on, "Es waren 2. Danach ..." ends. After a noun the
            // number counts or names ("Platz 3. Gold", "Bahnhofstr. 12. Termine"): it ends.
            // A score or time ("3:0.", "20:15.") is no ordinal.
            let isScore = token.start > 0 && scalars[token.start - 1] == ":"
            if rules.hasOrdinalNumbers, next.isCapitalized, token.text.count <= 3, !isScore {
                return isStarter || endsLine || followsNoun(token)
            }
            return startsSentence
        }
        // A Roman numeral as an ordinal before a noun, where ordinals take a period
        // ("XII. Pluku", "XIX. század"): the sentence goes on unless a sentence starts.
        if rules.hasOrdinalNumbers, next.isCapitalized, Self.isRomanOrdinal(token.text) {
            return isStarter || fresh || endsLine
        }
        // The first half of a spaced abbreviation: "EE. UU.", "z. B.", "т. д.".
        if next.isInitial || next.endsWithPeriod, let first = token.text.unicodeScalars.last, first.isLetter,
            rules.isAbbreviation(token.text.lowercased() + "." + next.text)
        {
            return false
        }
        var candidates = token.abbreviationCandidates(in: scalars)
        // An acronym in capitals ("ТОВ", "ОП") is a word, not the abbreviation "тов." or "оп.".
        if token.isAcronym, !rules.capitalized.contains(token.text) { candidates.removeAll { !$0.contains(".") } }
        if candidates.count > 1, rules.isAbbreviation(candidates[0]) {
            // The second half of a spaced abbreviation ("a. C.", "z. B."), before initials.
            candidates = [candidates[0]]
        } else if token.isSingleLetter, token.lastLetter?.isUpper == true, token.start == 0 || scalars[token.start - 1] != "/" {
            // An initial: "Т. Г. Шевченко", "Jonas E. Smith", but "you and I. Did you ...".
            // (A surname after an initial is a name: the document's evidence is not asked.)
            if next.isInitial { return false }
            // Initials after a surname, as Cyrillic documents write a name ("Шевченко Т. Г."),
            // then a capitalised common word: a sentence starts ("... Шевченко Т. Г. Далі ...").
            if endsSurnameFirstInitials(token), startsByDictionary(next, period: period) { return true }
            // After a number it is no initial but a letter ("3.º B.", a floor and door).
            return isListedStarter || fresh
                || token.followsNumber(in: scalars, orOrdinal: true) && startsByDictionary(next, period: period)
        }
        if next.isDigit, candidates.contains(where: { rules.beforeNumbers.contains($0) }) { return false }
        if next.isCapitalized,
            next.isInitial || scalars[next.wordStart..<next.wordEnd].allSatisfy(Self.isRomanLetter),
            candidates.contains(where: { rules.beforeNumbers.contains($0) })
        {
            let letters = scalars[next.wordStart..<next.wordEnd]
            // "del s. XVIII", "sec. I î.Hr.": a Roman numeral is a number too.
            if letters.count == 1
                ? "IVX".unicodeScalars.contains(letters[letters.startIndex]) && !next.endsWithPeriod
                    && !rules.sentenceStarters.contains(next.text)
                : Self.isRomanOrdinal(String(scalars: letters))
            {
                return false
            }
            // "l'art. L. 2121-29": a letter and a number name an article or a page.
            if next.isInitial, case let after = skipWhitespace(from: next.wordEnd + 1), after < scalars.count,
                scalars[after].isDecimalDigit
            {
                return false
            }
        }
        // "3. jan. 2020", "út. 7": a month's or weekday's short name (CLDR's) before a number.
        if next.isDigit, let calendar = rules.calendar, let last = candidates.last, calendar.isShortName(last) { return false }
        let afterNumber = token.followsNumber(in: scalars)
        // "5 ft. 10 in.", "2 год. 30 хв.": a measurement goes on.
        if next.isDigit, afterNumber, candidates.contains(where: { rules.unitsAfterNumbers.contains($0) }) { return false }
        // "Bahnhofstr. 12": a word ending in an abbreviation, before a number.
        if next.isDigit, let last = candidates.last,
            rules.abbreviationSuffixes.contains(where: { last.hasSuffix($0) && last.count > $0.count })
        {
            return false
        }
        for candidate in candidates {
            guard let kind = rules.kind(of: candidate, afterNumber: afterNumber) else { continue }
            // A lower-case abbreviation before a title with its period ("u. a. Prof. Dr. Müller",
            // "д-р філос. Іван"): a name follows, the sentence goes on.
            if next.endsWithPeriod, rules.titles.contains(next.text), token.text.unicodeScalars.first?.isLower == true {
                return false
            }
            switch kind {
            case .title:
                // "Sprechzeiten: Mo. bis Fr." over a paragraph: a line of its own ends there.
                return endsLine && !next.isInitial && !next.endsWithPeriod
            case .beforeNumber:
                if next.isDigit { return false }
                return closingEnds(period, next: next, fresh: fresh) || endsLine
            case .closing:
                return closingEnds(period, next: next, fresh: fresh) || endsLine
            case .ambiguous:
                // A title after it starts a sentence ("at 6 P.M. Mr. Smith then went ...").
                if next.endsWithPeriod, rules.titles.contains(next.text), !isOpeningPhrase(endingAt: period) {
                    return true
                }
                return isStarter || fresh || endsLine
                    || !isModifier(candidate, token) && startsByDictionary(next, period: period)
            }
        }
        // An initialism ("U.S.", "т.г."), but not the domain of an address ("vinkit@yle.fi.").
        if token.isInitialism, token.start == 0 || scalars[token.start - 1] != "@" {
            return isStarter || fresh || endsLine
                || !candidates.contains(where: { isModifier($0, token) }) && startsByDictionary(next, period: period)
        }
        // "über die Friedrich-Ebert-Str. Richtung Bahnhof": a street's suffix before a word that
        // may go on; a sentence starter or a common word ends it.
        if next.isCapitalized, !rules.abbreviationSuffixes.isEmpty, let last = candidates.last,
            rules.abbreviationSuffixes.contains(where: { last.hasSuffix($0) && last.count > $0.count })
        {
            return isStarter || endsLine || startsByDictionary(next, period: period)
        }
        return startsSentence
    }

    /// Whether `next`, capitalised after an abbreviation that may end a sentence or not, is a
    /// common word by the language's dictionary ("Ltd. Construction is ...", "XV w. Wieżę
    /// dobudowano ..."), and not the first of a run of capitalised words, which is a name
    /// ("a.m. Eastern Time", "Inc. Chief Executive Tim Cook", "EE. UU. Marco Rubio").
    /// An opening phrase of a preposition and a number ("През 1879 г. Учредителното събрание
    /// ...", "W XIV w. Kazimierz ...") is never a sentence: the dictionary is not asked.
    private func startsByDictionary(_ next: NextWord, period: Int) -> Bool {
        guard next.isCapitalized, next.text.unicodeScalars.count > 1, !isOpeningPhrase(endingAt: period) else {
            return false
        }
        // An abbreviation ("Co. KG."), an acronym ("NATO") or a word that begins names.
        if next.endsWithPeriod || rules.nameWords.contains(next.text) { return false }
        let letters = scalars[next.wordStart..<next.wordEnd]
        if letters.count > 1, letters.allSatisfy({ !$0.isLower }) { return false }
        guard let lexicon = rules.lexicon else { return false }
        var index = next.wordEnd
        while index < scalars.count, scalars[index] == " " { index += 1 }
        if index < scalars.count, scalars[index].isUpper { return false }
        return lexicon.knowsInLowerCase(next.text)
    }

    /// Whether the period at `period`, with no space after it, ends a sentence glued to the
    /// next: a word of two or more lower-case letters, which is no abbreviation and stands
    /// after a space or an opening (not inside a domain, address or path), then a capitalised
    /// word that is not the next part of a dotted name ("world.I dag", "jağdaiy.XVIII ...",
    /// but not "www.example.Com", "node.JS", "user@mail.Example", "ca.Mr").
    private func isGluedBoundary(period: Int) -> Bool {
        let count = scalars.count
        var start = period
        // Catalan's middle dot is inside a word ("intel·ligent").
        while start > 0, scalars[start - 1].isLetter || scalars[start - 1] == "·", period - start <= 40 { start -= 1 }
        guard period - start >= 2, period - start <= 40 else { return false }
        if start > 0 {
            let before = scalars[start - 1]
            guard before.isSpace || NextWord.isOpening(before) else { return false }
        }
        for index in start..<period where !scalars[index].isLower && scalars[index] != "·" { return false }
        var end = period + 1
        guard end < count, scalars[end].isUpper else { return false }
        while end < count, scalars[end].isLetter, end - period <= 40 { end += 1 }
        // The word after: the end of the text, a space, or punctuation that is not a dot
        // joining more of a name.
        if end < count {
            let after = scalars[end]
            if after == "." || after == "@" || after == "/" || after == "(" || after == "_" || after.isDecimalDigit {
                guard after == ".", end + 1 == count || scalars[end + 1].isSpace else { return false }
            }
        }
        // A capitalised word, one capital ("I dag") or a Roman numeral; not a run of capitals
        // ("node.JS"), which names a thing more often than it starts a sentence.
        let right = String(String.UnicodeScalarView(scalars[(period + 1)..<end]))
        if end - period > 2, scalars[period + 2].isUpper, !Self.isRomanOrdinal(right) { return false }
        let word = String(String.UnicodeScalarView(scalars[start..<period])).lowercased()
        return !rules.isAbbreviation(word)
    }

    /// Whether `text` is a Roman numeral of two or more letters in its usual form ("XII",
    /// "XIX"; not "MIX" or "DC" alone, which are words or names as often).
    static func isRomanOrdinal(_ text: String) -> Bool {
        text.unicodeScalars.count >= 2 && SpeechNormalizer.romanValue(text) != nil
    }

    /// Whether the initial `token` ends the initials that follow a surname, as Cyrillic
    /// documents write names ("Шевченко Т. Г.", "Иванов И."): before the initials, a
    /// capitalised word in Cyrillic that the language's dictionary does not hold in lower
    /// case (a name, not "Писатель" of "Писатель Л. Н. Толстой").
    private func endsSurnameFirstInitials(_ token: Token) -> Bool {
        var index = token.start
        while true {
            while index > sentenceStart, scalars[index - 1] == " " { index -= 1 }
            // An initial before this one: the "Т." of "Т. Г.".
            if index - 2 > sentenceStart, scalars[index - 1] == ".", scalars[index - 2].isUpper, !scalars[index - 3].isLetter {
                index -= 2
                continue
            }
            break
        }
        guard index > sentenceStart, index < token.start, let lexicon = rules.lexicon else { return false }
        let surname = Token(scalars: scalars, endingAt: index).text.unicodeScalars
        guard surname.count >= 2, let first = surname.first, first.isUpper, (0x0400...0x04FF).contains(first.value),
            surname.dropFirst().allSatisfy({ $0.isLower || $0 == "-" || $0 == "’" || $0 == "'" })
        else { return false }
        return !lexicon.knowsInLowerCase(String(String.UnicodeScalarView(surname)))
    }

    /// Whether the number `token` follows a noun inside its sentence: a capitalised word that
    /// does not open the sentence, or an abbreviation ("Platz 3.", "Bahnhofstr. 12.").
    private func followsNoun(_ token: Token) -> Bool {
        var index = token.start
        while index > sentenceStart, scalars[index - 1] == " " { index -= 1 }
        guard index < token.start, index > sentenceStart else { return false }
        let hasPeriod = scalars[index - 1] == "."
        let previous = Token(scalars: scalars, endingAt: hasPeriod ? index - 1 : index)
        guard let first = previous.text.unicodeScalars.first, previous.start > sentenceStart else { return false }
        if hasPeriod {
            // "Bahnhofstr. 12.", "Ilici br. 5.": a house or page number.
            let abbreviation = previous.text.lowercased()
            if rules.beforeNumbers.contains(abbreviation) { return true }
            return previous.text.count > 2 && rules.abbreviationSuffixes.contains { abbreviation.hasSuffix($0) }
        }
        return first.isUpper && previous.text.unicodeScalars.count > 1
    }

    /// A closing abbreviation ("etc.", "грн.") ends a sentence before a capital or a number,
    /// unless what it would end is a short opening phrase of a preposition and a number
    /// ("At 5 a.m. Mr. Smith ...").
    private func closingEnds(_ period: Int, next: NextWord, fresh: Bool) -> Bool {
        guard next.isCapitalized || next.isDigit || fresh else { return false }
        // "At 5 a.m. Mr. Smith ...", "У XIX ст. Львів був ...".
        return !isOpeningPhrase(endingAt: period)
    }

    /// Whether the number `next` goes on a spaced date after a day or month with its period:
    /// a month ("3." of "15. 3. 2024") or a year of four digits.
    private func isSpacedDate(after next: NextWord) -> Bool {
        var index = next.wordStart
        while index < scalars.count, Self.isASCIIDigit(scalars[index]), index - next.wordStart < 5 { index += 1 }
        let digits = index - next.wordStart
        if digits <= 2 { return index < scalars.count && scalars[index] == "." }
        return digits == 4 && (index == scalars.count || !scalars[index].isLetter && !Self.isASCIIDigit(scalars[index]))
    }

    /// Whether `abbreviation` (of `token`) modifies the name after it here: it is listed so and,
    /// if it may also be a name's suffix, no capitalised word stands before it inside the
    /// sentence ("to St. Louis", but "14 Elm St." is a street).
    private func isModifier(_ abbreviation: String, _ token: Token) -> Bool {
        guard rules.modifiers.contains(abbreviation) else { return false }
        guard rules.suffixesAfterNames.contains(abbreviation) else { return true }
        var index = token.start
        while index > sentenceStart, scalars[index - 1] == " " { index -= 1 }
        guard index > sentenceStart, index < token.start else { return true }
        let previous = Token(scalars: scalars, endingAt: index)
        guard previous.start > sentenceStart, let first = previous.text.unicodeScalars.first else { return true }
        return !first.isUpper
    }

    /// Whether the sentence read up to the period at `end` is only a phrase of time: numbers,
    /// Roman numerals, month names and abbreviations with their periods, and at most one other
    /// word, one of the language's opening prepositions: "At 5 a.m.", "У 1991 р.", "W XIV w.",
    /// "2020 m. kovo 16 d.", which no sentence is ("Було 5 тис." is). Looks at 60 characters at most.
    private func isOpeningPhrase(endingAt end: Int) -> Bool {
        guard end - sentenceStart <= 60,
            scalars[sentenceStart..<end].contains(where: { Self.isASCIIDigit($0) || Self.isRomanLetter($0) })
        else { return false }
        var index = sentenceStart
        var numbers = 0
        var others = 0
        while index < end {
            while index < end, scalars[index].isSpace { index += 1 }
            let start = index
            while index < end, !scalars[index].isSpace { index += 1 }
            guard index > start else { break }
            let text = scalars[start..<index]
            if text.first?.isDecimalDigit == true
                || text.allSatisfy(Self.isRomanLetter) && Self.isRomanOrdinal(String(scalars: text))
            {
                numbers += 1
            } else if index == end || scalars[index - 1] == "." {
                continue
            } else {
                let word = String(scalars: text.filter(\.isLetter)).lowercased()
                if rules.monthNames.contains(word) || rules.calendar?.isMonthName(word) == true { continue }
                others += 1
                if others > 1 || !rules.openingPrepositions.contains(word) { return false }
            }
        }
        return numbers > 0
    }

    /// Counts the dots of ". . ." starting at `start` (dots separated by single spaces).
    private func spacedDots(from start: Int) -> (dots: Int, end: Int) {
        var dots = 0
        var index = start
        var end = start
        while index < scalars.count, scalars[index] == "." {
            dots += 1
            end = index + 1
            if index + 2 < scalars.count, scalars[index + 1] == " ", scalars[index + 2] == "." {
                index += 2
            } else {
                break
            }
        }
        return (dots, end)
    }

    // MARK: Lines

    /// A line that ends without final punctuation is a sentence of its own (a headline),
    /// unless it was only wrapped: the next word would not have fit on it.
    /// `index` is the first line break of a run of white space that ends at `next`.
    private mutating func handleLineBreak(at index: Int, next: Int) {
        var last = index
        while last > sentenceStart, scalars[last - 1].isSpace { last -= 1 }
        guard last > sentenceStart, next < scalars.count else { return }
        let lastScalar = scalars[last - 1]
        var blankLine = false
        for position in (index + 1)..<next where Self.isLineBreak(scalars[position]) {
            // CR LF is one line break.
            if scalars[position] == "\n", scalars[position - 1] == "\r" { continue }
            blankLine = true
            break
        }
        // A blank line ends a paragraph, after an abbreviation too ("… Holdings Ltd.\n\nThe …").
        if blankLine {
            cut(at: next)
            return
        }
        if isTerminator(lastScalar) || Self.isClosing(lastScalar) && last >= 2 && isTerminator(scalars[last - 2]) {
            return
        }
        if lastScalar == "-" || lastScalar == "‐" || lastScalar == "," || lastScalar == "­" { return }
        if Self.isBullet(scalars[next]) || startsBulletItem(at: next) {
            cut(at: next)
            return
        }
        if NextWord(scalars: scalars, from: next).isLowercase || isWrapped(lineEnd: last, next: next) { return }
        cut(at: next)
    }

    /// Whether a line starting at `index` starts with a bullet: "- ", "* ", "– ".
    private func startsBulletItem(at index: Int) -> Bool {
        (scalars[index] == "-" || scalars[index] == "*" || scalars[index] == "–" || scalars[index] == "—")
            && index + 1 < scalars.count && scalars[index + 1] == " "
    }

    /// Whether the line ending at `lineEnd` was only wrapped before the word at `next`: the
    /// word would not have fit on it. The width is the 75th percentile of the text's line
    /// lengths (one long URL line does not set it); below 50 columns lines are taken to be
    /// meant as they are (a headline over a short paragraph, a poem, an address).
    private func isWrapped(lineEnd: Int, next: Int) -> Bool {
        var lineStart = lineEnd
        while lineStart > 0, !Self.isLineBreak(scalars[lineStart - 1]) { lineStart -= 1 }
        var wordEnd = next
        while wordEnd < scalars.count, !scalars[wordEnd].isSpace { wordEnd += 1 }
        let width = wrapWidth()
        return width >= 50 && (lineEnd - lineStart) + 1 + (wordEnd - next) > width
    }

    private func wrapWidth() -> Int {
        if let width = wrapWidthCache.width { return width }
        var lengths: [Int] = []
        var start = 0
        for (index, scalar) in scalars.enumerated() where Self.isLineBreak(scalar) {
            lengths.append(index - start)
            start = index + 1
        }
        lengths.append(scalars.count - start)
        lengths.sort()
        let width = lengths[(lengths.count - 1) * 3 / 4]
        wrapWidthCache.width = width
        return width
    }

    /// A scanner's wrap width once found (a box, so that judging a line needs no mutation).
    private final class WrapWidthCache {
        var width: Int?
    }

    // MARK: Lists

    /// Finds list markers ("1.", "2)", "a.", "3.)") that run in sequence or start a line, so
    /// that each item is cut before its marker and the marker's period never ends a sentence.
    private mutating func findListMarkers() -> [Int] {
        struct Marker {
            var start: Int
            var value: Int
            var numeric: Bool
            var style: Int
            var period: Int?
            var startsLine: Bool
        }
        var markers: [Marker] = []
        let count = scalars.count
        var index = 0
        while index < count {
            let atStart = index == 0 || scalars[index - 1].isSpace || Self.isBullet(scalars[index - 1])
            guard atStart else {
                index += 1
                continue
            }
            var end = index
            var value = 0
            var numeric = false
            while end < count, end - index < 3, Self.isASCIIDigit(scalars[end]) {
                value = value * 10 + Int(scalars[end].value - 48)
                end += 1
                numeric = true
            }
            if !numeric, let letter = Self.listLetterValue(scalars[index]) {
                value = letter
                end = index + 1
            }
            guard end > index, end < count, !(end < count && Self.isASCIIDigit(scalars[end])) else {
                index = max(end, index + 1)
                continue
            }
            var style = 0
            var period: Int?
            var stop = end
            if scalars[stop] == "." {
                period = stop
                stop += 1
                style = 1
                if stop < count, scalars[stop] == ")" {
                    stop += 1
                    style = 3
                }
            } else if scalars[stop] == ")" {
                stop += 1
                style = 2
            }
            if style != 0, stop + 1 < count, scalars[stop].isSpace,
                NextWord(scalars: scalars, from: skipWhitespace(from: stop)).isCapitalized
            {
                let startsLine = index == 0 || Self.isLineBreak(scalars[index - 1])
                markers.append(
                    Marker(
                        start: index, value: value, numeric: numeric, style: style, period: period, startsLine: startsLine
                    ))
            }
            index = max(stop, index + 1)
        }
        var cutsAtMarkers: [Int] = []
        for (position, marker) in markers.enumerated() {
            let follows =
                position > 0 && markers[position - 1].numeric == marker.numeric
                && markers[position - 1].style == marker.style && markers[position - 1].value + 1 == marker.value
            let precedes =
                position + 1 < markers.count && markers[position + 1].numeric == marker.numeric
                && markers[position + 1].style == marker.style && markers[position + 1].value == marker.value + 1
            let lineItem = marker.startsLine && marker.numeric && !continuesWrappedLine(at: marker.start)
            guard follows || precedes || lineItem else { continue }
            if let period = marker.period { markerPeriods.insert(period) }
            // "• 9. Item": the bullet already starts the item.
            var before = marker.start
            while before > 0, scalars[before - 1] == " " { before -= 1 }
            let bulleted = before > 0 && Self.isBullet(scalars[before - 1])
            if marker.start > 0, !bulleted { cutsAtMarkers.append(marker.start) }
        }
        return cutsAtMarkers
    }

    /// Whether the line starting at `index` goes on a sentence wrapped on the line before
    /// ("The score was 3 to\n2. It was ..."): a number there is not a list item.
    private mutating func continuesWrappedLine(at index: Int) -> Bool {
        var last = index
        while last > 0, scalars[last - 1].isSpace { last -= 1 }
        guard last > 0, !isTerminator(scalars[last - 1]), !Self.isClosing(scalars[last - 1]),
            scalars[last - 1] != ":", scalars[last..<index].filter({ $0 == "\n" }).count <= 1
        else { return false }
        return isWrapped(lineEnd: last, next: index)
    }

    /// "a" is 1, "b" is 2 ... for Latin and Cyrillic lower-case list letters.
    private static func listLetterValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x61...0x7A: Int(scalar.value - 0x60)
        case 0x430...0x44F: Int(scalar.value - 0x42F)
        default: nil
        }
    }

    // MARK: Characters

    private func skipWhitespace(from index: Int) -> Int {
        var index = index
        while index < scalars.count, scalars[index].isSpace { index += 1 }
        return index
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int>? {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, scalars[lower].isSpace { lower += 1 }
        while upper > lower, scalars[upper - 1].isSpace { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }

    private func isTerminator(_ scalar: Unicode.Scalar) -> Bool {
        Self.isStandardTerminator(scalar) || (!rules.extraTerminators.isEmpty && rules.extraTerminators.contains(scalar))
    }

    static func isStandardTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case ".", "!", "?", "…", "‼", "⁇", "⁈", "⁉", "։", "؟", "।", "॥", "።", "፧", "჻": true
        default: isFullWidthTerminator(scalar)
        }
    }

    static func isFullWidthTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "。", "！", "？", "｡": true
        default: false
        }
    }

    static func isClosing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        // « and ‹ close where quotes point inwards (Danish, German: »Ja.« Han gik).
        case "\"", "'", "”", "’", "»", "›", "«", "‹", "“", ")", "]", "}", "」", "』", "）", "〕", "】": true
        default: false
        }
    }

    /// Closing quotes that French sets apart with a space.
    static func isSpacedCloser(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "»" || scalar == "”" || scalar == "›"
    }

    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    static func isBullet(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "•", "⁃", "◦", "▪", "‣", "●", "■", "►", "▸", "∙": true
        default: false
        }
    }

    /// A capital that Roman numerals are written with.
    static func isRomanLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "I", "V", "X", "L", "C", "D", "M": true
        default: false
        }
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 48 && scalar.value <= 57
    }

    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .otherPunctuation, .closePunctuation, .finalPunctuation, .dashPunctuation: true
        default: false
        }
    }

    /// Emoji, their modifiers and joiners (not digits, "#" or "*", which are emoji too).
    static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x2000 { return false }
        if scalar == "\u{200D}" || scalar == "\u{FE0F}" { return true }
        if scalar.value >= 0xE0020 && scalar.value <= 0xE007F { return true }
        return scalar.properties.isEmoji && !isBullet(scalar)
    }
}
