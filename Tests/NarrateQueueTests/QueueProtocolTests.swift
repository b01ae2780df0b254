import Foundation
import NarrateCore
import NarrateLibrary
import NarratePostgres
import NarrateQueue
import NarrateTestSupport
import Testing

/// The queue protocol's behaviour, the same tests on the library's SQLite queue and on
/// PostgreSQL's: idempotent enqueue, atomic claims, largest and most urgent first, lease
/// renewal, reclaim after a worker dies (its temporary file named for removal), the attempt
/// limit with the last error, release, cancel, retry and clear. (They replace the library's own
/// queue tests, which checked the same on SQLite alone.)
@Suite("The queue protocol, on SQLite and PostgreSQL", .endToEnd)
struct QueueProtocolTests {
    @Test(arguments: QueueKind.available)
    func enqueueingTheSameOutputTwiceKeepsOneJob(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        let submission = try fixture.submission(output: "/tmp/x.wav")
        let first = try await fixture.queue.enqueue(submission)
        guard case .queued(let job) = first else {
            Issue.record("not queued: \(first)")
            return
        }
        #expect(job.state == .queued && job.attempts == 0 && job.renderRequest == submission.renderRequest && job.voiceArguments.isEmpty)
        #expect(try await fixture.queue.enqueue(submission) == .alreadyQueued(job))
        #expect(try await fixture.queue.jobs(in: nil).count == 1)
        // Once done, the same output is queued anew (a later batch renders it again).
        let claimed = try await #require(try fixture.queue.claim("w"))
        #expect(try await fixture.queue.completeJob(id: claimed.id, worker: "w", durationSeconds: 1, result: nil))
        guard case .queued(let again) = try await fixture.queue.enqueue(submission) else {
            Issue.record("a done output was not queued again")
            return
        }
        #expect(again.id != job.id)
    }

    @Test(arguments: QueueKind.available)
    func claimsTakeTheOldestJobOnceAndSetALease(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        var jobs: [BatchJob] = []
        for _ in 1...3 { jobs.append(try await fixture.enqueue(try fixture.submission())) }
        let claimed = try await #require(try fixture.queue.claim("w1", at: 1000))
        #expect(claimed.id == jobs[0].id)
        #expect(claimed.state == .running && claimed.worker == "w1" && claimed.attempts == 1 && claimed.leaseExpiresAt == 1020)
        #expect(try await fixture.queue.claim("w2", at: 1001)?.id == jobs[1].id)
        #expect(try await fixture.queue.claim("w1", at: 1002)?.id == jobs[2].id)
        #expect(try await fixture.queue.claim("w3", at: 1003) == nil)
        if kind == .postgresql {
            // A worker with no library gets the article with the job.
            #expect(claimed.article == #"{"title":"Article 1"}"#)
        }
    }

    /// Of one priority the largest job goes first (equals oldest first), so a batch ends on
    /// short jobs with every worker busy; a listener's job goes before all.
    @Test(arguments: QueueKind.available)
    func claimsTakeTheMostUrgentThenTheLargestFirst(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        let short = try await fixture.enqueue(try fixture.submission(words: 10))
        let long = try await fixture.enqueue(try fixture.submission(words: 300))
        let middle = try await fixture.enqueue(try fixture.submission(words: 50))
        let alsoShort = try await fixture.enqueue(try fixture.submission(words: 10))
        let background = try await fixture.enqueue(try fixture.submission(words: 900, priority: .background))
        let waitedFor = try await fixture.enqueue(try fixture.submission(words: 10, priority: .listening))
        #expect(long.workSize > middle.workSize && middle.workSize > short.workSize && short.workSize == alsoShort.workSize)
        // A worker that leaves background jobs to others stops before them.
        var order: [Int64] = []
        while let job = try await fixture.queue.claim("w", minimum: .batch) { order.append(job.id) }
        #expect(order == [waitedFor.id, long.id, middle.id, short.id, alsoShort.id])
        #expect(try await fixture.queue.claim("w")?.id == background.id)
    }

