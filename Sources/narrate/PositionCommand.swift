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
        if let at, Self.seconds(at) == nil { throw ValidationError("--at \(at): give a time as MM:SS or H:MM:SS") }
    }

    /// The `--json` object.
    struct Report: Encodable {
        var sentence: Int
        var sentenceCount: Int
        var seconds: Double
        var duration: Double
        var percent: Double
        var finished: Bool
        var updatedAt: String?
        /// Whether the times come from a render (else estimated from the listening time).
        var measured: Bool
    }

    func run() throws {
        do throws(NarrateError) {
            let library = try libraryOptions.open()
            let article = try library.article(id: id)
            let count = article.summary.sentenceCount
            let render = try ArticleRenderer(library: library, engine: try ESpeakEngine.shared())
                .newestIntactRender(ofArticle: id)
            let timeline = Timeline(article: article, stored: try library.sentences(ofArticle: id), render: render)
            if let set {
                guard (1...max(count, 1)).contains(set) else {
                    throw NarrateError.invalidOption(name: "set", message: "--set \(set): article \(id) has sentences 1 to \(count)")
                }
                try library.savePosition(articleId: id, sentence: set - 1, finished: false)
            } else if let at, let seconds = Self.seconds(at) {
                guard seconds <= timeline.duration else {
                    throw NarrateError.invalidOption(
                        name: "at", message: "--at \(at): article \(id) lasts \(DurationText.minutes(timeline.duration))"
                    )
                }
                try library.savePosition(articleId: id, sentence: timeline.sentence(at: seconds), finished: false)
            } else if reset {
                try library.resetPosition(articleId: id)
            } else if finished {
                try library.savePosition(articleId: id, sentence: max(0, count - 1), finished: true)
            }
            let position = try library.position(ofArticle: id)
            let sentence = position?.sentence ?? 0
            let isFinished = position?.finished ?? false
            let seconds = isFinished ? timeline.duration : timeline.start(of: sentence)
            let percent = timeline.duration > 0 ? (seconds / timeline.duration * 1000).rounded() / 10 : 0
            if json {
                try JSONOutput.print(Report(
                    sentence: sentence, sentenceCount: count, seconds: seconds, duration: timeline.duration, percent: percent,
                    finished: isFinished, updatedAt: position?.updatedAt, measured: render != nil
                ))
                return
            }
            let state = isFinished ? "finished" : position == nil ? "not started" : "in progress"
            let saved = position.map { ", saved \($0.updatedAt)" } ?? ""
            let estimate = render == nil ? " (estimated)" : ""
            print(
                "\(id) \(article.summary.title): sentence \(sentence + 1) of \(count), "
                    + "\(DurationText.minutes(seconds)) of \(DurationText.minutes(timeline.duration))\(estimate), "
                    + "\(percent)%, \(state)\(saved)"
            )
        } catch {
            ErrorReporter.fail(error)
        }
    }

    /// "MM:SS", "H:MM:SS" or plain seconds, in seconds.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let last = Double(parts[parts.count - 1]), last >= 0 else { return nil }
        var total = last
        var factor = 60.0
        for part in parts.dropLast().reversed() {
            guard let value = Int(part), value >= 0 else { return nil }
            total += Double(value) * factor
            factor *= 60
        }
        return total
    }

    /// Sentence times: from the render when there is one, else spread over the estimated
    /// listening time in proportion to each sentence's length.
    struct Timeline {
        let starts: [Double]
        let duration: Double

        init(article: StoredArticle, stored: [StoredSentence], render: (RenderRecord, [Range<Int64>])?) {
            if let (record, samples) = render {
                let rate = Double(max(record.sampleRate, 1))
                starts = samples.map { Double($0.lowerBound) / rate }
                duration = record.duration
                return
            }
            let lengths = article.sentences(stored).map { Double($0.text.count) }
            let total = max(lengths.reduce(0, +), 1)
            var running = 0.0
            var starts: [Double] = []
            for length in lengths {
                starts.append(running / total * article.summary.listeningSeconds)
                running += length
            }
            self.starts = starts
            duration = article.summary.listeningSeconds
        }

        func start(of sentence: Int) -> Double {
            starts.indices.contains(sentence) ? starts[sentence] : 0
        }

        /// The sentence playing at `seconds`.
        func sentence(at seconds: Double) -> Int {
            max(0, (starts.lastIndex { $0 <= seconds }) ?? 0)
        }
    }
}
