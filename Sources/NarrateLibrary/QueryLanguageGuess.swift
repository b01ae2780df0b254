/// Which of the library's languages (first subtags, those written in the query's alphabet) a
/// search query could be in: a judgement the library has no dictionaries for
/// (`QueryLanguages.guess` in NarrateImport makes it with Hunspell's). Nil, or none of them, when
/// it cannot tell.
public typealias QueryLanguageGuess = @Sendable (_ query: String, _ languages: [String]) -> [String]?
