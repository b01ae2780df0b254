import Foundation
public import NarrateBatch
import NarrateCore
public import NarrateLibrary
import NarrateListening
public import NarrateQueue
import NarrateSystem

/// How a batch shows its progress: one redrawn line on a terminal (done/total, failed,
/// hours of audio made, speed as a multiple of real time, ETA, what each worker is on), a
/// plain line every few seconds when standard error is not a terminal, nothing with
/// `--quiet`, and one JSON event per line on standard output with `--json`.
public final class BatchProgress: BatchObserver {
    /// How progress is shown: a redrawn line, a plain line now and then, nothing, JSON events.
    public enum Style { case terminal, plain, quiet, json }

    /// This batch's way of showing progress.
    public let style: Style
    /// The shared queue's address, for a batch there (its workers are elsewhere).
    public let sharedQueue: String?
    /// Articles found up to date (no job), counted as the batch is queued.
    public var upToDate = 0
    private var lastPlain = ContinuousClock.now - .seconds(60)
    private var drewLine = false

    /// Progress as JSON events with `json`, none with `quiet`, else a line (redrawn on a terminal).
    public init(json: Bool, quiet: Bool, sharedQueue: String? = nil) {
        self.sharedQueue = sharedQueue
        if json {
            style = .json
        } else if quiet {
            style = .quiet
        } else {
            style = isatty(STDERR_FILENO) != 0 ? .terminal : .plain
        }
    }

    /// A coordinator for `library` reporting here, with `workers` processes of this
    /// executable at once (default: the cores), stopped by Ctrl-C presses.
    public func coordinator(library: ArticleLibrary, workers: Int?) -> BatchCoordinator {
        Interruption.countStopRequests()
        let launcher = WorkerProcessLauncher(
            executable: ExecutablePath.current() ?? CommandLine.arguments[0], libraryPath: library.location.databasePath,
            minimumPriority: .batch
        )
        return BatchCoordinator(
            library: library, workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, launcher: launcher, observer: self
        )
    }

    /// A job changed state.
    public func jobChanged(_ job: BatchJob, title: String?) {
        if style == .json { emit(BatchStatus.event(job: job, title: title)) }
    }

    /// The queue as it stands after `elapsed` seconds.
    public func update(jobs: [BatchJob], titles: [Int64: String], elapsed: Double) {
        if style == .quiet { return }
        let status = BatchStatus(jobs: jobs, elapsed: elapsed)
        switch style {
        case .quiet:
            return
        case .json:
            guard ContinuousClock.now - lastPlain >= .seconds(2) else { return }
            lastPlain = ContinuousClock.now
            emit(status.event(upToDate: upToDate))
        case .terminal, .plain:
            var line = "\(status.done)/\(status.total) done"
            if status.failed > 0 { line += ", \(status.failed) failed" }
            line += ", \(String(format: "%.2f", status.audioSeconds / 3600)) h of audio, \(String(format: "%.0f", status.speed))× real time"
            if let eta = status.etaSeconds { line += ", ETA \(DurationText.minutes(eta))" }
            if style == .terminal {
                let working = status.running.map { job in "[\(job.worker ?? "?")] \(titles[job.articleId] ?? "article \(job.articleId)")" }
                if !working.isEmpty { line += " · " + working.joined(separator: " · ") }
                let width = Int(Self.terminalWidth())
                if line.count > width { line = String(line.prefix(max(10, width - 1))) + "…" }
                write("\r\u{1B}[K" + line)
                drewLine = true
            } else if ContinuousClock.now - lastPlain >= .seconds(5) {
                lastPlain = ContinuousClock.now
                write(line + "\n")
            }
        }
    }

    /// What happened while the batch was put in the queue.
    public func submitted(_ event: BatchSubmission.Event) {
        switch event {
        case .added(let id, let title): note("added \(id) \(title)")
        case .inputFailed(let error): note(ErrorReporter.message(for: error))
        case .refused(let id, let error): note("article \(id): \(ErrorReporter.message(for: error))")
        case .upToDate(let id, _, let output):
            upToDate += 1
            if style == .json { emit(BatchStatus.event(upToDate: id, output: output)) }
        }
    }

    /// A one-off message.
    public func stopping(_ stage: BatchCoordinator.StopStage) {
        switch stage {
        case .draining: note("stopping: running jobs finish, no new ones start (Ctrl-C again stops them too)")
        case .stoppingRunningJobs: note("stopping the running jobs; they stay queued ('narrate jobs run' goes on)")
        case .leavingToWorkers:
            note(
                "no longer waiting: the jobs stay queued for the workers ('narrate jobs --queue URL' shows them and records finished renders)"
            )
        }
    }

    /// A line for the user: a note on standard error, or a JSON event.
    public func note(_ message: String) {
        switch style {
        case .quiet: return
        case .json: emit(["event": "note", "message": message])
        case .terminal, .plain:
            if drewLine { write("\r\u{1B}[K") }
            write("narrate: \(message)\n")
        }
    }

    /// The run ended: the live line is cleared.
    public func finish() {
        if drewLine { write("\r\u{1B}[K") }
    }

    /// Writes a JSON event line on standard output.
    public func emit(_ event: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: event, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return
        }
        Self.write(String(decoding: data, as: UTF8.self) + "\n", to: STDOUT_FILENO)
    }

    private func write(_ text: String) {
        Self.write(text, to: STDERR_FILENO)
    }

    /// Writes `text` straight to `descriptor` (unbuffered, so the live line redraws at once).
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in try? SystemCall.writeAll(descriptor, UnsafeRawBufferPointer(buffer)) }
    }

    /// The width of the terminal standard error is on (100 when it cannot tell).
    public static func terminalWidth() -> UInt16 {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? size.ws_col : 100
    }

    /// The summary: done, up to date, failed with reasons.
    public func report(_ summary: BatchCoordinator.Summary, upToDate: Int, json: Bool) {
        if json {
            emit(BatchStatus.event(summary: summary, upToDate: upToDate))
            return
        }
        let audio = summary.done.compactMap(\.durationSeconds).reduce(0, +)
        var line = "done \(summary.done.count), up to date \(upToDate), failed \(summary.failed.count)"
        if !summary.cancelled.isEmpty { line += ", cancelled \(summary.cancelled.count)" }
        if !summary.remaining.isEmpty {
            line +=
                sharedQueue == nil
                ? ", left in the queue \(summary.remaining.count) ('narrate jobs run' goes on)"
                : ", queued for the workers \(summary.remaining.count) ('narrate jobs --queue URL' records their renders)"
        }
        line += " (\(DurationText.minutes(audio)) of audio)"
        print(line)
        for job in summary.failed {
            print(
                "failed: job \(job.id), article \(job.articleId) \(summary.titles[job.articleId] ?? ""): \(job.lastError ?? "unknown error")"
            )
        }
    }
}
