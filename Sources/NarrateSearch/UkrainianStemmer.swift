/// A light stemmer for Ukrainian, which Snowball (libstemmer) does not have: it strips the
/// longest inflectional ending (of nouns, adjectives, pronouns and verbs, after a reflexive
/// -ся/-сь) that leaves a stem with a vowel, as light stemmers for Russian and Ukrainian do
/// for retrieval. Stem alternations (бібліотека/бібліотеці, стіл/столу) are left alone: such
/// forms share a prefix, which the search matches too.
///
/// The endings are data; the rules are the two lines of `stem`.
package struct UkrainianStemmer {
    /// Vowels: a stem keeps at least one, so "ще" or "як" stay whole.
    package static let vowels: Set<Unicode.Scalar> = ["а", "е", "є", "и", "і", "ї", "о", "у", "ю", "я"]

    /// Reflexive endings, removed first ("відкрилася" → "відкрила").
    package static let reflexive = ["ся", "сь"].map { Array($0.unicodeScalars) }

    /// Gerunds, then nouns, adjectives and pronouns, then verbs; tried longest first.
    package static let endings: [[Unicode.Scalar]] = {
        let gerunds = ["учи", "ючи", "ачи", "ячи", "вши", "ши"]
        let nouns = [
            "ами", "ями", "ові", "еві", "єві", "ом", "ем", "єм", "ям", "ам", "ах", "ях", "ів", "їв", "ей", "ою", "ею", "єю",
            "а", "я", "о", "е", "є", "у", "ю", "і", "ї", "и", "ь",
        ]
        let adjectives = [
            "ього", "ьому", "ого", "ому", "ими", "іми", "ий", "ій", "им", "ім", "их", "іх", "ої", "ую", "юю", "ая", "яя", "еє",
        ]
        // Infinitives lose "ти" only, so "відкрити" meets "відкрила" and "відкрив" at "відкри".
        let verbs = [
            "уть", "ють", "ємо", "емо", "имо", "їмо", "ете", "єте", "ите", "їте", "ла", "ло", "ли", "ти", "ть", "еш", "єш", "иш",
            "їш", "в",
        ]
        return Set(gerunds + nouns + adjectives + verbs).sorted { ($0.count, $0) > ($1.count, $1) }.map { Array($0.unicodeScalars) }
    }()

    /// The stem of the lower-cased `word`; a word that is not Cyrillic comes back unchanged.
    package func stem(_ word: String) -> String {
        guard word.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) else { return word }
        var letters = Array(word.unicodeScalars.lazy.filter { $0 != "'" && $0 != "’" && $0 != "ʼ" })
        if let ending = Self.reflexive.first(where: { letters.hasSuffix($0) }), keepsAVowel(letters, dropping: ending.count) {
            letters.removeLast(ending.count)
        }
        if let ending = Self.endings.first(where: { letters.hasSuffix($0) && keepsAVowel(letters, dropping: $0.count) }) {
            letters.removeLast(ending.count)
        }
        if letters.last == "ь", letters.count > 2 { letters.removeLast() }
        var stem = String.UnicodeScalarView()
        stem.append(contentsOf: letters)
        return String(stem)
    }

    /// Whether `letters` without its last `count` keep two letters or more and a vowel.
    private func keepsAVowel(_ letters: [Unicode.Scalar], dropping count: Int) -> Bool {
        letters.count - count >= 2 && letters.dropLast(count).contains(where: Self.vowels.contains)
    }
}

extension Array where Element == Unicode.Scalar {
    fileprivate func hasSuffix(_ tail: [Unicode.Scalar]) -> Bool {
        count >= tail.count && self[(count - tail.count)...].elementsEqual(tail)
    }
}
