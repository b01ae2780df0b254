import NarrateCore

/// Completes a worker's jobs in a task of their own: the render's file flushed to the disk
/// and renamed into place, the render recorded, the job marked done and its lease let go,
/// while the worker claims and synthesizes its next article.
///
/// Done in the worker's own task, the wait for the disk (about 14 ms an article here, most of
/// it in `fsync`) left a core idle between articles in a batch as wide as the machine. One
/// completion runs at a time: handing over the next waits for the one before; `finish()`
/// waits for the last. A completion that throws (the library failing to record, not the
/// job's own failure, which the completion records) is thrown by the next `hand` or `finish()`.
struct JobCompletions {
    typealias Completion = @Sendable () async throws(NarrateError) -> Void

    /// The completion handed over last, until it is waited for: what it threw, if anything.
    private var last: Task<NarrateError?, Never>?

    /// Starts `completion` once the one before it has ended; throws what that one threw.
    mutating func hand(_ completion: @escaping Completion) async throws(NarrateError) {
        try await finish()
        last = Task {
            do throws(NarrateError) {
                try await completion()
                return nil
            } catch {
                return error
            }
        }
    }

    /// Waits for the completion in hand and throws what it threw; more may be handed after.
    mutating func finish() async throws(NarrateError) {
        guard let last else { return }
        self.last = nil
        if let failure = await last.value { throw failure }
    }
}
