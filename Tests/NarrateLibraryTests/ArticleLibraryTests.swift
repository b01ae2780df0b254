import Foundation
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateText
import Testing

@Suite("Article library")
struct ArticleLibraryTests {
    /// A library kept in memory (on disk when `onDisk`) whose audio folder is in a fresh
    /// temporary folder.
    func makeLibrary(onDisk: Bool = false) throws -> (ArticleLibrary, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-library-\(UUID().uuidString)").path
        let location = LibraryLocation(databasePath: "\(folder)/library.sqlite")
        let library = onDisk ? try ArticleLibrary(location: location) : try ArticleLibrary.inMemory(location: location)
        return (library, folder)
    }

    /// The id of an article that was added (a test that expected `.added` and got anything
    /// else stops there, failed).
    func addedID(_ outcome: AddOutcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int64 {
        guard case .added(let id, _) = outcome else {
            try #require(Bool(false), "expected added, got \(outcome)", sourceLocation: sourceLocation)
            return -1
        }
        return id
    }

    func article(_ text: String, tags: [String] = [], language: String? = "en") throws -> NewArticle {
        let document = try TextReader().read(text, path: "test.txt")
        let sentences = SentenceSegmenter(language: language ?? "en").sentences(of: document)
        return NewArticle(
            title: document.title, language: language, original: Array(text.utf8), document: document,
            sentences: sentences, tags: tags
        )
    }

    /// An imported link's article, its position when the export says it was read, and the
    /// link's record are one transaction: all of them, or (when the record cannot be written)
    /// none.
    @Test func anImportRecordIsWrittenWithItsArticleOrNeither() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = "https://example.org/read"
        let outcome = try library.articles.add(
            article("Read Already\n\nIt was read. To the end."), recording: .savedLink(url: url, archived: true))
        let id = try addedID(outcome)
        #expect(try library.savedLinks.savedLinkOutcomes(among: [url]) == [url: .added])
        #expect(try library.positions.position(ofArticle: id)?.finished == true)
        #expect(try library.articles.summary(id: id).shelf == .archive)
        let again = try library.articles.add(
            article("Read Already\n\nIt was read. To the end."), recording: .savedLink(url: url + "?again", archived: false))
        #expect(again == .exists(id: id, title: "Read Already"))
        #expect(try library.savedLinks.savedLinkOutcomes(among: [url + "?again"]) == [url + "?again": .duplicate])
        // A feed that is not there: the item's record fails, and the article goes with it.
        #expect(throws: NarrateError.self) {
            try library.articles.add(
                article("Never Kept\n\nIt should not stay."), recording: .feedItem(subscriptionId: 4_242, guid: "g", url: nil))
        }
        #expect(try library.articles.list().map(\.title) == ["Read Already"])
    }

    /// The filters' choices are counted by the database, as the articles themselves say them.
    @Test func facetsCountTagsAndLanguagesAsTheArticlesHaveThem() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try library.articles.facets() == LibraryFacets(tags: [], languages: []))
        let first = try addedID(try library.articles.add(article("One\n\nThe first text.", tags: ["News", "long"], language: "en")))
        _ = try library.articles.add(article("Two\n\nДругий текст тут.", tags: ["news"], language: "uk"))
        _ = try library.articles.add(article("Three\n\nA third text.", language: nil))
        _ = try library.articles.retag(id: first, adding: ["later"], removing: ["long"])
        let facets = try library.articles.facets()
        #expect(facets.tags == [.init(value: "later", articles: 1), .init(value: "news", articles: 2)])
        #expect(facets.languages == [.init(value: "en", articles: 1), .init(value: "uk", articles: 1)])
        // The same as counting the list.
        let listed = try library.articles.list()
        for count in facets.tags { #expect(listed.filter { $0.tags.contains(count.value) }.count == count.articles) }
    }

    /// What narrate reports saved survives a power cut: the log is synced at every commit
    /// (GRDB's WAL default, NORMAL, may lose the last commits).
    @Test func everyCommitReachesTheDisk() throws {
        let (library, folder) = try makeLibrary(onDisk: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try library.writeDurability() == 2)
    }

    @Test func addingTheSameContentTwiceFindsTheFirst() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try library.articles.add(article("Rain Report\n\nIt rained. Then it stopped."))
        guard case .added(let id, let title) = first else {
            Issue.record("expected added, got \(first)")
            return
        }
        #expect(title == "Rain Report")
        // Reflowed, the same words: the same article.
        let second = try library.articles.add(article("Rain Report\n\nIt rained.\nThen it stopped."))
        #expect(second == .exists(id: id, title: "Rain Report"))
        #expect(try library.articles.list().count == 1)
    }

    @Test func anArticleKeepsItsDocumentSentencesAndCounts() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = "Новини\n\nЗустріч у м. Київ відбулася вчора. Прийшли всі."
        let new = try article(text, tags: ["News", "uk"], language: "uk")
        let id = try addedID(try library.articles.add(new))
        let stored = try library.articles.article(id: id)
        #expect(stored.document == new.document)
        #expect(stored.original == Array(text.utf8))
        #expect(stored.summary.language == "uk")
        #expect(stored.summary.tags == ["news", "uk"])
        #expect(stored.summary.wordCount == 9)
        #expect(abs(stored.summary.listeningSeconds - 9.0 / 175 * 60) < 0.001)
        #expect(stored.contentHash.count == 64)
        let sentences = try library.articles.sentences(ofArticle: id)
        #expect(sentences.map(\.sourceRange) == new.sentences.map(\.sourceRange))
        #expect(sentences.count == 3)
    }

    @Test func listFiltersAndSorts() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try library.articles.add(article("Bravo\n\nOne two three four five.", tags: ["long"]))
        _ = try library.articles.add(article("Alpha\n\nShort one.", language: "de"))
        #expect(try library.articles.list(order: .title).map(\.title) == ["Alpha", "Bravo"])
        #expect(try library.articles.list(order: .length).map(\.title) == ["Alpha", "Bravo"])
        #expect(try library.articles.list(order: .saved).map(\.title) == ["Alpha", "Bravo"])
        #expect(try library.articles.list(tag: "LONG").map(\.title) == ["Bravo"])
        #expect(try library.articles.list(language: "de").map(\.title) == ["Alpha"])
        #expect(try library.articles.list(order: .title, limit: 1).map(\.title) == ["Alpha"])
        #expect(try library.articles.count() == 2)
        #expect(try library.articles.count(tag: "long") == 1)
    }

    @Test func tagsAreAddedAndRemoved() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let id = try addedID(try library.articles.add(article("T\n\nText here.", tags: ["a"])))
        #expect(try library.articles.retag(id: id, adding: ["B", "c"], removing: ["a"]) == ["b", "c"])
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 999))) {
            try library.articles.retag(id: 999, adding: ["x"], removing: [])
        }
    }

    @Test func removingIsAllOrNothing() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let id = try addedID(try library.articles.add(article("T\n\nText here.")))
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 42))) { try library.articles.remove(ids: [id, 42]) }
        #expect(try library.articles.list().count == 1)
        #expect(try library.articles.remove(ids: [id]).articles.map(\.id) == [id])
        #expect(try library.articles.list().isEmpty)
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: id))) { try library.articles.sentences(ofArticle: id) }
    }

    @Test func removingDeletesRendersPositionsAndTheLibrarysAudioButNotTheUsers() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case .added(let id, _) = try library.articles.add(article("T\n\nOne. Two.")),
            case .added(let other, _) = try library.articles.add(article("U\n\nThree."))
        else {
            Issue.record("not added")
            return
        }
        let audio = library.location.audioDirectory
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        let owned = "\(audio)/\(id)-a.wav"
        let users = "\(folder)/mine.wav"
        let otherOwned = "\(audio)/\(other)-a.wav"
        for path in [owned, users, otherOwned] { try Data("RIFF".utf8).write(to: URL(fileURLWithPath: path)) }
        let render = try library.renders.recordRender(
            articleId: id, settingsHash: "s1", path: owned, ownedByLibrary: true, format: "wav", sampleRate: 22050,
            sampleCount: 44100, sentenceSamples: [0..<20000, 20000..<44100]
        )
        try library.renders.recordRender(
            articleId: id, settingsHash: "s1", path: users, ownedByLibrary: false, format: "wav", sampleRate: 22050,
            sampleCount: 44100, sentenceSamples: [0..<20000, 20000..<44100]
        )
        try library.renders.recordRender(
            articleId: other, settingsHash: "s1", path: otherOwned, ownedByLibrary: true, format: "wav", sampleRate: 22050,
            sampleCount: 100, sentenceSamples: [0..<100]
        )
        #expect(render.duration == 2)
        #expect(try library.renders.sentenceSamples(ofRender: render.id) == [0..<20000, 20000..<44100])
        try library.positions.savePosition(articleId: id, sentence: 1, finished: false)
        #expect(try library.positions.position(ofArticle: id)?.sentence == 1)

        let removal = try library.articles.remove(ids: [id])
        #expect(removal.articles.map(\.id) == [id])
        #expect(removal.deletedAudio == [owned])
        #expect(removal.keptAudio == [users])
        #expect(!FileManager.default.fileExists(atPath: owned))
        #expect(FileManager.default.fileExists(atPath: users))
        #expect(try library.renders.renders(ofArticle: id).isEmpty)
        #expect(try library.renders.sentenceSamples(ofRender: render.id).isEmpty)
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: id))) { try library.positions.position(ofArticle: id) }
        // Another article's render and file are untouched; --keep-audio keeps even the library's file.
        #expect(try library.renders.renders(ofArticle: other).map(\.path) == [otherOwned])
        let kept = try library.articles.remove(ids: [other], keepAudio: true)
        #expect(kept.deletedAudio.isEmpty && kept.keptAudio == [otherOwned])
        #expect(FileManager.default.fileExists(atPath: otherOwned))
    }

    /// Time left is the audio's once there is audio (the library said "35 min left" for
    /// 33:02 of audio, from the 175-words-a-minute estimate): from where the listener's
    /// sentence starts in the newest render to its end.
    @Test func timeLeftIsTheNewestRendersAudioFromTheListenersSentence() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case .added(let id, _) = try library.articles.add(article("T\n\nOne. Two. Three."))
        else {
            Issue.record("not added")
            return
        }
        let estimate = try library.articles.summary(id: id)
        #expect(estimate.audioSeconds == nil)
        #expect(estimate.secondsLeft == estimate.listeningSeconds)
        try library.renders.recordRender(
            articleId: id, settingsHash: "slow", path: "\(folder)/a.wav", ownedByLibrary: false, format: "wav", sampleRate: 1_000,
            sampleCount: 90_000, sentenceSamples: [0..<30_000, 30_000..<60_000, 60_000..<90_000]
        )
        try library.renders.recordRender(
            articleId: id, settingsHash: "fast", path: "\(folder)/b.wav", ownedByLibrary: false, format: "wav", sampleRate: 1_000,
            sampleCount: 12_000, sentenceSamples: [0..<2_000, 2_000..<7_000, 7_000..<12_000]
        )
        #expect(try library.articles.summary(id: id).audioSeconds == 12)
        #expect(try library.articles.summary(id: id).secondsLeft == 12)
        #expect(try library.articles.summary(id: id).lengthSeconds == 12)
        try library.positions.savePosition(articleId: id, sentence: 1, finished: false)
        for summary in [try library.articles.summary(id: id), try library.articles.list().first { $0.id == id }] {
            #expect(summary?.secondsLeft == 10, "from the second sentence's start (2 s) to the end (12 s)")
            #expect(summary?.audioSecondsAtPosition == 2)
        }
        #expect(try library.articles.searchSummaries("One").first?.summary.secondsLeft == 10)
        try library.positions.savePosition(articleId: id, sentence: 2, finished: true)
        #expect(try library.articles.summary(id: id).secondsLeft == 0)
        #expect(try library.articles.remove(ids: [id]).articles.first?.audioSeconds == 12)
    }

    @Test func aRenderWithTheSameSettingsAndPathReplacesTheEarlierOne() throws {
        let (library, folder) = try makeLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case .added(let id, _) = try library.articles.add(article("T\n\nOne.")) else {
            Issue.record("not added")
            return
        }
        for count in [100, 200] as [Int64] {
            try library.renders.recordRender(
                articleId: id, settingsHash: "s", path: "/tmp/x.wav", ownedByLibrary: false, format: "wav",
                sampleRate: 100, sampleCount: count, sentenceSamples: [0..<count]
            )
        }
        #expect(try library.renders.renders(ofArticle: id).map(\.sampleCount) == [200])
        #expect(throws: NarrateError(LibraryError.noSuchArticle(id: 77))) {
            try library.renders.recordRender(
                articleId: 77, settingsHash: "s", path: "/tmp/y.wav", ownedByLibrary: false, format: "wav",
                sampleRate: 100, sampleCount: 1, sentenceSamples: []
            )
        }
    }

    @Test func aFileThatIsNotSQLiteIsLeftUntouched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-library-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/library.sqlite"
        let content = Data("my notes, not a database\n".utf8)
        try content.write(to: URL(fileURLWithPath: path))
        #expect(throws: NarrateError.self) { _ = try ArticleLibrary(location: LibraryLocation(databasePath: path)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["library.sqlite"])
    }

    @Test func twoLibrariesOnOneFileAddAtOnce() async throws {
        let (first, folder) = try makeLibrary(onDisk: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let second = try ArticleLibrary(location: first.location)
        let articles = try (0..<40).map { try article("Title \($0)\n\nBody number \($0) is here.") }
        await withTaskGroup(of: Void.self) { group in
            for (index, new) in articles.enumerated() {
                let library = index.isMultiple(of: 2) ? first : second
                group.addTask { _ = try? library.articles.add(new) }
            }
        }
        #expect(try first.articles.list().count == 40)
    }

    @Test func theLocationFollowsOptionEnvironmentAndDefault() {
        #expect(LibraryLocation.resolve(option: "/a/b.sqlite", environment: ["NARRATE_LIBRARY": "/c"])?.databasePath == "/a/b.sqlite")
        #expect(LibraryLocation.resolve(option: nil, environment: ["NARRATE_LIBRARY": "/c/l.db"])?.databasePath == "/c/l.db")
        #expect(
            LibraryLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])?.databasePath
                == "/x/narrate/library.sqlite")
        #expect(
            LibraryLocation.resolve(option: nil, environment: ["HOME": "/h"])?.databasePath
                == "/h/.local/share/narrate/library.sqlite")
        #expect(LibraryLocation(databasePath: "/x/narrate/library.sqlite").audioDirectory == "/x/narrate/audio")
    }
}