    @Test(arguments: QueueKind.available)
    func workersClaimingAtOnceNeverGetTheSameJob(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        for _ in 1...60 { try await fixture.enqueue(try fixture.submission()) }
        // Four handles, as four worker processes, claiming as fast as they can.
        var handles: [any JobQueue] = []
        for _ in 0..<4 { handles.append(try await fixture.another()) }
        let claims = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for (index, queue) in handles.enumerated() {
                group.addTask {
                    var ids: [Int64] = []
                    while let job = try await queue.claim("w\(index)") {
                        ids.append(job.id)
                        #expect(try await queue.completeJob(id: job.id, worker: "w\(index)", durationSeconds: 1, result: "{}"))
                    }
                    return ids
                }
            }
            var all: [Int64] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(claims.count == 60)
        #expect(Set(claims).count == 60)
        #expect(try await fixture.queue.jobs(in: [.done]).count == 60)
    }

    @Test(arguments: QueueKind.available)
    func aLeaseRenewedHoldsTheJobAndAnExpiredOneIsClaimedAgainWithItsTemporaryFile(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        let job = try await fixture.enqueue(try fixture.submission())
        _ = try await fixture.queue.claim("dead", at: 1000)
        try await fixture.queue.noteTemporaryPath(jobId: job.id, worker: "dead", path: "/tmp/.x.wav.tmp")
        try await fixture.queue.noteProgress(jobId: job.id, worker: "dead", progress: 0.25)
        #expect(try await fixture.queue.job(id: job.id)?.progress == 0.25)
        // Renewed at 1015, it holds past the first lease's end.
        #expect(try await fixture.queue.renewLease(jobId: job.id, worker: "dead", leaseSeconds: 20, now: 1015))
        #expect(try await fixture.queue.claim("live", at: 1025) == nil)
        // Then its worker dies: once the lease ends another takes the job over.
        let again = try await #require(try fixture.queue.claim("live", at: 1036))
        #expect(again.id == job.id && again.worker == "live" && again.attempts == 2 && again.progress == 0)
        #expect(again.temporaryPath == "/tmp/.x.wav.tmp")
        // The dead worker can no longer renew or finish it.
        #expect(try await fixture.queue.renewLease(jobId: job.id, worker: "dead", leaseSeconds: 20, now: 1037) == false)
        #expect(try await fixture.queue.completeJob(id: job.id, worker: "dead", durationSeconds: 1, result: nil) == false)
        #expect(try await fixture.queue.renewLease(jobId: job.id, worker: "live", leaseSeconds: 20, now: 1040))
        #expect(try await fixture.queue.completeJob(id: job.id, worker: "live", durationSeconds: 2.5, result: #"{"render":1}"#))
        let done = try await #require(try fixture.queue.job(id: job.id))
        #expect(done.state == .done && done.durationSeconds == 2.5 && done.temporaryPath == nil && done.progress == 1)
        if kind == .postgresql { #expect(done.result == #"{"render":1}"#) }
    }

    /// A worker whose lease lapsed while it finished a job (a long fsync on a loaded machine)
    /// does not claim that job again: the second attempt, under the same name, would be
    /// renewed, completed and failed by the first one's statements (a web page saw a finished
    /// render start over). Another worker may take it over.
    @Test(arguments: QueueKind.available)
    func aWorkerNeverTakesOverItsOwnJob(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        let job = try await fixture.enqueue(try fixture.submission())
        _ = try await fixture.queue.claim("w", at: 1000)
        try await fixture.queue.noteProgress(jobId: job.id, worker: "w", progress: 0.9)
        #expect(try await fixture.queue.claim("w", at: 1100) == nil)
        let running = try await #require(try fixture.queue.job(id: job.id))
        #expect(running.state == .running && running.attempts == 1 && running.progress == 0.9)
        let taken = try await #require(try fixture.queue.claim("x", at: 1100))
        #expect(taken.id == job.id && taken.attempts == 2)
        #expect(try await fixture.queue.completeJob(id: job.id, worker: "w", durationSeconds: 1, result: nil) == false)
    }

    @Test(arguments: QueueKind.available)
    func aJobFailsForGoodAfterItsAttemptsWithTheLastError(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        let job = try await fixture.enqueue(try fixture.submission(maxAttempts: 2))
        let other = try await fixture.enqueue(try fixture.submission())
        _ = try await fixture.queue.claim("w", at: 1)
        try await fixture.queue.failJob(id: job.id, worker: "w", error: "cannot read the source")
        #expect(try await fixture.queue.jobs(in: [.queued]).map(\.id) == [job.id, other.id])
        #expect(try await fixture.queue.claim("w", at: 2)?.id == job.id)
        try await fixture.queue.failJob(id: job.id, worker: "w", error: "cannot read the source again")
        let failed = try await #require(try fixture.queue.jobs(in: [.failed]).first)
        #expect(failed.id == job.id && failed.attempts == 2 && failed.lastError == "cannot read the source again")
        #expect(failed.finishedAt != nil)
        // The others are not held up.
        #expect(try await fixture.queue.claim("w", at: 3)?.id == other.id)
        #expect(try await fixture.queue.completeJob(id: other.id, worker: "w", durationSeconds: 1, result: nil))
        // A dead worker's last allowed attempt also ends failed, with why.
        let third = try await fixture.enqueue(try fixture.submission(maxAttempts: 1))
        _ = try await fixture.queue.claim("dies", at: 10)
        #expect(try await fixture.queue.claim("w", at: 100) == nil)
        let gone = try await #require(try fixture.queue.job(id: third.id))
        #expect(gone.state == .failed && gone.lastError == "its worker stopped 1 times without finishing")
    }

    @Test(arguments: QueueKind.available)
    func aReleasedJobGoesBackWithoutUsingAnAttempt(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        let job = try await fixture.enqueue(try fixture.submission(maxAttempts: 1))
        _ = try await fixture.queue.claim("stopping")
        try await fixture.queue.releaseJob(id: job.id, worker: "stopping")
        let back = try await #require(try fixture.queue.job(id: job.id))
        #expect(back.state == .queued && back.attempts == 0)
        #expect(try await fixture.queue.claim("next")?.attempts == 1)
    }

    @Test(arguments: QueueKind.available)
    func retryCancelAndClear(kind: QueueKind) async throws {
        let fixture = try await QueueFixture(kind)
        let first = try await fixture.enqueue(try fixture.submission(maxAttempts: 1))
        let second = try await fixture.enqueue(try fixture.submission())
        let third = try await fixture.enqueue(try fixture.submission())
        _ = try await fixture.queue.claim("w")
        try await fixture.queue.failJob(id: first.id, worker: "w", error: "boom")
        #expect(try await fixture.queue.retryJobs(id: nil) == 1)
        let retried = try await #require(try fixture.queue.job(id: first.id))
        #expect(retried.state == .queued && retried.attempts == 0 && retried.lastError == nil)
        // Cancelling a running job: its worker finds out at its next renewal.
        let running = try await #require(try fixture.queue.claim("w2", at: 50))
        #expect(try await fixture.queue.cancelJobs(id: running.id, reason: "cancelled") == 1)
        #expect(try await fixture.queue.renewLease(jobId: running.id, worker: "w2", leaseSeconds: 20, now: 51) == false)
        #expect(try await fixture.queue.jobs(in: [.cancelled]).map(\.id) == [running.id])
        await #expect(throws: NarrateError.self) { try await fixture.queue.cancelJobs(id: 9999, reason: "cancelled") }
        await #expect(throws: NarrateError.self) { try await fixture.queue.retryJobs(id: 9999) }
        #expect(try await fixture.queue.retryJobs(id: running.id) == 1)
        var done = 0
        while let job = try await fixture.queue.claim("w") {
            #expect(try await fixture.queue.completeJob(id: job.id, worker: "w", durationSeconds: 2.5, result: nil))
            done += 1
        }
        #expect(done == 3)
        #expect(try await fixture.queue.clearDoneJobs() == 3)
        #expect(try await fixture.queue.jobs(in: nil).isEmpty)
        _ = (second, third)
    }
}

extension JobQueue {
    /// A claim with a 20-second lease, at `now` (the queue's clock when nil).
    func claim(_ worker: String, at now: Double? = nil, minimum: JobPriority = .background) async throws -> BatchJob? {
        try await claimJob(worker: worker, leaseSeconds: 20, minimumPriority: minimum, now: now)
    }
}
