import Foundation
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateText
import Testing

/// One position across devices: the newest listening wins by the device's clock, whatever
/// order the saves arrive in, and every position saved is kept in the history.
@Suite("Positions across devices")
struct PositionAcrossDevicesTests {
    let folder: String
    let library: ArticleLibrary
    let id: Int64

    init() throws {
        folder = NSTemporaryDirectory() + "narrate-positions-\(UUID().uuidString.prefix(8))"
        library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
        let text = "Title\n\nOne. Two. Three. Four. Five.\n"
        let document = try TextReader().read(text, path: "a.txt")
        guard
            case .added(let added, _) = try library.articles.add(
                NewArticle(
                    title: document.title, language: "en", original: Array(text.utf8), document: document,
                    sentences: SentenceSegmenter(language: "en").sentences(of: document)
                ))
        else { throw NarrateError(LibraryError.noSuchArticle(id: -1)) }
        id = added
    }

    @Test func anOlderListeningNeverOverwritesANewerOne() throws {
        #expect(
            try library.positions.savePosition(articleId: id, sentence: 4, word: 17, finished: false, listenedAt: 2_000, device: "phone"))
        // The laptop was offline; its save arrives later but happened earlier.
        #expect(try !library.positions.savePosition(articleId: id, sentence: 1, finished: false, listenedAt: 1_000, device: "laptop"))
        let position = try #require(try library.positions.position(ofArticle: id))
        #expect(position.sentence == 4 && position.word == 17 && position.device == "phone" && position.listenedAt == 2_000)
        // A later listening wins, from any device; the same instant too (the later request).
        #expect(try library.positions.savePosition(articleId: id, sentence: 2, finished: false, listenedAt: 2_000, device: "laptop"))
        #expect(try library.positions.position(ofArticle: id)?.device == "laptop")
        #expect(try library.positions.savePosition(articleId: id, sentence: 3, finished: false, listenedAt: 3_000, device: "phone"))
        #expect(try library.positions.position(ofArticle: id)?.sentence == 3)
    }

    @Test func everySavedPositionAndResetIsInTheHistoryNewestFirst() throws {
        try library.positions.savePosition(articleId: id, sentence: 1, finished: false, listenedAt: 100, device: "phone")
        try library.positions.savePosition(articleId: id, sentence: 0, finished: false, listenedAt: 50, device: "laptop")
        try library.positions.resetPosition(articleId: id, device: "narrate position")
        try library.positions.savePosition(articleId: id, sentence: 5, finished: true, device: "narrate play")
        let history = try library.positions.positionHistory(ofArticle: id)
        #expect(history.map(\.number) == [1, 2, 3])
        #expect(history.map(\.sentence) == [5, nil, 1])
        #expect(history.map(\.device) == ["narrate play", "narrate position", "phone"])
        #expect(history[0].finished)
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 99))) { try library.positions.positionHistory(ofArticle: 99) }
    }

    @Test func oneDevicesSavesMinutesApartAreOneEntryOfTheHistory() throws {
        // A player saves at every sentence: one listening is one entry, at its latest place.
        for (sentence, time) in [(1, 100.0), (2, 110), (3, 120)] {
            try library.positions.savePosition(articleId: id, sentence: sentence, finished: false, listenedAt: time, device: "phone")
        }
        // Another device, then the phone again: entries of their own.
        try library.positions.savePosition(articleId: id, sentence: 4, finished: false, listenedAt: 130, device: "laptop")
        try library.positions.savePosition(articleId: id, sentence: 5, finished: false, listenedAt: 140, device: "phone")
        // The phone more than ten minutes later: a new listening.
        try library.positions.savePosition(articleId: id, sentence: 2, finished: false, listenedAt: 140 + 601, device: "phone")
        let history = try library.positions.positionHistory(ofArticle: id)
        #expect(history.map(\.sentence) == [2, 5, 4, 3])
        #expect(history.map(\.device) == ["phone", "phone", "laptop", "phone"])
        #expect(history.last?.listenedAt == 120)
    }

    @Test func aPositionOutsideTheArticleChangesNothing() throws {
        try library.positions.savePosition(articleId: id, sentence: 2, finished: false, listenedAt: 10)
        #expect(throws: NarrateError.self) {
            try library.positions.savePosition(articleId: id, sentence: 6, finished: false, listenedAt: 20)
        }
        #expect(try library.positions.position(ofArticle: id)?.sentence == 2)
        #expect(try library.positions.positionHistory(ofArticle: id).count == 1)
    }
}
