import Foundation
import NarrateCore
import NarrateFetch
import NarrateImport
import NarrateLibrary
import NarrateListening
import NarrateQueue
import Testing

/// New articles of a refresh queued for narration: all of them with `--narrate`, else those
/// of feeds subscribed with it; each the library's own render, at batch priority, once.
@Suite("Feed narration")
struct FeedNarrationTests {
    let fixture: LibraryFixture

    init() throws {
        fixture = try LibraryFixture()
    }

    @Test func newArticlesAreQueuedAsTheLibrarysOwnRendersOnce() throws {
        let refresh = FeedRefresh(library: fixture.library, detector: nil)
        let jobs = try refresh.queueNarration(of: [fixture.articleId])
        #expect(jobs.count == 1)
        #expect(jobs.first?.priority == .batch)
        #expect(jobs.first?.outputPath == ListeningQueue.libraryOutput(articleId: fixture.articleId))
        // Queued already: not again.
        #expect(try refresh.queueNarration(of: [fixture.articleId]).isEmpty)
        #expect(try fixture.library.queue.jobs().count == 1)
    }

    @Test func onlyFeedsThatAskForItAreNarratedWithoutTheFlag() throws {
        let library = fixture.library
        guard
            case .subscribed(let quiet) = try library.subscriptions.subscribe(
                url: "https://a.example/feed", title: "A", siteURL: nil, format: "rss", tag: nil, language: nil, narrate: false
            ),
            case .subscribed(let spoken) = try library.subscriptions.subscribe(
                url: "https://b.example/feed", title: "B", siteURL: nil, format: "rss", tag: nil, language: nil, narrate: true
            )
        else {
            Issue.record("not subscribed")
            return
        }
        var report = FeedRefresh.Report()
        report.added = [10, 11, 12]
        report.addedBySubscription = [quiet.id: [10], spoken.id: [11, 12]]
        let refresh = FeedRefresh(library: library, detector: nil)
        #expect(try refresh.articlesToNarrate(report, all: false) == [11, 12])
        #expect(try refresh.articlesToNarrate(report, all: true) == [10, 11, 12])
    }
}
