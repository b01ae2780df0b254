import NarrateCore
import NarrateImport
import NarrateLibrary
import Testing

/// A page of the library as the web front end lists it: filtered and sorted, or searched, with
/// the total on every page.
@Suite("A page of the library")
struct LibraryPageTests {
    @Test func aPageCountsEveryArticleTheFiltersOrTheQueryKeep() throws {
        let fixture = try LibraryFixture()
        let library = fixture.library
        // The fixture's own article (about a lighthouse) is left out by the tag.
        let importer = ArticleImport(format: .text, language: "en", tags: ["fruit"])
        for (title, text) in [
            ("Apples", "Red apples grow on trees."), ("Orchards", "The orchard keeper picks the pears."),
            ("Bees", "Bees visit every orchard in spring."),
        ] {
            _ = try importer.add(.pasted("\(title)\n\n\(text)\n"), to: library, environment: [:])
        }
        let all = try LibraryPage.load(
            from: library, query: "  ", tag: "fruit", language: nil, progress: nil, order: .title, limit: 2, offset: 0
        )
        #expect(all.total == 3)
        #expect(all.articles.map(\.summary.title) == ["Apples", "Bees"])
        #expect(all.articles.allSatisfy { $0.snippet == nil })
        let second = try LibraryPage.load(
            from: library, query: nil, tag: "fruit", language: nil, progress: nil, order: .title, limit: 2, offset: 2
        )
        #expect(second.total == 3 && second.articles.map(\.summary.title) == ["Orchards"])
        let found = try LibraryPage.load(
            from: library, query: "orchard", tag: "fruit", language: nil, progress: nil, order: .saved, limit: 1, offset: 0
        )
        #expect(found.total == 2)
        #expect(found.articles.count == 1)
        #expect(found.articles.first?.snippet?.isEmpty == false)
        let none = try LibraryPage.load(
            from: library, query: "orchard", tag: "fruit", language: "uk", progress: nil, order: .saved, limit: 10, offset: 0
        )
        #expect(none.total == 0 && none.articles.isEmpty)
    }
}
