import Foundation
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateQueue
import NarrateText
import Testing

/// The library's stores over a database kept in memory: every part of what a library keeps,
/// with no file made.
@Suite("Library stores in memory")
struct LibraryStoresTests {
    func article(_ text: String) throws -> NewArticle {
        let document = try TextReader().read(text, path: "test.txt")
        return NewArticle(
            title: document.title, language: "en", original: Array(text.utf8), document: document,
            sentences: SentenceSegmenter(language: "en").sentences(of: document), tags: ["News "]
        )
    }

    /// Articles, renders, positions, jobs, subscriptions, imported links and settings all
    /// kept, in memory only: the library's file and folder are never made, and a second
    /// library in memory is another, empty one.
    @Test func everyStoreKeepsWhatItIsGivenInMemoryAndNoFileIsMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-memory-\(UUID().uuidString)").path
        let library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
        guard
            case .added(let id, let title) = try library.articles.add(
                article("Kept\n\nOne sentence. Another one."),
                recording: .savedLink(url: "https://example.org/kept", archived: false))
        else {
            Issue.record("not added")
            return
        }
        #expect(title == "Kept")
        let summary = try library.articles.summary(id: id)
        #expect(summary.tags == ["news"])
        #expect(summary.sentenceCount > 1)
        #expect(try library.articles.sentences(ofArticle: id).count == summary.sentenceCount)
        #expect(try library.articles.article(id: id).document.title == "Kept")
        #expect(try library.articles.search("another").map(\.id) == [id])
        #expect(try library.savedLinks.savedLinkOutcomes(among: ["https://example.org/kept"]) == ["https://example.org/kept": .added])

        let render = try library.renders.recordRender(
            articleId: id, settingsHash: "s", path: "\(folder)/audio/\(id).wav", ownedByLibrary: true, format: "wav",
            sampleRate: 100, sampleCount: 300, sentenceSamples: [0..<100, 100..<300],
            words: [RenderWord(sentence: 0, textRange: 0..<3, samples: 0..<50)]
        )
        #expect(try library.renders.words(ofRender: render.id).count == 1)
        try library.positions.savePosition(articleId: id, sentence: 1, finished: false, device: "phone")
        #expect(try library.positions.position(ofArticle: id)?.device == "phone")
        #expect(try library.positions.positionHistory(ofArticle: id).map(\.sentence) == [1])

        guard
            case .queued(let job) = try library.queue.enqueue(
                JobSubmission(articleId: id, settingsHash: "s", renderRequest: "{}", format: "wav", outputPath: "\(folder)/o.wav"))
        else {
            Issue.record("not queued")
            return
        }
        #expect(try library.queue.claimJob(worker: "w", leaseSeconds: 30)?.id == job.id)

        let feed = try library.subscriptions.subscribe(
            url: "https://example.org/feed", title: "Feed", siteURL: nil, format: "rss", tag: nil, language: nil, narrate: false)
        #expect(try library.subscriptions.all().map(\.url) == [feed.subscription.url])
        #expect(try library.settings.value("k", orSet: { "v" }) == ("v", true))
        #expect(try library.settings.value("k") == "v")
        #expect(try library.integrityProblems().isEmpty)
        #expect(try library.changeStamp().library > 1)

        #expect(!FileManager.default.fileExists(atPath: folder), "an in-memory library makes no file")
        #expect(try ArticleLibrary.inMemory().articles.count() == 0)
    }

    /// A render's timings are read with it, in one snapshot: each of an article's renders,
    /// newest first, with its own sentences' samples and how many words it timed.
    @Test func timedRendersComeWithTheirOwnTimingsNewestFirst() throws {
        let library = try ArticleLibrary.inMemory()
        guard case .added(let id, _) = try library.articles.add(article("Timed\n\nOne. Two.")) else {
            Issue.record("not added")
            return
        }
        let old = try library.renders.recordRender(
            articleId: id, settingsHash: "a", path: "/tmp/a.wav", ownedByLibrary: false, format: "wav", sampleRate: 10,
            sampleCount: 20, sentenceSamples: [0..<10, 10..<20]
        )
        let new = try library.renders.recordRender(
            articleId: id, settingsHash: "b", path: "/tmp/b.wav", ownedByLibrary: true, format: "wav", sampleRate: 10,
            sampleCount: 30, sentenceSamples: [0..<12, 12..<30],
            words: [
                RenderWord(sentence: 0, textRange: 0..<3, samples: 0..<5), RenderWord(sentence: 1, textRange: 0..<3, samples: 12..<20),
            ]
        )
        let timed = try library.renders.timedRenders(ofArticle: id)
        #expect(timed.map(\.render) == [new, old])
        #expect(timed.map(\.sentenceSamples) == [[0..<12, 12..<30], [0..<10, 10..<20]])
        #expect(timed.map(\.wordCount) == [2, 0])
        // Only the renders asked for, with their own timings.
        let settingsB = try library.renders.timedRenders(ofArticle: id, where: { $0.settingsHash == "b" })
        #expect(settingsB.map(\.render) == [new] && settingsB.map(\.wordCount) == [2])
        try library.renders.forgetRender(id: new.id)
        #expect(try library.renders.timedRenders(ofArticle: id).map(\.render) == [old])
        #expect(try library.renders.timedRenders(ofArticle: 999).isEmpty)
    }

    /// A snapshot's reads are one read transaction: a change another process commits while
    /// the snapshot runs is not seen by it, and is seen after.
    @Test func aSnapshotReadsOneStateOfTheLibrary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-snapshot-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let location = LibraryLocation(databasePath: "\(folder)/library.sqlite")
        let library = try ArticleLibrary(location: location)
        // Another process's library on the same file.
        let other = try ArticleLibrary(location: location)
        _ = try library.articles.add(article("First\n\nOne sentence."))
        let second = try article("Second\n\nAnother sentence.")
        let (before, during) = try library.snapshot { snapshot throws(NarrateError) in
            let before = try snapshot.articles.count()
            _ = try other.articles.add(second)
            return (before, try snapshot.articles.list().count)
        }
        #expect(before == 1 && during == 1)
        #expect(try library.articles.count() == 2)
        // A snapshot within a snapshot is the same one.
        #expect(
            try library.snapshot { outer throws(NarrateError) in
                try outer.snapshot { inner throws(NarrateError) in try inner.articles.count() }
            } == 2)
    }
}
