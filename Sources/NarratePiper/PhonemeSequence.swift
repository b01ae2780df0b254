import Foundation
import NarrateSpeech

/// A sentence's phonemes as a Piper model's ids: the start id, then each phoneme's ids each
/// followed by the pad id, then the end id, as the voices were trained. The clause's ending
/// punctuation is a phoneme of its own (a comma, a colon and a semicolon followed by a
/// space, as they go on). A phoneme the voice lacks is left out and counted.
struct PhonemeSequence: Equatable {
    /// The model's input.
    var ids: [Int64] = []
    /// For each spoken word (eSpeak NG's phonemes are separated by spaces between words),
    /// the index in `ids` of its first phoneme's id.
    var wordStarts: [Int] = []
    /// Phonemes the voice has no id for, left out.
    var skipped = 0
    /// Whether any phoneme was spoken (text of symbols alone has none).
    var hasPhonemes = false

    init(clauses: [ESpeakEngine.PhonemeClause], config: PiperVoiceConfig) {
        let map = config.phonemeIds
        let pad = map[PiperVoiceConfig.pad] ?? [0]
        ids += map[PiperVoiceConfig.start] ?? [1]
        ids += pad
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
                    atWordStart = false
                }
                hasPhonemes = hasPhonemes || scalar.properties.isAlphabetic
                for id in scalarIds {
                    ids.append(id)
                    ids += pad
                }
            }
            // Clauses are separated as words are.
            atWordStart = true
        }
        ids += map[PiperVoiceConfig.end] ?? [2]
    }
}
