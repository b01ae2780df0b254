import NarrateCore
import NarrateImport
import NarrateLibrary
import NarrateListening
import NarrateTestSupport
import Testing

/// The up-next queue as every front end uses it, over an in-memory library.
@Suite("The up-next queue")
struct UpNextTests {
    /// A library with `count` short articles, tagged "news" when their number is even.
    func library(articles count: Int) throws -> (ArticleLibrary, [Int64]) {
        let library = try ArticleLibrary.inMemory()
        var ids: [Int64] = []
        for number in 1...count {
            let importer = ArticleImport(
                format: .markdown, title: "Article \(number)", language: "en", tags: number % 2 == 0 ? ["news"] : [])
            let text = "The wind rose before dawn, day \(number). Rain followed at seven."
            ids.append(try library.articles.add(importer.article(pasted: text, detector: nil)).articleId)
        }
        return (library, ids)
    }

    @Test func articlesAreAddedOnceMovedAndTakenOut() throws {
        let (library, ids) = try library(articles: 4)
        let upNext = UpNext(library: library)
        try upNext.add([ids[2], ids[0]])
        try upNext.add([ids[0], ids[1]])
        #expect(try upNext.articles().map(\.id) == [ids[2], ids[0], ids[1]])
        try upNext.move(ids[1], to: 1)
        #expect(try upNext.articles().map(\.id) == [ids[1], ids[2], ids[0]])
        try upNext.move(ids[1], to: 99)
        #expect(try upNext.articles().map(\.id) == [ids[2], ids[0], ids[1]])
        #expect(try upNext.remove(ids[0]))
        #expect(try !upNext.remove(ids[0]))
        #expect(try upNext.next(after: ids[2])?.id == ids[1])
        #expect(try upNext.next(after: ids[1]) == nil)
        #expect(try upNext.next(after: ids[3])?.id == ids[2])
        #expect(try upNext.previous(before: ids[1])?.id == ids[2])
        // An article removed from the library leaves the queue.
        _ = try library.articles.remove(ids: [ids[2]])
        #expect(try upNext.articles().map(\.id) == [ids[1]])
        try upNext.clear()
        #expect(try upNext.articles().isEmpty)
    }

    @Test func badChangesChangeNothing() throws {
        let (library, ids) = try library(articles: 2)
        let upNext = UpNext(library: library)
        try upNext.add([ids[0]])
        #expect(throws: NarrateError.self) { try upNext.add([ids[1], 999]) }
        #expect(throws: NarrateError.self) { try upNext.replace(with: [ids[1], ids[1]]) }
        #expect(throws: NarrateError.self) { try upNext.move(ids[1], to: 1) }
        #expect(throws: NarrateError.self) { try upNext.move(ids[0], to: 0) }
        #expect(throws: NarrateError.self) { try upNext.setOnFinish(.tag("a,b")) }
        #expect(throws: NarrateError.self) { try upNext.setOnFinish(.tag("  ")) }
        #expect(try upNext.articles().map(\.id) == [ids[0]])
    }

    @Test func aTagsUnfinishedArticlesAreAddedOldestFirst() throws {
        let (library, ids) = try library(articles: 5)
        let upNext = UpNext(library: library)
        try library.positions.savePosition(articleId: ids[3], sentence: 1, finished: true)
        #expect(try upNext.addUnfinished(tagged: "news") == 1)
        #expect(try upNext.articles().map(\.id) == [ids[1]])
    }

    @Test func anArticleHeardToTheEndLeavesTheQueueWithTheFinishTag() throws {
        let (library, ids) = try library(articles: 2)
        let upNext = UpNext(library: library)
        try upNext.add(ids)
        #expect(try upNext.onFinish() == .nothing)
        try upNext.setOnFinish(.tag(" Heard "))
        #expect(try upNext.onFinish() == .tag("heard"))
        // A player's report of the end (the web player's) finishes it.
        try ReportedPosition(sentence: 1, finished: true, listenedAt: 1_800_000_000).save(
            articleId: ids[0], library: library, now: 1_800_000_000)
        #expect(try upNext.articles().map(\.id) == [ids[1]])
        #expect(try library.articles.summary(id: ids[0]).tags == ["heard"])
        #expect(try library.articles.summary(id: ids[0]).shelf == .library)
        // A report that is not the end changes nothing.
        try ReportedPosition(sentence: 0, listenedAt: 1_800_000_001).save(articleId: ids[1], library: library, now: 1_800_000_001)
        #expect(try upNext.articles().map(\.id) == [ids[1]])
        try upNext.setOnFinish(.nothing)
        #expect(try upNext.onFinish() == .nothing)
    }