@Suite("Article library search")
struct ArticleLibrarySearchTests {
    @Test func searchRanksTitlesFirstAndWorksForCyrillicWithoutDiacritics() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-search-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
        func add(_ text: String, language: String) throws {
            let document = try TextReader().read(text, path: "t.txt")
            _ = try library.articles.add(
                NewArticle(
                    title: document.title, language: language, original: Array(text.utf8), document: document,
                    sentences: SentenceSegmenter(language: language).sentences(of: document)
                ))
        }
        try add("Бібліотека відкрилася\n\nУ Полтаві знову працює міська бібліотека.", language: "uk")
        try add("Погода\n\nУ неділю в Полтаві буде дощ, а в бібліотеці — лекція.", language: "uk")
        try add("Garden notes\n\nThe library garden has new herbs.", language: "en")
        let hits = try library.articles.search("бібліотека")
        #expect(hits.map(\.title) == ["Бібліотека відкрилася"])
        let both = try library.articles.search("ПОЛТАВІ")
        #expect(Set(both.map(\.title)) == ["Бібліотека відкрилася", "Погода"])
        #expect(both.allSatisfy { $0.snippet.contains("[") })
        #expect(try library.articles.search("library").first?.title == "Garden notes")
        #expect(try library.articles.search("\"unbalanced OR (").isEmpty)
        #expect(try library.articles.search("   ").isEmpty)
    }

    /// A search reads its hits and their summaries in one snapshot: an article removed while
    /// others search is simply not listed, never "no article with id N".
    @Test func searchSummariesAreFilteredAndReadInOneSnapshotWhileArticlesGo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-search-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
        var ids: [Int64] = []
        for index in 0..<40 {
            let text = "Lighthouse log \(index)\n\nThe keeper wrote entry \(index) by lamplight."
            let document = try TextReader().read(text, path: "t.txt")
            let outcome = try library.articles.add(
                NewArticle(
                    title: document.title, language: "en", original: Array(text.utf8), document: document,
                    sentences: SentenceSegmenter(language: "en").sentences(of: document), tags: index.isMultiple(of: 2) ? ["even"] : []
                ))
            if case .added(let id, _) = outcome { ids.append(id) }
        }
        let even = try library.articles.searchSummaries("lighthouse keeper", tag: "even")
        #expect(even.count == 20)
        #expect(even.allSatisfy { $0.summary.tags == ["even"] && $0.snippet.contains("[") })
        // The filter is applied as the hits are ranked: a limit counts the filtered hits, and
        // the places that get a snippet are the filtered list's.
        let page = try library.articles.searchSummaries("lighthouse keeper", limit: 12, tag: "even", snippets: 5..<10)
        #expect(page.count == 12)
        #expect(page.map(\.summary.id) == Array(even.prefix(12)).map(\.summary.id))
        #expect(page.enumerated().allSatisfy { index, hit in hit.snippet.contains("[") == (5..<10).contains(index) })
        let added = ids
        let remover = Thread {
            for id in added { _ = try? library.articles.remove(ids: [id]) }
        }
        remover.start()
        var searches = 0
        while (try library.articles.count()) > 0 {
            let found = try library.articles.searchSummaries("lighthouse")
            #expect(found.allSatisfy { $0.summary.title.hasPrefix("Lighthouse log") })
            searches += 1
        }
        #expect(searches > 0)
        #expect(try library.articles.searchSummaries("lighthouse").isEmpty)
    }
}
