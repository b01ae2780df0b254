import Foundation
import NarrateAudio
import NarrateBatch
import NarrateCore
import NarrateImport
import NarrateLibrary
import NarrateQueue
import NarrateRendering
import NarrateTestSupport
import Testing

/// Stands in for worker processes: each launch works one job in process and starts /bin/true,
/// a real child for the coordinator to reap.
final class InProcessLauncher: WorkerLauncher {
    let library: ArticleLibrary
    var launched: [String] = []
    /// Whether a launched worker works a job before it ends.
    var works = true

    init(library: ArticleLibrary) {
        self.library = library
    }

    func launch(name: String) throws(NarrateError) -> Int32 {
        launched.append(name)
        if works, let job = try library.queue.claimJob(worker: name, leaseSeconds: 20) {
            _ = try library.queue.completeJob(id: job.id, worker: name, durationSeconds: 1.5)
        }
        // posix_spawn, not Process: Foundation reaps the children it starts itself, and the
        // coordinator must be the one to reap its workers.
        var pid: pid_t = 0
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(argv[0]) }
        guard posix_spawn(&pid, "/bin/true", nil, nil, &argv, nil) == 0 else {
            throw .engine(code: -1, message: "cannot start /bin/true")
        }
        return pid
    }
}

/// Keeps what the coordinator reports.
final class RecordingObserver: BatchObserver {
    var changes: [(Int64, BatchJob.State)] = []
    var stops: [BatchCoordinator.StopStage] = []
    var updates = 0
    var finished = false

    func jobChanged(_ job: BatchJob, title: String?) { changes.append((job.id, job.state)) }
    func stopping(_ stage: BatchCoordinator.StopStage) { stops.append(stage) }
    func update(jobs: [BatchJob], titles: [Int64: String], elapsed: Double) { updates += 1 }
    func finish() { finished = true }
}

/// The batch coordinator in process, with launched workers stood in for.
@Suite("Batch coordinator")
struct BatchCoordinatorTests {
    let fixture: LibraryFixture

    init() throws {
        fixture = try LibraryFixture()
    }

    func queue(_ count: Int) throws -> Set<Int64> {
        var ids: Set<Int64> = []
        for index in 0..<count {
            if case .queued(let job) = try fixture.library.queue.enqueue(
                articleId: fixture.articleId, settingsHash: "h", renderRequest: RenderRequest().json(), format: "wav",
                outputPath: "\(fixture.folder)/\(index).wav"
            ) {
                ids.insert(job.id)
            }
        }
        return ids
    }

    @Test func everyJobIsDoneAndReported() throws {
        let ids = try queue(3)
        let launcher = InProcessLauncher(library: fixture.library)
        let observer = RecordingObserver()
        let summary = try BatchCoordinator(library: fixture.library, workers: 2, launcher: launcher, observer: observer)
            .run(jobIds: ids, titles: [:], stopRequests: { 0 })
        #expect(summary.done.count == 3 && summary.failed.isEmpty && summary.remaining.isEmpty)
        #expect(launcher.launched.count >= 3)
        #expect(Set(launcher.launched).count == launcher.launched.count, "worker names repeat: \(launcher.launched)")
        #expect(observer.finished && observer.updates > 0)
        #expect(Set(observer.changes.filter { $0.1 == .done }.map(\.0)) == ids)
        #expect(observer.stops.isEmpty)
    }

    /// A stop request before any job ran: no worker starts, the jobs stay queued.
    @Test func aStopRequestStartsNoMoreWorkersAndLeavesTheJobsQueued() throws {
        let ids = try queue(2)
        let launcher = InProcessLauncher(library: fixture.library)
        let observer = RecordingObserver()
        let summary = try BatchCoordinator(library: fixture.library, workers: 2, launcher: launcher, observer: observer)
            .run(jobIds: ids, titles: [:], stopRequests: { 1 })
        #expect(launcher.launched.isEmpty)
        #expect(summary.remaining.count == 2 && summary.done.isEmpty)
        #expect(observer.stops == [.draining])
    }

    /// Workers that end without working are replaced while work remains; the coordinator
    /// starts at most `workers` at once. Here the second round works.
    @Test func workersThatEndAreReplaced() throws {
        let ids = try queue(1)
        let launcher = InProcessLauncher(library: fixture.library)
        launcher.works = false
        let observer = RecordingObserver()
        let coordinator = BatchCoordinator(library: fixture.library, workers: 1, launcher: launcher, observer: observer)
        var polls = 0
        // After a few rounds of idle workers, let the next one work.
        let summary = try coordinator.run(
            jobIds: ids, titles: [:],
            stopRequests: {
                polls += 1
                if polls == 3 { launcher.works = true }
                return 0
            })
        #expect(summary.done.count == 1)
        #expect(launcher.launched.count >= 2)
    }

