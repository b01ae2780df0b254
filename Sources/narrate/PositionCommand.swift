import ArgumentParser
import Foundation
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarratePiper
import NarrateRendering
import NarrateSpeech
import NarrateTerminal

/// `narrate position`: where the listener of an article stopped, and changing it.
struct PositionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "position",
        abstract: "Show or change where you stopped listening to an article."
    )

    @Argument(help: "The article's id ('narrate list' shows them).")
    var id: Int64

    @Option(help: "Go to this sentence (counted from 1, as shown).")
    var set: Int?

    @Option(help: "Go to the sentence playing at this time (MM:SS or H:MM:SS).")
    var at: String?

    @Flag(help: "Forget the position: the next play starts at the beginning.")
    var reset = false

    @Flag(help: "Mark the article as heard to the end.")
    var finished = false

    @Option(help: "Bring back entry N of --history (1 is the newest).")
    var restore: Int?

    @Flag(help: "List the positions saved, newest first: N, when, what listened, sentence.")
    var history = false

    @Flag(help: "Print JSON: sentence (from 0), sentenceCount, seconds, duration, percent, finished, updatedAt.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        let changes = [set != nil, at != nil, reset, finished, restore != nil, history].filter { $0 }.count
        if changes > 1 { throw ValidationError("give one of --set, --at, --reset, --finished, --restore and --history") }
        if let at, ListeningTimeline.seconds(at) == nil { throw ValidationError("--at \(at): give a time as MM:SS or H:MM:SS") }
    }

    func run() throws {
        let library = try libraryOptions.open()
        let position = try ArticlePosition(
            articleId: id, renderer: ArticleRenderer(library: library, engine: try VoiceEngines.shared()), device: "narrate position")
        if history { return try printHistory(position) }
        let count = position.article.summary.sentenceCount
        do throws(NarrateError) {
            let change: ArticlePosition.Change? =
                if let set { .sentence(set - 1) } else if let at {
                    ListeningTimeline.seconds(at).map { .seconds($0) }
                } else if let restore { .restore(restore) } else { reset ? .reset : finished ? .finished : nil }
            if let change { try position.apply(change) }
        } catch {
            // The use case says what is wrong; the command line names the option, as typed.
            if let set, case .noSuchSentence = error.module(as: LibraryError.self) {
                throw NarrateError.invalidOption(name: "set", message: "--set \(set): article \(id) has sentences 1 to \(count)")
            }
            if let restore, case .noSuchHistoryEntry = error.module(as: ListeningError.self) {
                throw NarrateError.invalidOption(name: "restore", message: "--restore \(restore): \(error)")
            }
            if let at, case .pastTheEnd = error.module(as: ListeningError.self) {
                throw NarrateError.invalidOption(
                    name: "at", message: "--at \(at): article \(id) lasts \(DurationText.minutes(position.timeline.duration))"
                )
            }
            throw error
        }
        let report = try position.report()
        if json {
            try JSONOutput.print(report)
            return
        }
        let state = report.finished ? "finished" : report.updatedAt == nil ? "not started" : "in progress"
        let saved = report.updatedAt.map { ", saved \($0)" } ?? ""
        let estimate = report.measured ? "" : " (estimated)"
        print(
            "\(id) \(position.article.summary.title): sentence \(report.sentence + 1) of \(count), "
                + "\(DurationText.minutes(report.seconds)) of \(DurationText.minutes(report.duration))\(estimate), "
                + "\(report.percent)%, \(state)\(saved)"
        )
    }

    /// The history, newest first (the newest 20 unless --json).
    private func printHistory(_ position: ArticlePosition) throws(NarrateError) {
        let history = try position.history()
        if json { return try JSONOutput.print(history) }
        let rows = history.prefix(20).map { change in
            [
                String(change.number), Date(timeIntervalSince1970: change.listenedAt).formatted(.iso8601), change.device ?? "-",
                change.sentence.map { "sentence \($0 + 1)" + (change.finished ? ", finished" : "") } ?? "reset",
            ]
        }
        print(TextTable(header: ["N", "LISTENED", "BY", "POSITION"], rows: rows, rightAligned: [0]).rendered)
        if history.count > 20 { ErrorReporter.printNote("showing 20 of \(history.count); --json lists them all") }
    }
}
