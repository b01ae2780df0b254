public import NarrateLibrary
import NarrateText

/// The languages a search query could be in, by the languages' dictionaries (Hunspell's, as
/// installed): those of the library's whose dictionary knows every word of the query, in
/// one of its forms. A word's stems are then looked for in those languages only: "keeper" is
/// not read as a German word, whose German stem "keep" would find an English "keep" quoted
/// in a German article. Nil when no dictionary knows them all (a name, a typo, a language
/// without a dictionary): the library then reads the query in every language written in its
/// alphabet.
public enum QueryLanguages {
    /// Words shorter than this say little of a language ("in", "de", "la").
    static let minimumLength = 3

    /// The guess `ArticleLibrary.search` takes.
    public static let guess: QueryLanguageGuess = { query, languages in
        of(query, among: languages)
    }

    /// Those of `languages` (first subtags) `query` could be in; nil when the dictionaries cannot tell.
    public static func of(_ query: String, among languages: [String]) -> [String]? {
        let words = query.lowercased().split { !$0.isLetter }.filter { $0.count >= minimumLength }.map(String.init)
        guard !words.isEmpty else { return nil }
        var known: [String] = []
        var withoutDictionary: [String] = []
        for language in languages {
            let lexicon = WordLexicon.forLanguage(language)
            guard lexicon.isInstalled else {
                withoutDictionary.append(language)
                continue
            }
            if words.allSatisfy(lexicon.knows) { known.append(language) }
        }
        // A language without a dictionary cannot be ruled out.
        return known.isEmpty ? nil : known + withoutDictionary
    }
}
