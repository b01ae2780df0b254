import ArgumentParser
import Foundation
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarratePiper
import NarrateRendering
import NarrateSpeech
import NarrateSystem
import NarrateTerminal

/// `narrate play`: plays a library article in real time from where the listener stopped,
/// saving the position at every sentence, on Ctrl-C, on SIGTERM and when the pipe closes.
struct PlayCommand: ParsableCommand, HandlesStopSignals {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a library article from where you stopped (the position is saved as it plays).",
        discussion: """
            With no id it plays the up-next queue ('narrate queue'): each article heard to the end leaves it, and \
            the next starts after a chime and its title.
            """
    )

    @Argument(help: "The article's id ('narrate list' shows them); none plays the up-next queue ('narrate queue').")
    var id: Int64?

    @Flag(help: "Start at the beginning instead of the saved position.")
    var fromStart = false

    @Option(help: "Start this many sentences before the saved position.")
    var rewind: Int?

    @Option(
        help:
            "Where the sound goes: auto (the sound card, if there is one), device, stdout (a stream for a pipe: '| aplay') or null (silence, in real time)."
    )
    var sink: SinkChoice = .auto

    @Option(help: "Run the clock this many times faster (stdout and null sinks; for tests).")
    var speed: Double = 1

    @OptionGroup var synthesisOptions: SynthesisOptions

    @OptionGroup var libraryOptions: LibraryOptions

    enum SinkChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, device, stdout, null
    }

    func validate() throws {
        if let rewind, rewind < 0 { throw ValidationError("--rewind takes a number of sentences, 0 or more") }
        if fromStart, id == nil {
            throw ValidationError("--from-start needs an article's id; the up-next queue plays from where you stopped")
        }
        guard speed > 0, speed <= 1000 else { throw ValidationError("--speed must be above 0 and at most 1000") }
        if speed != 1, sink == .device || sink == .auto {
            throw ValidationError("--speed applies to --sink stdout and --sink null; a sound card plays in real time")
        }
        if sink == .stdout, isatty(STDOUT_FILENO) != 0 {
            throw ValidationError(
                "--sink stdout writes audio: pipe it to a player (narrate play \(id.map(String.init) ?? "") --sink stdout | aplay)")
        }
    }

    func run() throws {
        let library = try libraryOptions.open()
        let engine = try VoiceEngines.shared()
        // The sound card first: without one there is nothing to render for.
        let playbackSink = try makeSink(sampleRate: engine.sampleRate)
        let playback = ArticlePlayback(
            library: library, engine: engine, spread: synthesisOptions.spread, presets: NarrateEnvironment.presets(),
            device: "narrate play"
        )
        var total = 0
        let announce: (ArticleSummary, ArticlePlayback.Start) -> Void = { article, start in
            total = start.total
            let at = start.seconds.map { DurationText.minutes($0) } ?? "rendering as it plays"
            ErrorReporter.printNote("playing \(article.id) \(article.title) from sentence \(start.sentence + 1) of \(start.total) (\(at))")
        }
        let played: (articleId: Int64, outcome: ArticlePlayer.Outcome)
        if let id {
            let summary = try library.articles.summary(id: id)
            let outcome = try playback.play(
                articleId: id, fromStart: fromStart, rewind: rewind ?? 0, into: playbackSink, shouldStop: { Interruption.isRequested }
            ) { announce(summary, $0) }
            played = (id, outcome)
        } else {
            played = try playback.playUpNext(
                rewind: rewind ?? 0, into: playbackSink, announcement: UpNextAnnouncement(engine: engine),
                shouldStop: { Interruption.isRequested }, onArticle: announce)
        }
        let again = id == nil ? "'narrate play'" : "'narrate play \(played.articleId)'"
        switch played.outcome {
        case .finished:
            ErrorReporter.printNote("finished \(played.articleId) \(try library.articles.summary(id: played.articleId).title)")
        case .sinkClosed(let sentence):
            ErrorReporter.printNote("the output closed at sentence \(sentence + 1) of \(total); \(again) goes on from there")
        case .stopped(let sentence):
            ErrorReporter.printNote("stopped at sentence \(sentence + 1) of \(total); \(again) goes on from there")
            throw CommandExit.interrupted
        }
    }

    private func makeSink(sampleRate: Int) throws(NarrateError) -> any PlaybackSink {
        switch sink {
        case .null:
            return SilentPlaybackSink(sampleRate: sampleRate, speed: speed)
        case .stdout:
            return try StreamPlaybackSink(sampleRate: sampleRate, speed: speed)
        case .device, .auto:
            return try DevicePlaybackSink(sampleRate: sampleRate)
        }
    }
}