    @Test func anArticleFinishedByAnyPathLeavesTheQueueAndIsTaggedOnce() throws {
        let (library, ids) = try library(articles: 2)
        let upNext = UpNext(library: library)
        try upNext.add(ids)
        try upNext.setOnFinish(.tag("archived"))
        // `narrate position ID --finished` and the players save through the library's positions.
        try library.positions.savePosition(articleId: ids[1], sentence: 1, finished: true)
        #expect(try upNext.articles().map(\.id) == [ids[0]])
        #expect(try library.articles.summary(id: ids[1]).tags == ["archived", "news"])
        // A tag the listener took off again is not put back by the same end reported twice.
        _ = try library.articles.retag(id: ids[1], adding: [], removing: ["archived"])
        try library.positions.savePosition(articleId: ids[1], sentence: 1, finished: true)
        #expect(try library.articles.summary(id: ids[1]).tags == ["news"])
    }

    /// Read-later apps archive what is read: finishing an article moves it out of the
    /// library's lists into the archive, whichever path finished it, with its tags, position
    /// and audio kept; it comes back by hand or by being queued again.
    @Test func anArticleHeardToTheEndMovesToTheArchiveWhenTheLibrarySaysSo() throws {
        let (library, ids) = try library(articles: 4)
        let upNext = UpNext(library: library)
        try upNext.add([ids[0], ids[1], ids[2]])
        try upNext.setOnFinish(.archive)
        #expect(try upNext.onFinish() == .archive)
        try ReportedPosition(sentence: 1, finished: true, listenedAt: 1_800_000_000).save(
            articleId: ids[0], library: library, now: 1_800_000_000)
        try library.positions.savePosition(articleId: ids[1], sentence: 1, finished: true)
        #expect(try upNext.articles().map(\.id) == [ids[2]])
        let archived = try library.articles.summary(id: ids[1])
        #expect(archived.shelf == .archive && archived.archivedAt != nil && archived.finished && archived.tags == ["news"])
        // Out of the library's lists and counts, in the archive's; the search finds both.
        #expect(try library.articles.list(shelf: .library).map(\.id) == [ids[3], ids[2]])
        #expect(try library.articles.count(shelf: .library) == 2)
        #expect(try Set(library.articles.list(shelf: .archive).map(\.id)) == [ids[0], ids[1]])
        #expect(try library.articles.count(tag: "news", shelf: .archive) == 1)
        #expect(try library.articles.list().count == 4)
        #expect(try library.articles.searchSummaries("wind", shelf: .archive).count == 2)
        #expect(try library.articles.searchSummaries("wind").count == 4)
        // A tag's unfinished articles come from the library only.
        try upNext.clear()
        #expect(try library.articles.shelve(ids: [ids[3]], on: .archive) == [ids[3]])
        #expect(try upNext.addUnfinished(tagged: "news") == 0)
        // Queued again, an archived article comes back to the library; archived, it leaves the queue.
        try upNext.add([ids[1]])
        #expect(try library.articles.summary(id: ids[1]).shelf == .library)
        #expect(try library.articles.shelve(ids: [ids[1], ids[3]], on: .archive) == [ids[1]])
        #expect(try upNext.articles().isEmpty)
        // Back by hand; an unknown id moves none.
        #expect(throws: NarrateError.self) { try library.articles.shelve(ids: [ids[0], 999], on: .library) }
        #expect(try library.articles.summary(id: ids[0]).shelf == .archive)
        #expect(try library.articles.shelve(ids: [ids[0], ids[0]], on: .library) == [ids[0]])
        #expect(try library.articles.summary(id: ids[0]).archivedAt == nil)
    }

    @Test func theChimeIsTwoNotesAndARest() {
        let chime = UpNextAnnouncement.chime(sampleRate: 22_050)
        #expect(chime.count == 2 * Int(22_050 * 0.12) + 22_050 / 4)
        #expect(chime.map { abs(Int($0)) }.max() ?? 0 > 5_000)
        #expect(chime.suffix(22_050 / 4).allSatisfy { $0 == 0 })
    }
}
