import Foundation
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateQueue
import NarrateText
import Testing

/// What podcast feeds read of the library: change counters kept by triggers, articles with
/// their renders in a format, and job priorities.
@Suite("Podcast queries: change counters, episodes, priorities")
struct PodcastQueriesTests {
    let folder: String
    let library: ArticleLibrary

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-podcast-\(UUID().uuidString)").path
        library = try ArticleLibrary.inMemory(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
    }

    func add(_ title: String, excerpt: String? = nil, tags: [String] = []) throws -> Int64 {
        let text = "\(title)\n\nThe keeper wound the clock and wrote it down. Then he slept."
        var document = try TextReader().read(text, path: "a.txt")
        document.excerpt = excerpt
        let outcome = try library.articles.add(
            NewArticle(
                title: title, language: "en", original: Array(text.utf8), document: document,
                sentences: SentenceSegmenter(language: "en").sentences(of: document), tags: tags
            ))
        guard case .added(let id, _) = outcome else { throw NarrateError(LibraryError.noSuchArticle(id: -1)) }
        return id
    }

    @discardableResult
    func render(_ id: Int64, format: String, owned: Bool = true, hash: String = "h") throws -> RenderRecord {
        try library.renders.recordRender(
            articleId: id, settingsHash: hash, path: "\(folder)/\(id)-\(hash).\(format)", ownedByLibrary: owned, format: format,
            sampleRate: 22_050, sampleCount: 44_100, sentenceSamples: [0..<22_050, 22_050..<44_100]
        )
    }

    @Test func everyChangeAFeedShowsMovesTheCountersAndNothingElseDoes() throws {
        var stamp = try library.changeStamp()
        func expectChange(library changed: Bool, progress: Bool = false, _ what: String) throws {
            let now = try self.library.changeStamp()
            #expect((now.library != stamp.library) == changed, "library counter after \(what)")
            #expect((now.progress != stamp.progress) == progress, "progress counter after \(what)")
            stamp = now
        }
        let id = try add("One")
        try expectChange(library: true, "an article added")
        _ = try library.articles.retag(id: id, adding: ["news"], removing: [])
        try expectChange(library: true, "a tag")
        try render(id, format: "mp3")
        try expectChange(library: true, "a render")
        try library.positions.savePosition(articleId: id, sentence: 1, finished: false)
        try expectChange(library: false, "a position")
        try library.positions.savePosition(articleId: id, sentence: 1, finished: true)
        try expectChange(library: false, progress: true, "heard to the end")
        try library.positions.resetPosition(articleId: id)
        try expectChange(library: false, progress: true, "a reset")
        try library.settings.set("podcast.settings", to: "{}")
        try expectChange(library: true, "a setting")
        try library.settings.set("podcast.settings", to: "{}")
        try expectChange(library: false, "the same setting again")
        _ = try library.articles.remove(ids: [id])
        try expectChange(library: true, "a removal")
    }

    @Test func episodesAreTheNewestOwnRenderInTheFormatWithTheExcerpt() throws {
        let first = try add("First", excerpt: "What the source says of it.", tags: ["news"])
        let second = try add("Second")
        try render(first, format: "mp3", hash: "a")
        let newer = try render(first, format: "mp3", hash: "b")
        try render(first, format: "wav")
        try render(second, format: "mp3", owned: false)
        let episodes = try library.renders.episodes(format: "mp3")
        #expect(episodes.map(\.articleId) == [first])
        #expect(episodes.first?.render.id == newer.id)
        #expect(episodes.first?.excerpt == "What the source says of it.")
        #expect(try library.renders.articlesWithoutRender(format: "mp3") == [second])
        #expect(try library.renders.articlesWithoutRender(format: "opus") == [second, first])
        #expect(try library.renders.episodes(format: "mp3", tag: "other").isEmpty)
        // With a limit: what the newest articles lack, not the newest that lack it.
        #expect(try library.renders.articlesWithoutRender(format: "mp3", limit: 1) == [second])
        let third = try add("Third, newest, rendered")
        try render(third, format: "mp3")
        #expect(try library.renders.articlesWithoutRender(format: "mp3", limit: 1).isEmpty)
        #expect(try library.renders.articlesWithoutRender(format: "mp3", limit: 2) == [second])
        _ = try library.articles.remove(ids: [third])
        #expect(try library.renders.episodes(format: "mp3", ids: []).isEmpty)
        #expect(try library.renders.articlesWithoutRender(format: "mp3", ids: []).isEmpty)
        // Without an excerpt of its own, the first paragraph.
        #expect(try library.renders.episodes(format: "wav").isEmpty == false)
        let plain = try add("Third")
        try render(plain, format: "mp3")
        #expect(
            try library.renders.episodes(format: "mp3", ids: [plain]).first?.excerpt
                == "The keeper wound the clock and wrote it down. Then he slept.")
    }

    @Test func workersTakeTheListenersJobsFirstThenTheBatchesThenTheFeeds() throws {
        let id = try add("One")
        func enqueue(_ name: String, _ priority: JobPriority) throws -> Int64 {
            switch try library.queue.enqueue(
                articleId: id, settingsHash: "h", renderRequest: "{}", format: "wav", outputPath: name, priority: priority)
            {
            case .queued(let job), .alreadyQueued(let job): return job.id
            }
        }
        let background = try enqueue("feed", .background)
        let batch = try enqueue("batch", .batch)
        let listening = try enqueue("listen", .listening)
        #expect(try library.queue.claimJob(worker: "a", leaseSeconds: 20)?.id == listening)
        #expect(try library.queue.claimJob(worker: "a", leaseSeconds: 20, minimumPriority: .batch)?.id == batch)
        #expect(try library.queue.claimJob(worker: "a", leaseSeconds: 20, minimumPriority: .batch) == nil)
        #expect(try library.queue.raisePriority(jobId: background, to: .batch)?.priority == .batch)
        #expect(try library.queue.raisePriority(jobId: background, to: .background)?.priority == .batch, "never lowered")
        #expect(try library.queue.claimJob(worker: "a", leaseSeconds: 20, minimumPriority: .batch)?.id == background)
    }
}
