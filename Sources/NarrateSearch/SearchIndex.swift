import Foundation
package import GRDB

/// The library's full-text index beyond FTS5's own: each article's words stemmed in its own
/// language (a column of stems beside the text, so a query in any form finds every form),
/// and the vocabulary of long words with their one-letter deletions (so a word with one typo
/// still finds them, looked up by index as SymSpell does).
///
/// The stems are made here rather than in an FTS5 tokenizer: a tokenizer cannot tell a row's
/// language (FTS5 gained locales only in SQLite 3.47; Debian 12 has 3.40), and articles in
/// one library are in many languages.
package enum SearchIndex {
    /// Words this long or longer are in the typo vocabulary ("eier" is one typo from "eiern").
    package static let vocabularyMinimumLength = 4
    /// A query word this long or longer may have a typo.
    package static let typoMinimumLength = 5
    /// Longer words are left out of it (URLs, compounds): a typo there is rare and costly.
    package static let typoMaximumLength = 24

    /// The lower-cased words of `text`, as FTS5's unicode61 tokenizer sees them (letters and
    /// digits; an apostrophe inside a word keeps it whole here, as the stemmers expect).
    package static func words(in text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append($0) }
        return words
    }

    /// Calls `body` with each word of `text` in turn, as `words(in:)` gives them, without
    /// holding them all (a 16 MiB article has some 2.7 million).
    package static func forEachWord(in text: String, _ body: (String) -> Void) {
        forEachWordRange(in: text) { word, _ in
            body(word)
            return true
        }
    }

    /// Calls `body` with each word of `text` as `words(in:)` gives it and where it stands in
    /// `text`, until `body` returns false.
    package static func forEachWordRange(in text: String, _ body: (String, Range<String.Index>) -> Bool) {
        let scalars = text.unicodeScalars
        var current = String.UnicodeScalarView()
        var start = scalars.startIndex
        var end = scalars.startIndex
        var pendingApostrophe = false
        // Whether the word has a letter beyond ASCII, which only Unicode's rules lower-case.
        var needsLowercasing = false
        var going = true
        func flush() {
            if !current.isEmpty {
                let word = String(current)
                going = body(needsLowercasing ? word.lowercased() : word, start..<end)
            }
            current = String.UnicodeScalarView()
            pendingApostrophe = false
            needsLowercasing = false
        }
        var index = scalars.startIndex
        while going, index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            var letter = scalar
            let isWordScalar: Bool
            switch scalar.value {
            case 0x61...0x7A, 0x30...0x39: isWordScalar = true
            case 0x41...0x5A:
                isWordScalar = true
                letter = Unicode.Scalar(UInt8(scalar.value) | 0x20)
            case 0..<0x80: isWordScalar = false
            default:
                isWordScalar =
                    scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || scalar.properties.generalCategory == .nonspacingMark
                if isWordScalar { needsLowercasing = true }
            }
            if isWordScalar {
                if current.isEmpty { start = index }
                if pendingApostrophe { current.append("'") }
                pendingApostrophe = false
                current.append(letter)
                end = next
            } else if scalar == "'" || scalar == "’" || scalar == "ʼ", !current.isEmpty, !pendingApostrophe {
                pendingApostrophe = true
            } else {
                flush()
            }
            index = next
        }
        if going { flush() }
    }

    /// `word` and its one-letter deletions: two words within one edit (a letter added,
    /// dropped, changed, or two swapped) share at least one.
    package static func variants(of word: String) -> Set<String> {
        let letters = Array(word)
        var variants: Set<String> = [word]
        for index in letters.indices {
            var shorter = letters
            shorter.remove(at: index)
            variants.insert(String(shorter))
        }
        return variants
    }

    /// Whether `a` and `b` are at most one edit apart (Damerau: a swap of neighbours is one).
    package static func withinOneEdit(_ a: String, _ b: String) -> Bool {
        let x = Array(a)
        let y = Array(b)
        if x == y { return true }
        if abs(x.count - y.count) > 1 { return false }
        var start = 0
        while start < min(x.count, y.count), x[start] == y[start] { start += 1 }
        var endX = x.count
        var endY = y.count
        while endX > start, endY > start, x[endX - 1] == y[endY - 1] {
            endX -= 1
            endY -= 1
        }
        let restX = endX - start
        let restY = endY - start
        if restX <= 1 && restY <= 1 { return true }
        // Two neighbours swapped.
        return restX == 2 && restY == 2 && x[start] == y[start + 1] && x[start + 1] == y[start]
    }

    /// A text longer than this many UTF-8 bytes (some 40,000 words: a book, hardly ever a web
    /// article) is indexed in passages of about this length, one FTS5 row each.
    package static let passageLength = 262_144

    /// The first row id of a passage after an article's first: passages' rows are numbered
    /// from here (`articleSearchPart`), above any article's id, rising as they are added.
    package static let firstPassageRow: Int64 = 1 << 40

    /// Indexes an article: its text and title in the FTS5 table with their stems, its long
    /// words in the typo vocabulary, its language among the library's.
    ///
    /// A long text is indexed in passages (`passageLength`, ended at a paragraph): the first in
    /// the row `id`, the others in rows `articleSearchPart` gives to the article, each with the
    /// title and byline. FTS5 builds a row's index whole in memory, so a book of 300,000 words
    /// in one row held 16 MiB of it; in passages it flushes between them. A query then matches
    /// where all its words are in one passage, and the snippet is the passage's.
    /// `passageLength` nil: one row, whatever the length (for a library not yet able to hold passages).
    package static func add(
        id: Int64, title: String, byline: String?, text: String, language: String?, passageLength: Int? = passageLength, db: Database
    ) throws {
        var writer = ArticleIndexWriter(id: id, title: title, byline: byline, language: language, db: db)
        for passage in passageLength.map({ passages(of: text, length: $0) }) ?? [text[...]] {
            try writer.add(passage: passage)
        }
        try writer.finish()
    }

    /// `text` in passages of about `passageLength` UTF-8 bytes, each but the last ended at the
    /// first paragraph break (else line break, else space, else character) after that length
    /// and within a quarter more, the last at most a quarter longer: the whole text when it is
    /// no longer.
    package static func passages(of text: String, length: Int = passageLength) -> [Substring] {
        let utf8 = text.utf8
        guard utf8.count > length else { return [text[...]] }
        var passages: [Substring] = []
        var start = utf8.startIndex
        while start < utf8.endIndex {
            guard let least = utf8.index(start, offsetBy: length, limitedBy: utf8.endIndex), least < utf8.endIndex else {
                passages.append(text[start...])
                break
            }
            // Within a quarter more, a paragraph's end; else a line's; else a word's; else (a
            // script written without spaces, a run of one character) the first character that
            // starts there, so no passage is more than a quarter longer than `length`.
            // The rest within a quarter more: the last passage.
            guard let window = utf8.index(least, offsetBy: length / 4, limitedBy: utf8.endIndex), window < utf8.endIndex else {
                passages.append(text[start...])
                break
            }
            let near = utf8[least..<window]
            let paragraph = zip(near.indices, near.dropFirst()).first { near[$0.0] == 0x0A && $0.1 == 0x0A }.map { $0.0 }
            let line = near.firstIndex(of: 0x0A)
            let word = near.firstIndex(of: 0x20)
            let end =
                (paragraph.map { utf8.index($0, offsetBy: 2) } ?? (line ?? word).map { utf8.index(after: $0) })
                ?? near.indices.first { $0.samePosition(in: text) != nil }
                ?? near.indices.first { $0.samePosition(in: text.unicodeScalars) != nil } ?? window
            guard end < utf8.endIndex else {
                passages.append(text[start...])
                break
            }
            passages.append(text[start..<end])
            start = end
        }
        return passages
    }

    /// Whether `word` goes into the typo vocabulary: letters only, of a length typos are
    /// looked for in.
    package static func isVocabularyWord(_ word: String) -> Bool {
        let utf8 = word.utf8
        // The common case, ASCII, without Unicode's tables: one byte a letter.
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return utf8.count >= vocabularyMinimumLength && utf8.count <= typoMaximumLength
                && utf8.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        }
        let length = word.count
        return length >= vocabularyMinimumLength && length <= typoMaximumLength && word.allSatisfy(\.isLetter)
    }

    /// The first subtag of a language tag, lower-cased ("en-US" → "en").
    package static func primaryCode(_ language: String) -> String {
        String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
    }

    /// What a person typed, read for `stemLanguages`' stems: every word must match, in any of
    /// its forms — itself, its stem in one of those languages, or, for a word of five letters or
    /// more that the library does not have, the words one typo away. The last word, while it
    /// is being typed (no space after it, and not a word of the library), also matches as the
    /// start of a word. Text in double quotes is an exact phrase. Nil when there is nothing to
    /// look for.
    package static func terms(for query: String, stemLanguages: [String], db: Database) throws -> SearchTerms? {
        let stemmers = stemLanguages.sorted().compactMap(WordStemmer.init(language:))
        let parts = query.split(separator: "\"", omittingEmptySubsequences: false)
        // Whether the last word is being typed: outside quotes, with nothing after it.
        let typing = parts.count % 2 == 1 && query.last.map { !$0.isWhitespace && $0 != "\"" } == true
        var groups: [SearchTerms.Group] = []
        for (index, part) in parts.enumerated() {
            let inside = index % 2 == 1
            let partWords = words(in: String(part))
            if inside {
                // An exact phrase (an unclosed quote counts to the end).
                if !partWords.isEmpty { groups.append(SearchTerms.Group(phrase: partWords)) }
                continue
            }
            for (position, word) in partWords.enumerated() {
                var group = SearchTerms.Group(word: word)
                // A prefix costs a merge of every word it begins (28 ms against 8 at 100,000
                // articles), so only for the word being typed, of three letters or more.
                if typing, index == parts.count - 1, position == partWords.count - 1, word.count >= 3, try !isWord(word, db: db) {
                    group.isPrefix = true
                }
                let stems = Set(stemmers.map { $0.stem(word) })
                for stem in stems.sorted() where !stem.isEmpty {
                    group.stems.append(stem)
                    // A stem that is a word of the library itself: a stemmer may cut that word
                    // further than its other forms ("зенит" → "зен", "зениту" → "зенит").
                    if stem != word, try isWord(stem, db: db) { group.stemWords.append(stem) }
                }
                group.corrections = try corrections(of: word, stems: stems, db: db)
                groups.append(group)
            }
        }
        return groups.isEmpty ? nil : SearchTerms(groups: groups)
    }

    /// The library's languages (their first subtags) that have a stemmer.
    package static func languages(db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT code FROM searchLanguage").filter { WordStemmer(language: $0) != nil }
    }

    /// Those of `languages` whose alphabet the letters of `query` are written in: a Cyrillic
    /// query is not stemmed as English or German, nor a Latin one as Ukrainian. All of them
    /// when its letters are of several alphabets, or of one none of them is written in.
    package static func languages(_ languages: [String], writtenLike query: String) -> [String] {
        var alphabets = Set<Alphabet>()
        for scalar in query.unicodeScalars where scalar.properties.isAlphabetic {
            alphabets.insert(Alphabet(of: scalar))
        }
        guard alphabets.count == 1, let alphabet = alphabets.first else { return languages }
        let written = languages.filter { Alphabet.of(language: $0).contains(alphabet) }
        return written.isEmpty ? languages : written
    }

    /// Whether the library has `word` among its words of four letters or more.
    package static func isWord(_ word: String, db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM searchWord WHERE word = ?"), arguments: [word]) != nil
    }

    /// Words and stems of the library one typo away from `word` or one of its `stems`, when
    /// none of those begins a word the library has (at most 8, shortest first).
    package static func corrections(of word: String, stems: Set<String>, db: Database) throws -> [String] {
        guard word.count >= typoMinimumLength, word.count <= typoMaximumLength, word.allSatisfy(\.isLetter) else { return [] }
        let known = try db.cachedStatement(sql: "SELECT 1 FROM searchWord WHERE word >= ? AND word < ? LIMIT 1")
        let forms = stems.union([word])
        for form in forms where form.count >= 3 {
            if try Bool.fetchOne(known, arguments: [form, form + "\u{10FFFF}"]) != nil { return [] }
        }
        var found = Set<String>()
        for form in forms where form.count >= vocabularyMinimumLength {
            let keys = Array(variants(of: form))
            let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ", ")
            let candidates = try String.fetchAll(
                db, sql: "SELECT DISTINCT word FROM searchWordVariant WHERE variant IN (\(placeholders))",
                arguments: StatementArguments(keys)
            )
            found.formUnion(candidates.filter { withinOneEdit($0, form) })
        }
        return Array(found.sorted { ($0.count, $0) < ($1.count, $1) }.prefix(8))
    }

    /// `text` as an FTS5 string (its double quotes doubled).
    package static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
