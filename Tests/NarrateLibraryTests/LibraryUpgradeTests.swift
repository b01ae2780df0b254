import Foundation
import NarrateCore
import NarrateLibrary
import NarrateQueue
import NarrateTestSupport
import Testing

/// Libraries made by earlier versions of narrate open and upgrade: each schema version that
/// was released has a fixture made by it (Fixtures/library-vN.sqlite), and every one must
/// open with today's code and keep its articles.
@Suite("Library upgrades")
struct LibraryUpgradeTests {
    /// A copy of the fixture at `source` in a fresh folder: the folder and the copy's path.
    static func copy(_ source: String) throws -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-upgrade-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/library.sqlite"
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return (folder, path)
    }

    @Test(arguments: ["library-v1.sqlite"])
    func anEarlierLibraryOpensAndKeepsItsArticles(_ fixture: String) throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(fixture)").path
        let (folder, path) = try Self.copy(source)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
        let articles = try library.articles.list(order: .title)
        #expect(articles.map(\.title) == ["Rain Report", "Новини"])
        #expect(articles.map(\.language) == ["en", "uk"])
        #expect(articles.map(\.tags) == [["weather"], ["news"]])
        #expect(try library.articles.sentences(ofArticle: 2).count == 3)
        #expect(try library.articles.search("полтаві").map(\.id) == [2])
        // The index made anew by v10: another form of the word, a prefix, a typo.
        #expect(try library.articles.search("Полтава").map(\.id) == [2])
        #expect(try library.articles.search("river").map(\.id) == [1])
        #expect(try library.articles.search("rivers").map(\.id) == [1])
        #expect(try library.articles.search("rainned").map(\.id) == [1])
        let stored = try library.articles.article(id: 1)
        #expect(stored.document.blocks.map(\.text) == ["Rain Report", "It rained in Lviv all week. The river rose by 40 cm."])
        // Still writable after the upgrade.
        #expect(try library.articles.retag(id: 1, adding: ["kept"], removing: []) == ["kept", "weather"])
        // Tables added after v1 (renders, timings, positions) are there and work.
        let render = try library.renders.recordRender(
            articleId: 2, settingsHash: "h", path: "\(folder)/audio/2.wav", ownedByLibrary: true, format: "wav",
            sampleRate: 22050, sampleCount: 300, sentenceSamples: [0..<100, 100..<200, 200..<300]
        )
        #expect(try library.renders.sentenceSamples(ofRender: render.id).count == 3)
        try library.positions.savePosition(articleId: 2, sentence: 2, finished: true)
        #expect(try library.positions.position(ofArticle: 2)?.finished == true)
        #expect(try library.articles.remove(ids: [2]).deletedAudio == ["\(folder)/audio/2.wav"])
    }

    /// A v3 library (made by narrate with schema v3: three articles, a render, a position and
    /// two jobs queued by `narrate batch 2 3 --rate 160 --format mp3 --bitrate 48 --album
    /// "Fixture Album"`, its output paths made relative) upgrades to typed render requests:
    /// the queued jobs keep their arguments, with no request, for the worker to read.
    @Test func aV3LibraryKeepsItsQueuedJobs() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/library-v3.sqlite").path
        let (folder, path) = try Self.copy(source)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
        #expect(try library.articles.count() == 3)
        let position = try #require(try library.positions.position(ofArticle: 1))
        #expect(position.sentence == 4)
        // v5: the saved time becomes the listening time, so a newer listening still wins and
        // an older one still loses; renders made before have no word timings.
        let saved = try #require(ISO8601DateFormatter().date(from: position.updatedAt)).timeIntervalSince1970
        #expect(position.listenedAt == saved)
        #expect(try !library.positions.savePosition(articleId: 1, sentence: 1, finished: false, listenedAt: saved - 60))
        #expect(try library.positions.position(ofArticle: 1)?.sentence == 4)
        #expect(try library.positions.positionHistory(ofArticle: 1).isEmpty)
        let render = try #require(try library.renders.renders(ofArticle: 1).first)
        #expect(try library.renders.words(ofRender: render.id).isEmpty)
        let jobs = try library.queue.jobs()
        #expect(jobs.map(\.articleId) == [2, 3])
        #expect(jobs.allSatisfy { $0.state == .queued && $0.renderRequest == nil && $0.format == "mp3" })
        #expect(jobs.first?.voiceArguments == ["--rate", "160", "--format", "mp3", "--bitrate", "48", "--album", "Fixture Album"])
        #expect(try library.integrityProblems() == [])
        // A job queued after the upgrade carries a request.
        if case .queued(let job) = try library.queue.enqueue(
            articleId: 1, settingsHash: "h", renderRequest: "{}", format: "wav", outputPath: "\(folder)/1.wav"
        ) {
            #expect(job.renderRequest == "{}" && job.voiceArguments.isEmpty)
        } else {
            Issue.record("the new job was not queued")
        }
    }

    /// A v6 library (made by narrate with schema v6: three articles, an MP3 and a WAV render
    /// of the first, a position, a batch job and a listening job queued, the server's token)
    /// upgrades to v7: excerpts from the stored documents, the listening job first in the
    /// queue, change counters that move from then on.
    @Test func aV6LibraryGetsExcerptsPrioritiesAndCounters() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/library-v6.sqlite").path
        let (folder, path) = try Self.copy(source)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The finish tag as v14 kept it (python3's sqlite3 writes it into the old library).
        let write = Process()
        write.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        write.arguments = [
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"INSERT INTO setting VALUES ('upNext.finishTag', 'heard')\"); c.commit()",
            path,
        ]
        try write.run()
        write.waitUntilExit()
        try #require(write.terminationStatus == 0)

        let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
        #expect(try library.articles.count() == 3)
        #expect(try library.settings.value("server.token") == "fixture-token")
        // v15: the finish tag is the finish action; nothing is archived.
        #expect(try library.upNext.onFinish() == .tag("heard"))
        #expect(try library.settings.value("upNext.finishTag") == nil)
        #expect(try library.articles.count(shelf: .library) == 3)
        let jobs = try library.queue.jobs()
        #expect(jobs.map(\.priority) == [.batch, .listening])
        // v8: each job knows its article's size, for longest first.
        for job in jobs { #expect(job.workSize == (try library.articles.article(id: job.articleId).summary.wordCount)) }
        #expect(jobs.allSatisfy { $0.workSize > 0 })
        #expect(try library.queue.claimJob(worker: "w", leaseSeconds: 20)?.outputPath == "library:article/2")
        let episodes = try library.renders.episodes(format: "mp3")
        #expect(episodes.map(\.articleId) == [1])
        #expect(episodes.first?.excerpt?.hasPrefix("SPRINGFIELD, Oct. 14, 2024") == true)
        let before = try library.changeStamp()
        _ = try library.articles.retag(id: 3, adding: ["weather"], removing: [])
        #expect(try library.changeStamp().library == before.library + 1)
        #expect(try library.integrityProblems() == [])
    }

    /// Several processes opening the same new or older library at once all get it, migrated
    /// once: the ones that lose the race to migrate find the work done, not "duplicate column
    /// name" (GRDB's migrator reads what is applied before it locks). Connections in one
    /// process lock the file as separate processes do.
    @Test(arguments: [nil, "library-v1.sqlite", "library-v3.sqlite", "library-v6.sqlite"])
    func openersAtOnceAllGetTheUpgradedLibrary(_ fixture: String?) async throws {
        for _ in 0..<8 {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-race-\(UUID().uuidString)").path
            let path =
                try fixture.map {
                    try Self.copy(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\($0)").path)
                        .path
                } ?? "\(folder)/library.sqlite"
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let failures = Failures()
            // The openers wait on each other's locks: from a thread of its own, not one of the pool's.
            try await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: 6) { _ in
                    do {
                        let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
                        _ = try library.articles.count()
                        _ = try library.queue.jobs()
                    } catch {
                        failures.append("\(error)")
                    }
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all)")
            let library = try ArticleLibrary(location: LibraryLocation(databasePath: path))
            #expect(try library.integrityProblems() == [])
            #expect(try library.articles.count() == (fixture == nil ? 0 : fixture == "library-v1.sqlite" ? 2 : 3))
            #expect(try library.changeStamp().library >= 1)
        }
    }
}

/// Errors collected from concurrent openers.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    var all: [String] { lock.withLock { messages } }
    func append(_ message: String) { lock.withLock { messages.append(message) } }
}
