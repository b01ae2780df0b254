import Foundation
import NarrateLibrary
public import NarrateQueue

/// Where a batch stands, as a front end shows it (a progress line, a page, a stream of
/// events): jobs done and failed of all, hours of audio made, speed as a multiple of real
/// time, the time left, what each worker is on; and the batch's events as JSON objects.
public struct BatchStatus: Sendable {
    /// Jobs done.
    public var done: Int
    /// Jobs failed for good.
    public var failed: Int
    /// All jobs of the batch.
    public var total: Int
    /// Seconds of audio the done jobs made.
    public var audioSeconds: Double
    /// Seconds of audio made per second of the batch.
    public var speed: Double
    /// Seconds until the rest is done at the speed so far (nil before the first is done).
    public var etaSeconds: Double?
    /// The jobs running now.
    public var running: [BatchJob]

    /// The status of `jobs` after `elapsed` seconds.
    public init(jobs: [BatchJob], elapsed: Double) {
        let doneJobs = jobs.filter { $0.state == .done }
        done = doneJobs.count
        failed = jobs.filter { $0.state == .failed }.count
        total = jobs.count
        audioSeconds = doneJobs.compactMap(\.durationSeconds).reduce(0, +)
        speed = elapsed > 0 ? audioSeconds / elapsed : 0
        let remaining = jobs.filter { $0.state == .queued || $0.state == .running }.count
        etaSeconds = doneJobs.isEmpty ? nil : elapsed / Double(doneJobs.count) * Double(remaining)
        running = jobs.filter { $0.state == .running }
    }

    /// The `progress` event; `upToDate` articles were skipped before the run.
    public func event(upToDate: Int) -> [String: Any] {
        [
            "event": "progress", "done": done, "failed": failed, "total": total, "upToDate": upToDate,
            "audioHours": audioSeconds / 3600, "speed": speed, "etaSeconds": etaSeconds ?? NSNull(),
        ]
    }

    /// The `job` event: a job changed state.
    public static func event(job: BatchJob, title: String?) -> [String: Any] {
        var event: [String: Any] = [
            "event": "job", "job": job.id, "article": job.articleId, "state": job.state.rawValue, "output": job.outputPath,
            "attempts": job.attempts,
        ]
        if let title { event["title"] = title }
        if let error = job.lastError, job.state == .failed || job.state == .cancelled { event["error"] = error }
        if let duration = job.durationSeconds, job.state == .done { event["duration"] = duration }
        return event
    }

    /// The `job` event of an article found up to date: no job was queued.
    public static func event(upToDate articleId: Int64, output: String) -> [String: Any] {
        ["event": "job", "article": articleId, "state": "up to date", "output": output]
    }

    /// The `summary` event at the end.
    public static func event(summary: BatchCoordinator.Summary, upToDate: Int) -> [String: Any] {
        [
            "event": "summary", "done": summary.done.count, "upToDate": upToDate, "failed": summary.failed.count,
            "cancelled": summary.cancelled.count, "remaining": summary.remaining.count,
            "audioSeconds": summary.done.compactMap(\.durationSeconds).reduce(0, +),
        ]
    }
}
