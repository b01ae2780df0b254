import Foundation
internal import GRDB
import NarrateQueue

/// A row of `job`, read by position rather than by looking up each column's name (the batch
/// coordinator reads its unfinished jobs five times a second). Every query of jobs selects
/// (or returns) `columns`. Jobs are written by the queue's statements, each one atomic step
/// of their state machine.
struct JobRow: FetchableRecord {
    var job: BatchJob

    /// The columns read, in order.
    static let columns = """
        id, articleId, settingsHash, renderRequest, voiceArguments, format, outputPath, state, attempts, maxAttempts, \
        lastError, worker, leaseExpiresAt, temporaryPath, durationSeconds, progress, priority, createdAt, startedAt, finishedAt, \
        workSize
        """

    init(row: Row) {
        let state: String = row[7]
        job = BatchJob(
            id: row[0], articleId: row[1], settingsHash: row[2],
            renderRequest: row[3], voiceArguments: Self.decodeArguments(row[4]), format: row[5],
            outputPath: row[6],
            state: BatchJob.State(rawValue: state) ?? .failed, attempts: row[8], maxAttempts: row[9],
            lastError: row[10], worker: row[11], leaseExpiresAt: row[12],
            temporaryPath: row[13], durationSeconds: row[14],
            progress: state == "done" ? 1 : row[15],
            priority: JobPriority(rawValue: row[16]) ?? .batch, workSize: row[20], createdAt: row[17],
            startedAt: row[18], finishedAt: row[19]
        )
    }

    private static func decodeArguments(_ text: String) -> [String] {
        // Jobs queued since requests were typed carry none (`[]`): no decoder for them.
        guard text != "[]", !text.isEmpty else { return [] }
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}
