/// A search's words, each with the forms it matches: the FTS5 query that finds articles, and
/// what marks the words of an article's text that matched (`SearchSnippet`).
package struct SearchTerms: Equatable {
    /// A word of the query (or a phrase in quotes) and the forms it matches.
    package struct Group: Equatable {
        /// The word as typed (lower-cased); nil for a phrase.
        var word: String?
        /// The words of a phrase in quotes, in order.
        var phrase: [String]?
        /// The word is being typed: any word it begins matches.
        var isPrefix = false
        /// Its stems in the languages it is read in, matched against the articles' stems.
        var stems: [String] = []
        /// Those stems that are words of the library, matched against the text as well.
        var stemWords: [String] = []
        /// Words and stems of the library one typo away.
        var corrections: [String] = []

        init(word: String) {
            self.word = word
        }

        init(phrase: [String]) {
            self.phrase = phrase
        }

        /// The group as an FTS5 expression.
        var fts5: String {
            if let phrase { return "{title byline body} : \(SearchIndex.quoted(phrase.joined(separator: " ")))" }
            var alternatives = ["{title byline body} : \(SearchIndex.quoted(word ?? ""))" + (isPrefix ? " *" : "")]
            for stem in stems {
                alternatives.append("{titleStems bodyStems} : \(SearchIndex.quoted(stem))")
                if stemWords.contains(stem) { alternatives.append("{title byline body} : \(SearchIndex.quoted(stem))") }
            }
            for correction in corrections {
                alternatives.append("{title byline body titleStems bodyStems} : \(SearchIndex.quoted(correction))")
            }
            return "(" + alternatives.joined(separator: " OR ") + ")"
        }

        /// Whether the text's lower-cased `word` (whose stem in the article's language `stem`
        /// gives, when asked) is one of this group's forms.
        func matches(_ textWord: String, folded: String, stem: () -> String?) -> Bool {
            if let phrase { return phrase.contains(textWord) || phrase.contains { SearchSnippet.folded($0) == folded } }
            guard let word else { return false }
            if textWord == word || folded == SearchSnippet.folded(word) { return true }
            if isPrefix, folded.hasPrefix(SearchSnippet.folded(word)) { return true }
            if stemWords.contains(textWord) || corrections.contains(textWord) { return true }
            guard !stems.isEmpty || !corrections.isEmpty, let stemmed = stem() else { return false }
            return stems.contains(stemmed) || corrections.contains(stemmed)
        }

        /// Beginnings a text word must share with one of this group's stems or corrections
        /// before its own stem is worth making (stems begin as their words do, nearly always).
        var stemBeginnings: Set<Substring> {
            Set((stems + corrections).map { $0.prefix(2) })
        }
    }

    package var groups: [Group]

    /// Every group must match.
    package var fts5: String { groups.map(\.fts5).joined(separator: " AND ") }
}
