/// What a document says of its own words' capitals, in the manner of Kiss & Strunk's Punkt:
/// which words it writes in lower case inside a sentence (a common word, so a capital after
/// an abbreviation marks a new sentence) and which it writes capitalised there (a name, so a
/// capital after an abbreviation says nothing of a sentence's end).
///
/// "Inside a sentence" is judged without segmenting: a word whose previous visible character
/// is not terminal punctuation and that is not at the start of a line. One linear pass.
struct OrthographicEvidence: Sendable {
    /// Lower-cased words seen in lower case inside a sentence.
    private(set) var lowercase: Set<String> = []
    /// Lower-cased words seen capitalised inside a sentence.
    private(set) var capitalized: Set<String> = []

    init() {}

    /// The evidence of `texts` (a document's blocks).
    init(texts: [[Unicode.Scalar]]) {
        for scalars in texts { add(scalars) }
    }

    private mutating func add(_ scalars: [Unicode.Scalar]) {
        var index = 0
        let count = scalars.count
        // The last visible character before the current word, and whether a line began since.
        var previous: Unicode.Scalar = "."
        var lineStart = true
        while index < count {
            let scalar = scalars[index]
            guard scalar.isLetter else {
                if SentenceScanner.isLineBreak(scalar) { lineStart = true }
                if !scalar.isSpace, !NextWord.isOpening(scalar) { previous = scalar }
                index += 1
                continue
            }
            var word = String.UnicodeScalarView()
            let first = scalar
            while index < count, scalars[index].isLetter || scalars[index] == "'" || scalars[index] == "’" || scalars[index] == "-" {
                if word.count < 32 { word.append(scalars[index]) }
                index += 1
            }
            let inside = !lineStart && !".!?…:;".unicodeScalars.contains(previous)
            // A word followed by a period may be an abbreviation: its capital says nothing.
            let abbreviated = index < count && scalars[index] == "."
            if inside, !abbreviated, word.count > 1 {
                let key = String(word).lowercased()
                if first.isLower { lowercase.insert(key) } else if first.isUpper { capitalized.insert(key) }
            }
            previous = word.last ?? previous
            lineStart = false
        }
    }

    /// Whether `word` (lower-cased) is written in lower case inside a sentence and never
    /// capitalised there: a common word, capitalised only where a sentence starts.
    func isCommonWord(_ word: String) -> Bool {
        lowercase.contains(word) && !capitalized.contains(word)
    }

    /// Whether `word` is written capitalised inside a sentence and never in lower case: a name.
    func isName(_ word: String) -> Bool {
        capitalized.contains(word) && !lowercase.contains(word)
    }
}
