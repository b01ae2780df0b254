import Foundation
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarrateText
import Testing

/// The batch queue in the library: idempotent enqueueing, atomic claims under leases,
/// reclaiming a dead worker's job, the attempt limit, retry, cancel and clear.
@Suite("Batch job queue")
struct JobQueueTests {
    let folder: String
    let library: ArticleLibrary

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrate-jobs-\(UUID().uuidString)").path
        library = try ArticleLibrary(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
    }

    func addArticle(_ number: Int, paragraphs: Int = 1) throws -> Int64 {
        let paragraph = "The keeper wound the clock at \(number) o'clock and wrote it down."
        let text = "Article \(number)\n\n" + Array(repeating: paragraph, count: paragraphs).joined(separator: "\n\n")
        let document = try TextReader().read(text, path: "a.txt")
        let outcome = try library.add(NewArticle(
            title: document.title, language: "en", original: Array(text.utf8), document: document,
            sentences: SentenceSegmenter(language: "en").sentences(of: document)
        ))
        guard case .added(let id, _) = outcome else { throw NarrateError.noSuchArticle(id: -1) }
        return id
    }

    func enqueue(_ article: Int64, output: String? = nil, maxAttempts: Int = 3) throws -> BatchJob {
        let outcome = try library.enqueue(
            articleId: article, settingsHash: "h", renderRequest: #"{"voice":"en-us"}"#, format: "wav",
            outputPath: output ?? "\(folder)/\(article).wav", maxAttempts: maxAttempts
        )
        switch outcome {
        case .queued(let job), .alreadyQueued(let job): return job
        }
    }

    @Test func enqueueingTheSameOutputTwiceKeepsOneJob() throws {
        let article = try addArticle(1)
        let first = try library.enqueue(
            articleId: article, settingsHash: "h", renderRequest: #"{"rate":160}"#, format: "wav", outputPath: "/tmp/x.wav"
        )
        guard case .queued(let job) = first else {
            try #require(Bool(false), "not queued: \(first)")
            return
        }
        #expect(job.state == .queued && job.attempts == 0 && job.renderRequest == #"{"rate":160}"# && job.voiceArguments.isEmpty)
        let again = try library.enqueue(
            articleId: article, settingsHash: "h", renderRequest: #"{"rate":160}"#, format: "wav", outputPath: "/tmp/x.wav"
        )
        #expect(again == .alreadyQueued(job))
        #expect(try library.jobs().count == 1)
    }

    @Test func claimsTakeTheOldestJobOnceAndSetALease() throws {
        let jobs = try (1...3).map { try enqueue(try addArticle($0)) }
        let claimed = try #require(try library.claimJob(worker: "w1", leaseSeconds: 20, now: 1000))
        #expect(claimed.id == jobs[0].id)
        #expect(claimed.state == .running && claimed.worker == "w1" && claimed.attempts == 1 && claimed.leaseExpiresAt == 1020)
        #expect(try library.claimJob(worker: "w2", leaseSeconds: 20, now: 1001)?.id == jobs[1].id)
        #expect(try library.claimJob(worker: "w1", leaseSeconds: 20, now: 1002)?.id == jobs[2].id)
        #expect(try library.claimJob(worker: "w3", leaseSeconds: 20, now: 1003) == nil)
    }

