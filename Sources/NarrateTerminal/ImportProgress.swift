import Foundation
public import NarrateImport
import NarrateLibrary
import NarrateListening

/// How an import shows its progress: a redrawn line with counts and the time left on a
/// terminal, a plain line every few seconds otherwise, JSON events with `--json`.
public final class ImportProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let style: BatchProgress.Style
    private let start = ContinuousClock.now
    private var lastLine = ContinuousClock.now - .seconds(60)
    private var drew = false
    private var startDone: Int?

    /// Progress as JSON events with `json`, none with `quiet`, else a line.
    public init(json: Bool, quiet: Bool) {
        style = json ? .json : quiet ? .quiet : (isatty(STDERR_FILENO) != 0 ? .terminal : .plain)
    }

    /// A line for the user before the links are fetched.
    public func note(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        switch style {
        case .json: emit(["event": "note", "message": text])
        case .quiet: break
        case .terminal, .plain: FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    }

    /// An article added, a problem, or how far the import is.
    @Sendable public func event(_ event: LinkImport.Event) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .added(let id, let title, let url):
            if style == .json { emit(["event": "added", "id": id, "title": title, "url": url]) }
        case .problem(let problem):
            if style == .json {
                emit(["event": "problem", "url": problem.url, "outcome": problem.outcome.rawValue, "reason": problem.reason])
            }
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

    /// The import's summary: a line and its problems, or a JSON event.
    public func finish(_ report: LinkImport.Report) {
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
        if report.finished > 0 { line += " (\(report.finished) marked finished and archived)" }
        if report.skipped > 0 { line += ", \(report.skipped) skipped (in the library, or dead before)" }
        if report.duplicates > 0 { line += ", \(report.duplicates) already in the library" }
        if dead > 0 { line += ", \(dead) dead" }
        if empty > 0 { line += ", \(empty) without an article" }
        if failed > 0 { line += ", \(failed) failed (run it again to retry them)" }
        if report.stopped { line += "; stopped: run the same import again to go on" }
        print(line)
        for problem in report.problems {
            print(ItemProblemLine.text(url: problem.url, outcome: problem.outcome, reason: problem.reason, failed: "failed"))
        }
    }

    private func emit(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return
        }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
