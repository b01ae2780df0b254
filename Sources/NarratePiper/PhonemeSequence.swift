import Foundation
import NarrateSpeech

/// A sentence's phonemes as a Piper model's ids: the start id, then each phoneme's ids each
/// followed by the pad id, then the end id, as the voices were trained. The clause's ending
/// punctuation is a phoneme of its own (a comma, a colon and a semicolon followed by a
/// space, as they go on). A phoneme the voice lacks is left out and counted.
struct PhonemeSequence: Equatable {
    /// What an id stands for, for estimating where words start when the model gives no durations.
    enum Kind: Equatable {
        /// The start and end ids, and the pad after each phoneme.
        case boundary, pad
        /// A sound, a stress or length mark (a modifier letter).
        case sound
        /// The space between words.
        case space
        /// Punctuation that ends a clause, where a voice may pause.
        case pause
    }

    /// The model's input.
    var ids: [Int64] = []
    /// What each id of `ids` stands for.
    var kinds: [Kind] = []
    /// The phoneme each id of `ids` is of (a space for the start, end and pad ids).
    var symbols: [Unicode.Scalar] = []
    /// For each spoken word (eSpeak NG's phonemes are separated by spaces between words),
    /// the index in `ids` of its first phoneme's id.
    var wordStarts: [Int] = []
    /// Each spoken word's first sound (after any stress mark).
    var wordInitials: [Unicode.Scalar] = []
    /// Phonemes the voice has no id for, left out.
    var skipped = 0
    /// Whether any phoneme was spoken (text of symbols alone has none).
    var hasPhonemes = false

    init(clauses: [ESpeakEngine.PhonemeClause], config: PiperVoiceConfig) {
        let map = config.phonemeIds
        let pad = map[PiperVoiceConfig.pad] ?? [0]
        append(map[PiperVoiceConfig.start] ?? [1], .boundary, " ")
        append(pad, .pad, " ")
        var atWordStart = true
        for clause in clauses {
            var phonemes = clause.phonemes.decomposedStringWithCanonicalMapping
            if let terminator = clause.terminator {
                phonemes.append(terminator)
                if ",:;".contains(terminator) { phonemes.append(" ") }
            }
            for scalar in phonemes.unicodeScalars {
                if scalar == " " { atWordStart = true }
                guard let scalarIds = map[scalar] else {
                    if scalar != " " { skipped += 1 }
                    continue
                }
                let isSound = scalar.properties.isAlphabetic || scalar.properties.generalCategory == .modifierLetter
                if atWordStart, isSound {
                    wordStarts.append(ids.count)
                    wordInitials.append(scalar)
                    atWordStart = false
                } else if wordInitials.count == wordStarts.count, let last = wordInitials.last, Self.stressMarks.contains(last), isSound {
                    wordInitials[wordInitials.count - 1] = scalar
                }
                hasPhonemes = hasPhonemes || scalar.properties.isAlphabetic
                let kind: Kind = isSound ? .sound : scalar == " " ? .space : Self.pauses.contains(scalar) ? .pause : .sound
                for id in scalarIds {
                    append([id], kind, scalar)
                    append(pad, .pad, " ")
                }
            }
            // Clauses are separated as words are.
            atWordStart = true
        }
        append(map[PiperVoiceConfig.end] ?? [2], .boundary, " ")
    }

    /// eSpeak NG's stress marks, which come before a word's first sound.
    static let stressMarks = Set("ˈˌ".unicodeScalars)
    /// The sounds a word starting with which is silent a moment first (its closure).
    static let stops = Set("ptkbdgʔ".unicodeScalars).union(["ɡ"])

    /// The punctuation a clause may end with in eSpeak NG's phonemes.
    static let pauses = Set(",.;:!?¡¿…—–".unicodeScalars)

    /// `other` run after this one: its ids after these, its words after these words.
    mutating func append(_ other: PhonemeSequence) {
        wordStarts += other.wordStarts.map { $0 + ids.count }
        wordInitials += other.wordInitials
        ids += other.ids
        kinds += other.kinds
        symbols += other.symbols
        skipped += other.skipped
        hasPhonemes = hasPhonemes || other.hasPhonemes
    }

    /// `clauses` in runs of the model of at most `limit` ids each, as far as whole clauses
    /// allow (a clause longer than that is a run of its own): a long sentence's runs need
    /// less memory than one run of it all, whose activations grow with its length.
    static func runs(of clauses: [ESpeakEngine.PhonemeClause], config: PiperVoiceConfig, limit: Int) -> [[ESpeakEngine.PhonemeClause]] {
        var runs: [[ESpeakEngine.PhonemeClause]] = []
        var current: [ESpeakEngine.PhonemeClause] = []
        for clause in clauses {
            if !current.isEmpty, PhonemeSequence(clauses: current + [clause], config: config).ids.count > limit {
                runs.append(current)
                current = []
            }
            current.append(clause)
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    private mutating func append(_ added: [Int64], _ kind: Kind, _ symbol: Unicode.Scalar) {
        ids += added
        kinds += repeatElement(kind, count: added.count)
        symbols += repeatElement(symbol, count: added.count)
    }
}
