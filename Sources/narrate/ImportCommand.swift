import ArgumentParser
import Foundation
import NarrateCore
import NarrateFetch
import NarrateIngest
import NarrateLibrary
import NarrateSpeech
import NarrateRendering
import NarrateImport
import NarrateListening

/// `narrate import FILE`: the links of a read-later service's or a browser's export.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an export of Pocket, Instapaper, Wallabag or Omnivore, browser bookmarks or a list of URLs.",
        discussion: "Run it again to go on after a stop: what is in the library already is skipped without fetching."
    )

    @Argument(help: "The export file (its format is recognised by its content), or the folder of an unpacked Omnivore export.")
    var file: String

    @Option(help: "Tag every imported article gets, besides its own.")
    var tag: [String] = []

    @OptionGroup var fetchOptions: FetchOptions

    @Flag(help: "Print one JSON event per line on standard output instead of progress and a summary.")
    var json = false

    @Flag(help: "No progress output.")
    var quiet = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        Interruption.install()
        ErrorReporter.failing { () throws(NarrateError) in
            let (format, links) = try ExportReader.read(path: file, isCancelled: { Interruption.isRequested })
            let library = try libraryOptions.open()
            let progress = ImportProgress(json: json, quiet: quiet)
            progress.note("\(file): \(format.rawValue), \(links.count) link\(links.count == 1 ? "" : "s")")
            let detector = SpeechLanguage.detector(engine: try? ESpeakEngine.shared(), environment: NarrateEnvironment.variables())
            let importer = LinkImport(library: library, fetcher: fetchOptions.fetcher, detector: detector, jobs: fetchOptions.jobs, tags: tag)
            let report = try importer.run(links, isCancelled: { Interruption.isRequested }, report: progress.event)
            progress.finish(report)
            if Interruption.isRequested { ErrorReporter.terminate(130) }
            // Links that failed in a way that may pass: run it again (75, as a batch's failures).
            if report.problems.contains(where: { $0.outcome == .failed }) { ErrorReporter.terminate(75) }
        }
    }
}

/// How an import shows its progress: a redrawn line with counts and the time left on a
/// terminal, a plain line every few seconds otherwise, JSON events with `--json`.
final class ImportProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let style: BatchProgress.Style
    private let start = ContinuousClock.now
    private var lastLine = ContinuousClock.now - .seconds(60)
    private var drew = false
    private var startDone: Int?

    init(json: Bool, quiet: Bool) {
        style = json ? .json : quiet ? .quiet : (isatty(STDERR_FILENO) != 0 ? .terminal : .plain)
    }

    func note(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        switch style {
        case .json: emit(["event": "note", "message": text])
        case .quiet: break
        case .terminal, .plain: FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    @Sendable func event(_ event: LinkImport.Event) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .added(let id, let title, let url):
            if style == .json { emit(["event": "added", "id": id, "title": title, "url": url]) }
        case .problem(let problem):
            if style == .json { emit(["event": "problem", "url": problem.url, "outcome": problem.outcome.rawValue, "reason": problem.reason]) }
        case .progress(let done, let total):
            if startDone == nil { startDone = done }
            let duration = ContinuousClock.now - start
            let elapsed = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            let fetched = done - (startDone ?? 0)
            let eta = fetched > 0 && done < total ? elapsed / Double(fetched) * Double(total - done) : nil
            switch style {
            case .quiet: return
            case .json:
                guard ContinuousClock.now - lastLine >= .seconds(1) || done == total else { return }
                lastLine = ContinuousClock.now
                var object: [String: Any] = ["event": "progress", "done": done, "total": total]
                if let eta { object["etaSeconds"] = (eta * 10).rounded() / 10 }
                emit(object)
            case .terminal, .plain:
                var line = "\(done)/\(total) links"
                if let eta { line += ", ETA \(DurationText.minutes(eta))" }
                if style == .terminal {
                    FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
                    drew = true
                } else if ContinuousClock.now - lastLine >= .seconds(5) || done == total {
                    lastLine = ContinuousClock.now
                    FileHandle.standardError.write(Data((line + "\n").utf8))
                }
            }
        }
    }

    func finish(_ report: LinkImport.Report) {
        lock.lock()
        defer { lock.unlock() }
        if drew { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let dead = report.problems.filter { $0.outcome == .dead }.count
        let empty = report.problems.filter { $0.outcome == .noArticle }.count
        let failed = report.problems.filter { $0.outcome == .failed }.count
        if style == .json {
            emit([
                "event": "summary", "total": report.total, "added": report.added.count, "skipped": report.skipped,
                "duplicates": report.duplicates, "finished": report.finished, "dead": dead, "noArticle": empty, "failed": failed,
                "stopped": report.stopped,
            ])
            return
        }
        var line = "imported \(report.total) link\(report.total == 1 ? "" : "s"): \(report.added.count) added"
        if report.finished > 0 { line += " (\(report.finished) marked finished)" }
        if report.skipped > 0 { line += ", \(report.skipped) skipped (in the library, or dead before)" }
        if report.duplicates > 0 { line += ", \(report.duplicates) already in the library" }
        if dead > 0 { line += ", \(dead) dead" }
        if empty > 0 { line += ", \(empty) without an article" }
        if failed > 0 { line += ", \(failed) failed (run it again to retry them)" }
        if report.stopped { line += "; stopped: run the same import again to go on" }
        print(line)
        for problem in report.problems {
            let kind = switch problem.outcome {
            case .dead: "dead link"
            case .noArticle: "no article"
            default: "failed"
            }
            print("  \(kind): \(problem.url): \(problem.reason)")
        }
    }

    private func emit(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
