import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateSpeech
import Narration

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

    @Flag(help: "Print JSON: sentence (from 0), sentenceCount, seconds, duration, percent, finished, updatedAt.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        let changes = [set != nil, at != nil, reset, finished].filter { $0 }.count
        if changes > 1 { throw ValidationError("give one of --set, --at, --reset and --finished") }
        if let at, ListeningTimeline.seconds(at) == nil { throw ValidationError("--at \(at): give a time as MM:SS or H:MM:SS") }
    }

    func run() throws {
        do throws(NarrateError) {
            let library = try libraryOptions.open()
            let position = try ArticlePosition(articleId: id, renderer: ArticleRenderer(library: library, engine: try ESpeakEngine.shared()))
            let count = position.article.summary.sentenceCount
            do throws(NarrateError) {
                let change: ArticlePosition.Change? = if let set { .sentence(set - 1) } else if let at {
                    ListeningTimeline.seconds(at).map { .seconds($0) }
                } else { reset ? .reset : finished ? .finished : nil }
                if let change { try position.apply(change) }
            } catch {
                // The use case names what is wrong; the command line names the option.
                guard case .invalidOption(let name, _) = error else { throw error }
                if name == "sentence", let set {
                    throw NarrateError.invalidOption(name: "set", message: "--set \(set): article \(id) has sentences 1 to \(count)")
                }
                if name == "time", let at {
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
        } catch {
            ErrorReporter.fail(error)
        }
    }
}
