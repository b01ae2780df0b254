import Foundation
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateRendering
import NarrateTestSupport
import Synchronization
import Testing

/// Playing an article that has no render yet: the render is made on a thread while the
/// player reads its file as it grows.
@Suite("Playing while the render is made")
struct LiveArticlePlayerTests {
    let fixture: LibraryFixture

    init() throws {
        fixture = try LibraryFixture()
    }

    func player(engine: FakeEngine = FakeEngine()) throws -> LiveArticlePlayer {
        let article = try fixture.library.articles.article(id: fixture.articleId)
        return LiveArticlePlayer(
            library: fixture.library, renderer: ArticleRenderer(library: fixture.library, engine: engine), article: article,
            settings: fixture.settings
        )
    }

    func renderedSamples() throws -> (RenderRecord, [Range<Int64>], [Int16]) {
        let (render, samples) = try #require(
            try ArticleRenderer(library: fixture.library, engine: FakeEngine()).newestIntactRender(ofArticle: fixture.articleId))
        let reader = try AudioFileReader(path: render.path)
        var all: [Int16] = []
        var buffer: [Int16] = []
        repeat {
            reader.read(4_096, into: &buffer)
            all += buffer
        } while !buffer.isEmpty
        return (render, samples, all)
    }

    @Test func itPlaysExactlyWhatTheRenderHoldsAndKeepsTheRender() throws {
        let sink = RecordingPlaybackSink(sampleRate: 1_000)
        var started: (Int, Int)?
        let outcome = try player().play(fromStart: true, into: sink, shouldStop: { false }, onStart: { started = ($0, $1) })
        #expect(outcome == .finished)
        #expect(started?.0 == 0)
        #expect(started?.1 == 5)
        let (_, _, samples) = try renderedSamples()
        #expect(sink.played == samples)
        #expect(try fixture.library.positions.position(ofArticle: fixture.articleId)?.finished == true)
    }

    @Test func itStartsAtTheSavedSentence() throws {
        try fixture.library.positions.savePosition(articleId: fixture.articleId, sentence: 3, finished: false)
        let sink = RecordingPlaybackSink(sampleRate: 1_000)
        var first: Int?
        _ = try player().play(into: sink, shouldStop: { false }, onStart: { index, _ in first = index })
        #expect(first == 3)
        let (_, sentences, samples) = try renderedSamples()
        #expect(sink.played == Array(samples[Int(sentences[3].lowerBound)...]))
    }

    @Test func aClosedSinkStopsAndSavesThePosition() throws {
        let sink = RecordingPlaybackSink(sampleRate: 1_000)
        sink.closesAfter = 1
        let outcome = try player().play(fromStart: true, into: sink, shouldStop: { false })
        guard case .sinkClosed(let sentence) = outcome else {
            Issue.record("expected the sink to close, got \(outcome)")
            return
        }
        #expect(try fixture.library.positions.position(ofArticle: fixture.articleId)?.sentence == sentence)
        // Nothing half-made is left in the library's audio folder.
        let audio = (try? FileManager.default.contentsOfDirectory(atPath: fixture.library.location.audioDirectory)) ?? []
        #expect(!audio.contains { $0.hasSuffix(".tmp") })
    }

    @Test func aStopBeforeTheFirstSoundSavesTheStart() throws {
        let sink = RecordingPlaybackSink(sampleRate: 1_000)
        let outcome = try player().play(fromStart: true, into: sink, shouldStop: { true })
        #expect(outcome == .stopped(sentence: 0))
        #expect(sink.played.isEmpty)
        #expect(try fixture.library.positions.position(ofArticle: fixture.articleId)?.sentence == 0)
    }
}
