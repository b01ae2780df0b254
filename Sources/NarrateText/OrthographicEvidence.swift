/// What a document says of its own words' capitals, in the manner of Kiss & Strunk's Punkt:
/// which words it writes in lower case inside a sentence (a common word, so a capital after
/// an abbreviation marks a new sentence) and which it writes capitalised there (a name, so a
/// capital after an abbreviation says nothing of a sentence's end).
///
/// "Inside a sentence" is judged without segmenting: a word whose previous visible character
/// is not terminal punctuation and that is not at the start of a line. One linear pass.
struct OrthographicEvidence: Sendable {
    /// Words seen in lower case inside a sentence, and seen capitalised there, as hashes of
    /// their lower-cased letters (making a string of every word of a document cost more than
    /// segmenting it).
    private var lowercase: Set<UInt64> = []
    private var capitalized: Set<UInt64> = []

    init() {}

    /// The evidence of `texts` (a document's blocks).
    init(texts: some Sequence<[Unicode.Scalar]>) {
        for scalars in texts { add(scalars) }
    }

    /// Adds what `scalars` (one block's) say.
    mutating func add(_ scalars: [Unicode.Scalar]) {
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
            let first = scalar
            var hash = Self.seed
            var length = 0
            var last = scalar
            while index < count, scalars[index].isLetter || scalars[index] == "'" || scalars[index] == "’" || scalars[index] == "-" {
                if length < 32 { hash = Self.mix(hash, Self.lowercased(scalars[index])) }
                last = scalars[index]
                length += 1
                index += 1
            }
            let inside = !lineStart && !".!?…:;".unicodeScalars.contains(previous)
            // A word followed by a period may be an abbreviation: its capital says nothing.
            let abbreviated = index < count && scalars[index] == "."
            if inside, !abbreviated, length > 1 {
                if first.isLower { lowercase.insert(hash) } else if first.isUpper { capitalized.insert(hash) }
            }
            previous = last
            lineStart = false
        }
    }

    /// Whether `word` (lower-cased) is written in lower case inside a sentence and never
    /// capitalised there: a common word, capitalised only where a sentence starts.
    func isCommonWord(_ word: String) -> Bool {
        var hash = Self.seed
        for scalar in word.unicodeScalars.prefix(32) { hash = Self.mix(hash, scalar) }
        return lowercase.contains(hash) && !capitalized.contains(hash)
    }

    // MARK: Hashing (FNV-1a over scalar values)

    private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    private static func mix(_ hash: UInt64, _ scalar: Unicode.Scalar) -> UInt64 {
        (hash ^ UInt64(scalar.value)) &* 0x0000_0100_0000_01b3
    }

    /// A scalar in lower case: directly for Latin, Cyrillic and Greek capitals, through
    /// Unicode's mapping for the rest.
    static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        switch value {
        case 0x61...0x7A, 0xDF...0xFF, 0x3AC...0x3CE, 0x430...0x45F:
            return scalar
        case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE, 0x391...0x3A1, 0x3A3...0x3AB, 0x410...0x42F:
            return Unicode.Scalar(value + 0x20) ?? scalar
        case 0x400...0x40F:
            return Unicode.Scalar(value + 0x50) ?? scalar
        case 0..<0x80:
            return scalar
        default:
            guard scalar.properties.isUppercase else { return scalar }
            return scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
        }
    }
}

/// A document's `OrthographicEvidence`, gathered the first time a decision asks for it: most
/// texts never need it, and gathering costs a pass that makes a string of every word.
/// One segmentation's, on one thread.
final class DocumentEvidence {
    /// The blocks' texts: the document's own strings, each made scalars only while it is
    /// gathered (a book's blocks as scalars at once were four bytes a character).
    private let texts: [String]
    private var gathered: OrthographicEvidence?

    init(texts: [String]) {
        self.texts = texts
    }

    /// Evidence gathered already (a book's, a chapter at a time).
    init(gathered: OrthographicEvidence) {
        texts = []
        self.gathered = gathered
    }

    private var evidence: OrthographicEvidence {
        if let gathered { return gathered }
        let made = OrthographicEvidence(texts: texts.lazy.map { Array($0.unicodeScalars) })
        gathered = made
        return made
    }

    /// See `OrthographicEvidence.isCommonWord`.
    func isCommonWord(_ word: String) -> Bool { evidence.isCommonWord(word) }
}
