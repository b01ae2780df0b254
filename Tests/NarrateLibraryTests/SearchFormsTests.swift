import Foundation
import NarrateCore
import NarrateIngest
import NarrateText
import Testing

@testable import NarrateLibrary
@testable import NarrateSearch

/// Search by any word form: stems in each article's language, prefixes while typing, one
/// typo in a long word, exact phrases in quotes; and the set of 100 queries in uk, en, ru and
/// de (SearchQueries.json) written in other forms than their articles'.
@Suite("Search by word forms, prefixes and typos")
struct SearchFormsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// A library of every text of LanguageSamples.json (120 short articles in ten languages)
    /// and the shipped samples; the id of each sample text by "language:index".
    static func sampleLibrary() throws -> (ArticleLibrary, [String: Int64], [String: String], String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-forms-\(UUID().uuidString)").path
        let library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(scratch)/library.sqlite"))
        let data = try Data(contentsOf: folder.appendingPathComponent("LanguageSamples.json"))
        let samples = try JSONDecoder().decode([String: [String]].self, from: data)
        var ids: [String: Int64] = [:]
        var texts: [String: String] = [:]
        for language in samples.keys.sorted() {
            for (index, text) in (samples[language] ?? []).enumerated() {
                let title = text.split(separator: " ").prefix(4).joined(separator: " ")
                let id = try add("\(title)\n\n\(text)", language: language, to: library)
                ids["\(language):\(index)"] = id
                texts["\(language):\(index)"] = text
            }
        }
        let shipped = folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")
        for name in ["en-long.txt", "en-news.txt", "uk-news.txt", "de-article.txt"] {
            let text = try String(contentsOf: shipped.appendingPathComponent(name), encoding: .utf8)
            _ = try add(text, language: String(name.prefix(2)), to: library)
        }
        return (library, ids, texts, scratch)
    }

    static func add(_ text: String, language: String, to library: ArticleLibrary) throws -> Int64 {
        let document = try TextReader().read(text, path: "t.txt")
        let outcome = try library.articles.add(
            NewArticle(
                title: document.title, language: language, original: Array(text.utf8), document: document,
                sentences: SentenceSegmenter(language: language).sentences(of: document)
            ))
        guard case .added(let id, _) = outcome else { throw NarrateError.malformedInput(path: "t.txt", message: "not added") }
        return id
    }

    struct Query: Decodable {
        var query: String
        var article: String
    }

    @Test func aHundredQueriesInOtherFormsFindTheirArticleInTheTopThree() throws {
        let (library, ids, texts, scratch) = try Self.sampleLibrary()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("SearchQueries.json"))
        let queries =
            try JSONDecoder().decode(
                [String: [Query]].self,
                from: Data(
                    // Only the list: the file's "about" is prose.
                    JSONSerialization.data(withJSONObject: [
                        "queries": (JSONSerialization.jsonObject(with: data) as? [String: Any])?["queries"] ?? []
                    ])
                ))["queries"] ?? []
        #expect(queries.count >= 100)
        var found = 0
        var misses: [String] = []
        for query in queries {
            let target = try #require(ids[query.article], "no sample \(query.article)")
            // Written in other forms: no word of the query is in the article as it stands.
            let articleWords = Set(SearchIndex.words(in: texts[query.article] ?? ""))
            for word in SearchIndex.words(in: query.query) where word.count >= 3 {
                #expect(!articleWords.contains(word), "\(query.query): '\(word)' is in \(query.article) as it stands")
            }
            let hits = try library.articles.search(query.query, limit: 3)
            if hits.contains(where: { $0.id == target }) {
                found += 1
            } else {
                misses.append("\(query.query) → \(query.article): \(hits.map(\.title))")
            }
        }
        let share = Double(found) / Double(queries.count)
        // The goal: the right article in the top 3 for 95% of queries or more.
        #expect(share >= 0.95, "\(found) of \(queries.count); missed: \(misses)")
        print("search: \(found) of \(queries.count) queries found their article in the top 3; missed: \(misses)")
    }

    @Test func formsPrefixesTyposAndPhrases() throws {
        let (library, ids, _, scratch) = try Self.sampleLibrary()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        func top(_ query: String) throws -> Int64? { try library.articles.search(query, limit: 1).first?.id }
        // A word in another form finds by its stem; the word being typed, by prefix.
        #expect(try top("рослина") == top("рослин"))
        #expect(try library.articles.search("лік").contains { $0.title.contains("лікарських") })
        #expect(try top("Зенита") == ids["ru:4"])
        // One typo in a word of five letters or more; none in a shorter one.
        #expect(try top("Inflaton") == ids["de:11"])
        #expect(try library.articles.search("xqzt").isEmpty)
        // A phrase in quotes is exact: the words in that order, in that form.
        #expect(try top("\"city council voted\"") == ids["en:0"])
        #expect(try library.articles.search("\"council city voted\"").isEmpty)
        #expect(try library.articles.search("\"councils voted\"").isEmpty)
        // FTS5 syntax typed by a person is text, never a query.
        _ = try library.articles.search("NEAR(a b) OR * ^ {title}:")
        _ = try library.articles.search("\"\"\"")
        _ = try library.articles.search("title:*")
    }

    /// A library of the shipped samples in English, Ukrainian and German.
    static func shippedLibrary(extra: [(String, String)] = []) throws -> (ArticleLibrary, [Int64], String) {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-snippets-\(UUID().uuidString)").path
        let library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(scratch)/library.sqlite"))
        let shipped = folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples")
        var ids: [Int64] = []
        for name in ["en-field-notes.md", "uk-news.txt", "de-article.txt"] {
            let text = try String(contentsOf: shipped.appendingPathComponent(name), encoding: .utf8)
            ids.append(try add(text, language: String(name.prefix(2)), to: library))
        }
        for (text, language) in extra { ids.append(try add(text, language: language, to: library)) }
        return (library, ids, scratch)
    }

    /// The snippet marks the forms that matched, not only the words as typed: a search in
    /// another form than the article's showed its opening with nothing marked.
    @Test func snippetsMarkTheFormsThatMatched() throws {
        let (library, ids, scratch) = try Self.shippedLibrary()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for (query, article, marked) in [
            ("табличка", ids[1], "[таблички]"), ("ботанічного", ids[1], "[ботанічний]"), ("thermometers", ids[0], "[thermometer]"),
            ("Ботанічного саду", ids[1], "[сад]"), ("therm", ids[0], "[thermometer]"), ("thermometrs", ids[0], "[thermometer]"),
        ] {
            let hit = try #require(
                try library.articles.search(query).first { $0.id == article }, "\(query) does not find article \(article)")
            #expect(hit.snippet.lowercased().contains(marked), "\(query): \(hit.snippet)")
            // About a dozen words around the match, not the whole paragraph.
            #expect(hit.snippet.split(separator: " ").count <= SearchSnippet.length + 2, "\(hit.snippet)")
        }
        // Every word of a query of two is marked where both are near.
        let both = try #require(try library.articles.search("ботанічного саду").first)
        #expect(both.snippet.lowercased().contains("[ботанічний] [сад]"), "\(both.snippet)")
        // A match in the title only: the text's opening, nothing marked.
        let snippet = SearchSnippet.make(
            text: "Nothing here matches. At all.", terms: SearchTerms(groups: [.init(word: "keeper")]), stemmer: nil)
        #expect(snippet == "Nothing here matches. At all.")
        var keeper = SearchTerms.Group(word: "keeper")
        keeper.stems = ["keeper"]
        let text = (1...40).map { "word\($0)" }.joined(separator: " ") + " keepers, at the end."
        let long = SearchSnippet.make(text: text, terms: SearchTerms(groups: [keeper]), stemmer: WordStemmer(language: "en"))
        #expect(long == "…word39 word40 [keepers], at the end.", "\(long)")
        let middle = SearchSnippet.make(
            text: text + " And more after it, on and on.", terms: SearchTerms(groups: [keeper]), stemmer: WordStemmer(language: "en"))
        #expect(middle == "…word39 word40 [keepers], at the end. And more after it, on and…", "\(middle)")
    }

    /// A word's stems are looked for in the languages the query could be in, and in each
    /// article only in its own: "keeper" read as German (stem "keep") found an English "keep"
    /// quoted in a German article.
    @Test func stemsAreLookedForInTheLanguagesTheQueryCouldBeIn() throws {
        let (library, ids, scratch) = try Self.shippedLibrary(extra: [
            ("Der Trainer\n\nVor dem Spiel sagte der Trainer nur: keep calm. Dann begann das Spiel.", "de"),
            ("The lighthouse\n\nThe lighthouse keeper climbed the stairs every evening.", "en"),
            ("The garden\n\nWe keep the gate shut at night.", "en"),
        ])
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let (german, keeper, keep) = (ids[3], ids[4], ids[5])
        let english: QueryLanguageGuess = { _, _ in ["en"] }
        let found = try library.articles.search("keeper", guess: english).map(\.id)
        #expect(found == [keeper], "\(found)")
        // Without a dictionary's word, both languages of the Latin alphabet could be meant: the
        // German article by its German stem, but never the English "keep" by a German stem.
        let unguessed = try library.articles.search("keeper").map(\.id)
        #expect(unguessed.contains(keeper) && !unguessed.contains(keep), "\(unguessed)")
        #expect(unguessed.contains(german))
        // A Cyrillic query is not read as English or German.
        #expect(SearchIndex.languages(["de", "en", "uk"], writtenLike: "табличка") == ["uk"])
        #expect(SearchIndex.languages(["de", "en", "uk"], writtenLike: "keeper") == ["de", "en"])
        #expect(SearchIndex.languages(["de", "en", "uk"], writtenLike: "keeper табличка") == ["de", "en", "uk"])
        // Nothing in the languages guessed: every language of the library, as before.
        // ("Bibliotheken" is in the German article only by its German stem.)
        let wrong: QueryLanguageGuess = { _, _ in ["en"] }
        #expect(try library.articles.search("Bibliotheken", guess: wrong).first?.id == ids[2])
        let marked = try #require(try library.articles.search("Bibliotheken", guess: wrong).first).snippet
        #expect(marked.contains("[Bibliothek]"), "\(marked)")
    }

    /// Hits left out for matching only by another language's stem are passed over, past the
    /// first page of ranked matches if need be.
    @Test func hitsLeftOutMakeRoomForTheNextOnes() throws {
        let keeps = (1...40).map { ("Keep \($0)\n\nKeep it, keep it, keep it: keep the gate shut, keep \($0).", "en") }
        let (library, ids, scratch) = try Self.shippedLibrary(
            extra: keeps + [("The keeper\n\nThe lighthouse keeper climbed the stairs.", "en")])
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // "keeper" by its German stem is "keep": 40 English articles match that way and rank
        // first, and are all left out (English stems only for an English article).
        #expect(try library.articles.search("keeper", limit: 1).map(\.id) == [ids.last!])
        #expect(try library.articles.search("keeper", limit: 5).map(\.id) == [ids.last!])
    }

    @Test func ukrainianFormsShareAStem() {
        let stemmer = UkrainianStemmer()
        let groups = [
            ["рослина", "рослини", "рослин", "рослинам", "рослинами", "рослинах", "рослину", "рослиною"],
            ["лікар", "лікарі", "лікарів", "лікарям", "лікарями", "лікаря", "лікарем"],
            ["читач", "читачі", "читачів", "читачам", "читачами"],
            ["українська", "українського", "українських", "українській", "українською", "українськими"],
            ["відкрила", "відкрилася", "відкрили", "відкрилися", "відкрити", "відкрив"],
            ["незалежний", "незалежного", "незалежному", "незалежним", "незалежних"],
            ["книжка", "книжки", "книжку", "книжкою"],
            ["пам'ять", "пам’яті", "пам'яттю"].prefix(1).map { $0 },
        ]
        for group in groups {
            let stems = Set(group.map(stemmer.stem))
            #expect(stems.count == 1, "\(group): \(group.map(stemmer.stem))")
        }
        // Not Cyrillic, or too short to shorten: unchanged.
        #expect(stemmer.stem("lighthouse") == "lighthouse")
        #expect(stemmer.stem("як") == "як")
        #expect(stemmer.stem("ще") == "ще")
    }

    @Test func oneEditApart() {
        #expect(SearchIndex.withinOneEdit("library", "libary"))
        #expect(SearchIndex.withinOneEdit("library", "librery"))
        #expect(SearchIndex.withinOneEdit("library", "libraryx"))
        #expect(SearchIndex.withinOneEdit("library", "lirbary"))
        #expect(!SearchIndex.withinOneEdit("library", "lirbray"))
        #expect(!SearchIndex.withinOneEdit("library", "liberty"))
        #expect(SearchIndex.variants(of: "abc") == ["abc", "bc", "ac", "ab"])
        #expect(SearchIndex.words(in: "Пам’ять — it's 2024, café!") == ["пам'ять", "it's", "2024", "café"])
    }
}