    /// A job whose article is removed while the batch runs (the job goes with it) is no
    /// longer waited for; the others finish.
    @Test func aJobWhoseArticleIsRemovedIsNoLongerWaitedFor() throws {
        let ids = try queue(2)
        let other = try fixture.library.articles.add(
            ArticleImport(format: .markdown, title: "Other", language: "en").article(pasted: "Words.", detector: nil)
        ).articleId
        guard
            case .queued(let doomed) = try fixture.library.queue.enqueue(
                articleId: other, settingsHash: "h", renderRequest: RenderRequest().json(), format: "wav",
                outputPath: "\(fixture.folder)/other.wav"
            )
        else {
            Issue.record("not queued")
            return
        }
        let launcher = InProcessLauncher(library: fixture.library)
        launcher.works = false
        let observer = RecordingObserver()
        var polls = 0
        let summary = try BatchCoordinator(library: fixture.library, workers: 1, launcher: launcher, observer: observer)
            .run(
                jobIds: ids.union([doomed.id]), titles: [:],
                stopRequests: {
                    polls += 1
                    if polls == 2 {
                        _ = try? fixture.library.articles.remove(ids: [other])
                        launcher.works = true
                    }
                    return 0
                })
        #expect(summary.done.count == 2 && summary.remaining.isEmpty, "\(summary)")
        #expect(!summary.done.contains { $0.id == doomed.id })
    }

    /// A batch of files starts its first worker as soon as the first is queued, not after
    /// every file is added; all are done in the end.
    @Test func workersStartWhileTheRestIsStillBeingAdded() async throws {
        let scratch = try ScratchDirectory()
        let paths = try (1...3).map { number in
            try scratch.write("\(number).txt", text: "Harbour \(number)\n\nBoats came in at \(number). Gulls followed them.\n")
        }
        let launcher = InProcessLauncher(library: fixture.library)
        let observer = RecordingObserver()
        let submission = try BatchSubmission(
            voice: VoiceRequest(), encoding: AudioEncoding(format: .wav), outputDirectory: "\(scratch.path)/out", nameTemplate: "{id}"
        )
        var launchedWhenAdded: [Int] = []
        let (queued, summary) = try await BatchCoordinator(library: fixture.library, workers: 2, launcher: launcher, observer: observer)
            .run(
                submitting: .init(inputs: paths), with: submission, engine: FakeEngine(), presets: VoicePresetLibrary(directories: []),
                environment: [:], stopRequests: { 0 },
                report: { event in if case .added = event { launchedWhenAdded.append(launcher.launched.count) } }
            )
        #expect(launchedWhenAdded == [0, 1, 2], "workers launched when each file was added: \(launchedWhenAdded)")
        #expect(queued.jobIds.count == 3 && Set(queued.titles.values) == ["Harbour 1", "Harbour 2", "Harbour 3"])
        #expect(summary.done.count == 3 && summary.remaining.isEmpty)
    }

    /// A stop while files are being added ends the adding; the jobs already queued with a
    /// worker started go as after a stop during the run.
    @Test func aStopWhileAddingDrainsWhatIsQueued() async throws {
        let scratch = try ScratchDirectory()
        let paths = try (1...4).map { number in
            try scratch.write("\(number).txt", text: "Quay \(number)\n\nThe ferry left at \(number).\n")
        }
        let launcher = InProcessLauncher(library: fixture.library)
        launcher.works = false
        let observer = RecordingObserver()
        let submission = try BatchSubmission(
            voice: VoiceRequest(), encoding: AudioEncoding(format: .wav), outputDirectory: "\(scratch.path)/out", nameTemplate: "{id}"
        )
        var added = 0
        let (queued, summary) = try await BatchCoordinator(library: fixture.library, workers: 1, launcher: launcher, observer: observer)
            .run(
                submitting: .init(inputs: paths), with: submission, engine: FakeEngine(), presets: VoicePresetLibrary(directories: []),
                environment: [:], stopRequests: { added >= 2 ? 1 : 0 },
                report: { event in if case .added = event { added += 1 } }
            )
        #expect(added == 2)
        #expect(queued.jobIds.count == 2 && queued.titles.count == 2)
        #expect(summary.remaining.count == 2 && summary.done.isEmpty)
        #expect(observer.stops == [.draining])
    }
}
