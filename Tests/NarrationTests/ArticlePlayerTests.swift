import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateRendering
import NarrateTestSupport
import Testing

/// A playback sink that keeps what it is given, and can go away after some samples.
final class RecordingPlaybackSink: PlaybackSink {
    let sampleRate: Int
    var played: [Int16] = []
    var closesAfter: Int?
    var failure: String?

    init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    func play(_ samples: [Int16]) throws(PlaybackSinkError) {
        if let failure { throw .failed(failure) }
        if let closesAfter, played.count >= closesAfter { throw .closed }
        played += samples
    }

    func finish() {}
}

/// Playing a render made with the fake engine, in process: what reaches the sink, and the
/// position saved at every sentence, on a stop, when the sink closes or fails, and at the end.
@Suite("Article player")
struct ArticlePlayerTests {
    let fixture: LibraryFixture
    let render: RenderRecord
    let samples: [Range<Int64>]

    init() throws {
        fixture = try LibraryFixture()
        let outcome = try ArticleRenderer(library: fixture.library, engine: FakeEngine()).render(
            articleId: fixture.articleId, settings: fixture.settings, output: nil, overwrite: false
        )
        render = outcome.render
        samples = outcome.sentenceSamples
    }

    var player: ArticlePlayer {
        ArticlePlayer(library: fixture.library, articleId: fixture.articleId, render: render, sentenceSamples: samples)
    }

    @Test func playingStartsAtTheSavedSentenceRewoundOrFromTheStart() throws {
        #expect(try player.startSentence() == 0)
        try fixture.library.positions.savePosition(articleId: fixture.articleId, sentence: 3, finished: false)
        #expect(try player.startSentence() == 3)
        #expect(try player.startSentence(rewind: 2) == 1)
        #expect(try player.startSentence(rewind: 9) == 0)
        #expect(try player.startSentence(fromStart: true) == 0)
        #expect(player.seconds(atSentence: 3) == Double(samples[3].lowerBound) / Double(render.sampleRate))
        // Heard to the end: playing again starts over.
        try fixture.library.positions.savePosition(articleId: fixture.articleId, sentence: 4, finished: true)
        #expect(try player.startSentence() == 0)
    }

    @Test func playingToTheEndGivesEverySampleAndMarksTheArticleFinished() throws {
        let sink = RecordingPlaybackSink(sampleRate: render.sampleRate)
        var sentences: [Int] = []
        let outcome = try player.play(from: 0, into: sink, shouldStop: { false }, onSentence: { sentences.append($0) })
        #expect(outcome == .finished)
        #expect(Int64(sink.played.count) == render.sampleCount)
        #expect(sentences == Array(0..<samples.count))
        let position = try #require(try fixture.library.positions.position(ofArticle: fixture.articleId))
        #expect(position.finished)
    }

    @Test func playingFromASentenceStartsAtItsFirstSample() throws {
        let sink = RecordingPlaybackSink(sampleRate: render.sampleRate)
        _ = try player.play(from: 3, into: sink, shouldStop: { false })
        #expect(Int64(sink.played.count) == render.sampleCount - samples[3].lowerBound)
    }

    @Test func aStopSavesTheSentenceThatWasPlaying() throws {
        let sink = RecordingPlaybackSink(sampleRate: render.sampleRate)
        let outcome = try player.play(from: 0, into: sink, shouldStop: { Int64(sink.played.count) > samples[2].lowerBound })
        guard case .stopped(let sentence) = outcome else {
            try #require(Bool(false), "expected a stop, got \(outcome)")
            return
        }
        #expect(sentence == 2)
        let position = try #require(try fixture.library.positions.position(ofArticle: fixture.articleId))
        #expect(position.sentence == 2 && !position.finished)
    }

    @Test func aClosedSinkSavesThePosition() throws {
        let sink = RecordingPlaybackSink(sampleRate: render.sampleRate)
        sink.closesAfter = Int(samples[1].lowerBound) + 1
        let outcome = try player.play(from: 0, into: sink, shouldStop: { false })
        #expect(outcome == .sinkClosed(sentence: 1))
        #expect(try fixture.library.positions.position(ofArticle: fixture.articleId)?.sentence == 1)
    }

    @Test func aFailingSinkIsAnErrorAndThePositionIsKept() throws {
        let sink = RecordingPlaybackSink(sampleRate: render.sampleRate)
        sink.failure = "No space left on device"
        #expect(throws: NarrateError.streamWriteFailed(path: "the audio output", reason: "No space left on device")) {
            try player.play(from: 2, into: sink, shouldStop: { false })
        }
        #expect(try fixture.library.positions.position(ofArticle: fixture.articleId)?.sentence == 2)
    }
}