    /// Longest processing time first: of one priority, the job of the longest article goes
    /// first (equals oldest first), so a batch ends on short jobs with every worker busy.
    @Test func claimsTakeTheLongestArticleFirstWithinAPriority() throws {
        let short = try enqueue(try addArticle(1))
        let long = try enqueue(try addArticle(2, paragraphs: 30))
        let middle = try enqueue(try addArticle(3, paragraphs: 5))
        let alsoShort = try enqueue(try addArticle(4))
        #expect(long.workSize > middle.workSize && middle.workSize > short.workSize && short.workSize == alsoShort.workSize)
        let listening = try library.enqueue(
            articleId: short.articleId, settingsHash: "h", renderRequest: "{}", format: "wav", outputPath: "\(folder)/listen.wav",
            priority: .listening
        )
        guard case .queued(let waitedFor) = listening else { Issue.record("not queued"); return }
        let order = try (0..<5).map { _ in try #require(try library.claimJob(worker: "w", leaseSeconds: 20)).id }
        #expect(order == [waitedFor.id, long.id, middle.id, short.id, alsoShort.id])
    }

    @Test func twoWorkersClaimingAtOnceNeverGetTheSameJob() async throws {
        for number in 1...40 { _ = try enqueue(try addArticle(number)) }
        let path = library.location.databasePath
        // Two processes' worth of library connections, claiming as fast as they can.
        let claims = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for worker in ["a", "b"] {
                group.addTask {
                    let own = try ArticleLibrary(location: LibraryLocation(databasePath: path))
                    var ids: [Int64] = []
                    while let job = try own.claimJob(worker: worker, leaseSeconds: 20) {
                        ids.append(job.id)
                        #expect(try own.completeJob(id: job.id, worker: worker, durationSeconds: 1))
                    }
                    return ids
                }
            }
            var all: [Int64] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(claims.count == 40)
        #expect(Set(claims).count == 40)
        #expect(try library.jobs(in: [.done]).count == 40)
    }

    @Test func aJobWhoseWorkerDiedIsClaimedAgainWithItsTemporaryFile() throws {
        let job = try enqueue(try addArticle(1))
        _ = try library.claimJob(worker: "dead", leaseSeconds: 20, now: 1000)
        try library.noteTemporaryPath(jobId: job.id, worker: "dead", path: "/tmp/.x.wav.tmp")
        // Before the lease ends nobody else gets it.
        #expect(try library.claimJob(worker: "live", leaseSeconds: 20, now: 1010) == nil)
        let again = try #require(try library.claimJob(worker: "live", leaseSeconds: 20, now: 1021))
        #expect(again.id == job.id && again.worker == "live" && again.attempts == 2)
        #expect(again.temporaryPath == "/tmp/.x.wav.tmp")
        // The dead worker can no longer renew or finish it.
        #expect(try library.renewLease(jobId: job.id, worker: "dead", leaseSeconds: 20) == false)
        #expect(try library.completeJob(id: job.id, worker: "dead", durationSeconds: 1) == false)
        #expect(try library.renewLease(jobId: job.id, worker: "live", leaseSeconds: 20, now: 1030))
    }

    @Test func aJobFailsForGoodAfterItsAttemptsWithTheLastError() throws {
        let job = try enqueue(try addArticle(1), maxAttempts: 2)
        let other = try enqueue(try addArticle(2))
        _ = try library.claimJob(worker: "w", leaseSeconds: 20, now: 1)
        try library.failJob(id: job.id, worker: "w", error: "cannot read the source")
        #expect(try library.jobs(in: [.queued]).map(\.id) == [job.id, other.id])
        _ = try library.claimJob(worker: "w", leaseSeconds: 20, now: 2)
        try library.failJob(id: job.id, worker: "w", error: "cannot read the source again")
        let failed = try #require(try library.jobs(in: [.failed]).first)
        #expect(failed.id == job.id && failed.attempts == 2 && failed.lastError == "cannot read the source again")
        // The others are not held up.
        #expect(try library.claimJob(worker: "w", leaseSeconds: 20, now: 3)?.id == other.id)
        #expect(try library.completeJob(id: other.id, worker: "w", durationSeconds: 1))
        // A dead worker's last allowed attempt also ends failed.
        let third = try enqueue(try addArticle(3), maxAttempts: 1)
        _ = try library.claimJob(worker: "dies", leaseSeconds: 20, now: 10)
        #expect(try library.claimJob(worker: "w", leaseSeconds: 20, now: 100) == nil)
        #expect(try library.jobs(in: [.failed]).map(\.id).contains(third.id))
    }

    @Test func retryCancelAndClear() throws {
        let first = try enqueue(try addArticle(1), maxAttempts: 1)
        let second = try enqueue(try addArticle(2))
        _ = try library.claimJob(worker: "w", leaseSeconds: 20)
        try library.failJob(id: first.id, worker: "w", error: "boom")
        #expect(try library.retryJobs() == 1)
        #expect(try library.jobs(in: [.queued]).map(\.id) == [first.id, second.id])
        #expect(try library.cancelJobs(id: second.id) == 1)
        #expect(try library.jobs(in: [.cancelled]).map(\.id) == [second.id])
        #expect(throws: NarrateError.self) { try library.cancelJobs(id: 99) }
        let job = try #require(try library.claimJob(worker: "w", leaseSeconds: 20))
        #expect(try library.completeJob(id: job.id, worker: "w", durationSeconds: 2.5))
        #expect(try library.clearDoneJobs() == 1)
        #expect(try library.jobs().map(\.id) == [second.id])
    }
}
