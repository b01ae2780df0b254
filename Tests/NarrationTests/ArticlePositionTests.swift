import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateRendering
import NarrateTestSupport
import Testing

/// Positions by sentence and by time, in process: estimated before a render, measured after.
@Suite("Article positions")
struct ArticlePositionTests {
    let fixture: LibraryFixture

    init() throws {
        fixture = try LibraryFixture()
    }

    func position() throws -> ArticlePosition {
        try ArticlePosition(articleId: fixture.articleId, renderer: ArticleRenderer(library: fixture.library, engine: FakeEngine()))
    }

    @Test func beforeARenderTimesAreEstimatedFromTheListeningTime() throws {
        let report = try position().report()
        #expect(!report.measured)
        #expect(report.updatedAt == nil && report.sentence == 0 && !report.finished)
        #expect(report.sentenceCount == 5)
        #expect(try position().timeline.duration == fixture.library.articles.article(id: fixture.articleId).summary.listeningSeconds)
    }

    @Test func afterARenderTimesAreTheRendersAndTimesMapToSentences() throws {
        let outcome = try ArticleRenderer(library: fixture.library, engine: FakeEngine()).render(
            articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false
        )
        let position = try position()
        #expect(position.timeline.isMeasured)
        let third = Double(outcome.sentenceSamples[2].lowerBound) / Double(outcome.render.sampleRate)
        try position.move(toSeconds: third + 0.01)
        let report = try position.report()
        #expect(report.sentence == 2)
        #expect(report.seconds == third)
        #expect(report.percent == (third / outcome.render.duration * 1000).rounded() / 10)
    }

    /// A render records whether its word timings are the engine's or estimated, and a copy of
    /// it keeps what the render it copies says.
    @Test func aRenderRecordsWhetherItsWordsAreTimedExactly() throws {
        let engine = FakeEngine()
        engine.wordTimings = .estimated
        let renderer = ArticleRenderer(library: fixture.library, engine: engine)
        let made = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false)
        #expect(made.render.wordTimings == .estimated)
        #expect(try fixture.library.renders.renders(ofArticle: fixture.articleId).map(\.wordTimings) == [.estimated])
        let copy = "\(fixture.library.location.audioDirectory)/copy.wav"
        let copied = try renderer.render(articleId: fixture.articleId, settings: fixture.settings, output: copy, overwrite: false)
        #expect(copied.render.path == copy && copied.render.wordTimings == .estimated)
        let exact = try ArticleRenderer(library: fixture.library, engine: FakeEngine(version: "fake 2")).render(
            articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false
        )
        #expect(exact.render.wordTimings == .exact)
    }

    @Test func sentencesOutsideTheArticleChangeNothing() throws {
        let position = try position()
        try position.move(toSentence: 3)
        #expect(throws: NarrateError(LibraryError.noSuchSentence(articleId: fixture.articleId, sentence: 5, count: 5))) {
            try position.move(toSentence: 5)
        }
        #expect(throws: NarrateError(ListeningError.pastTheEnd(articleId: fixture.articleId, duration: position.timeline.duration))) {
            try position.move(toSeconds: position.timeline.duration + 1)
        }
        #expect(try position.report().sentence == 3)
    }

    @Test func aChangeIsAppliedAsAskedOrRefusedWithoutChanging() throws {
        let position = try position()
        try position.apply(.sentence(2))
        #expect(try position.report().sentence == 2)
        try position.apply(.seconds(0))
        #expect(try position.report().sentence == 0)
        try position.apply(.finished)
        #expect(try position.report().finished)
        try position.apply(.reset)
        #expect(try position.report().updatedAt == nil)
        #expect(throws: NarrateError.self) { try position.apply(.sentence(-1)) }
        #expect(try position.report().updatedAt == nil)
    }

    @Test func anEntryOfTheHistoryComesBackAsTheNewestPosition() throws {
        let position = try ArticlePosition(
            articleId: fixture.articleId, renderer: ArticleRenderer(library: fixture.library, engine: FakeEngine()), device: "test"
        )
        try position.apply(.sentence(3))
        try position.apply(.reset)
        #expect(try position.history().map(\.sentence) == [nil, 3])
        try position.apply(.restore(2))
        #expect(try position.report().sentence == 3)
        #expect(try position.history().first?.device == "test")
        try position.apply(.restore(2))
        #expect(try position.report().updatedAt == nil, "entry 2 is now the reset")
        #expect(throws: NarrateError(ListeningError.noSuchHistoryEntry(articleId: fixture.articleId, entries: 4))) {
            try position.apply(.restore(5))
        }
    }

    @Test func finishedAndResetMoveToTheEndsOfTheArticle() throws {
        let position = try position()
        try position.markFinished()
        let finished = try position.report()
        #expect(finished.finished && finished.sentence == 4 && finished.percent == 100)
        try position.reset()
        #expect(try position.report().updatedAt == nil)
    }

    @Test(
        arguments: [("4:05", 245.0), ("1:02:03", 3723.0), ("12.5", 12.5), ("1:xx", nil), ("-3", nil), ("1:2:3:4", nil)]
            as [(String, Double?)])
    func timesAreRead(_ text: String, _ seconds: Double?) {
        #expect(ListeningTimeline.seconds(text) == seconds)
    }
}
