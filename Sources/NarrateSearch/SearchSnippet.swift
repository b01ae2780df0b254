import Foundation

/// A piece of an article's text around what a search matched, each word that matched in
/// [brackets], whichever of its forms it is (another form of a stem, a word one typo away, the
/// rest of a word being typed): FTS5's own snippet marks only the words as typed, and shows
/// the article's opening when only another form matched.
package enum SearchSnippet {
    /// Words in a snippet.
    package static let length = 12
    /// Words before the first match in it.
    package static let lead = 2

    /// The snippet of `text` for `terms`, its words stemmed by `stemmer` (the article's
    /// language's) to compare them with the terms' stems; the opening when nothing matches.
    package static func make(text: String, terms: SearchTerms, stemmer: WordStemmer?) -> String {
        let matcher = Matcher(terms: terms, stemmer: stemmer)
        // The first window of `length` words from `lead` before a match with the most of the
        // query's words in it: found as the text is read, so a match of all of them early ends it.
        var matches: [(index: Int, groups: Set<Int>)] = []
        var best: (start: Int, count: Int)?
        var evaluated = 0
        func evaluate(upTo limit: Int) -> Bool {
            while evaluated < matches.count {
                let start = max(0, matches[evaluated].index - lead)
                guard start + length <= limit else { return false }
                var seen = Set<Int>()
                for match in matches[evaluated...] where match.index < start + length { seen.formUnion(match.groups) }
                if best == nil || seen.count > best!.count { best = (start, seen.count) }
                evaluated += 1
                if seen.count == terms.groups.count { return true }
            }
            return false
        }
        var index = 0
        SearchIndex.forEachWordRange(in: text) { word, _ in
            defer { index += 1 }
            let groups = matcher.groups(matching: word)
            if !groups.isEmpty, matches.count < 10_000 { matches.append((index, groups)) }
            return !evaluate(upTo: index)
        }
        _ = evaluate(upTo: Int.max)
        let start = best?.start ?? 0
        // The window's words, marked.
        var pieces = ""
        var from: String.Index?
        var last: String.Index?
        var more = false
        index = 0
        SearchIndex.forEachWordRange(in: text) { word, range in
            defer { index += 1 }
            guard index >= start else { return true }
            guard index < start + length else {
                more = true
                return false
            }
            if let last { pieces += text[last..<range.lowerBound] } else { from = range.lowerBound }
            let marked = !matcher.groups(matching: word).isEmpty
            pieces += marked ? "[\(text[range])]" : String(text[range])
            last = range.upperBound
            return true
        }
        guard from != nil, let last else { return "" }
        // The punctuation right after the last word ("end." "keepers,"), and at the text's end all of it.
        let rest = text[last...]
        pieces += more ? String(rest.prefix { !$0.isWhitespace }) : rest.trimmingCharacters(in: .whitespacesAndNewlines)
        return (start > 0 ? "…" : "") + pieces + (more ? "…" : "")
    }

    /// `word` without diacritics, as the index compares words.
    package static func folded(_ word: String) -> String {
        word.utf8.allSatisfy { $0 < 0x80 } ? word : word.folding(options: .diacriticInsensitive, locale: nil)
    }

    /// Which of a search's words a word of the text is a form of.
    private final class Matcher {
        let terms: SearchTerms
        let stemmer: WordStemmer?
        let beginnings: Set<Substring>
        var stems: [String: String] = [:]

        init(terms: SearchTerms, stemmer: WordStemmer?) {
            self.terms = terms
            self.stemmer = stemmer
            beginnings = terms.groups.reduce(into: Set<Substring>()) { $0.formUnion($1.stemBeginnings) }
        }

        func groups(matching word: String) -> Set<Int> {
            let folded = SearchSnippet.folded(word)
            var found = Set<Int>()
            for (index, group) in terms.groups.enumerated() where group.matches(word, folded: folded, stem: { self.stem(of: word) }) {
                found.insert(index)
            }
            return found
        }

        /// The stem of `word` in the article's language, when it could be one of the terms'.
        private func stem(of word: String) -> String? {
            guard let stemmer, beginnings.contains(word.prefix(2)) else { return nil }
            if let known = stems[word] { return known }
            let stem = stemmer.stem(word)
            stems[word] = stem
            return stem
        }
    }
}
