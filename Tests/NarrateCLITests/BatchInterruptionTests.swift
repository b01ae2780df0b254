import Foundation
import NarrateLibrary
import NarrateQueue
import NarrateTestSupport
import Testing

/// Ctrl-C (SIGINT to the coordinator) while a batch runs: the first lets the running jobs
/// finish and starts no more, the second stops them and gives them back to the queue; either
/// way the batch exits 130, no job is left running, and `narrate jobs run` finishes the rest.
/// The articles are the long sample (a few seconds each), so the signals land mid-job.
@Suite("Batch interrupted", .endToEnd)
struct BatchInterruptionTests {
    let fixture: BatchFixture

    init() throws {
        fixture = try BatchFixture()
    }

    /// Starts a batch of `count` long articles with two workers and waits until all are
    /// queued (workers start with the first) and two jobs run; returns the coordinator and
    /// the running jobs' ids.
    func startBatchWithTwoRunningJobs(_ count: Int) async throws -> (Process, Set<Int64>) {
        let articles = try fixture.longArticles(count)
        let coordinator = try await fixture.start(
            ["batch"] + articles + ["--jobs", "2", "--output-dir", "out"], standardOutput: "stdout", standardError: "stderr"
        )
        var running: Set<Int64> = []
        let started = await fixture.wait(
            until: {
                let jobs = fixture.jobs()
                running = Set(jobs.filter { $0.state == .running }.map(\.id))
                return jobs.count == count && running.count == 2
            }, while: coordinator)
        try #require(started, "two jobs never ran at once: \(fixture.jobs().map(\.state)) \(fixture.read("stderr"))")
        return (coordinator, running)
    }

    /// After the interrupted batch: `jobs run` does the rest, and then every job is done
    /// with a valid output.
    func expectJobsRunFinishesTheRest(count: Int) async throws {
        let rest = try await fixture.narrate(["jobs", "run", "--jobs", "2", "--quiet"])
        #expect(rest.status == 0, "\(rest.standardOutput) \(rest.standardError)")
        let jobs = fixture.jobs()
        #expect(jobs.count == count && jobs.allSatisfy { $0.state == .done }, "\(jobs.map(\.state))")
        #expect(try fixture.outputFiles().count == count)
        try fixture.expectValidOutputs()
    }

    /// The interrupted batch exited 130 and left a consistent queue: every job done or
    /// queued (none running or cancelled), and in the output folder exactly the done jobs'
    /// files, whole, and no temporary file. Returns the jobs.
    func expectStoppedConsistently(_ coordinator: Process, count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [BatchJob]
    {
        #expect(coordinator.terminationReason == .exit, sourceLocation: sourceLocation)
        #expect(coordinator.terminationStatus == 130, "\(fixture.read("stderr"))", sourceLocation: sourceLocation)
        let jobs = fixture.jobs()
        #expect(jobs.count == count, sourceLocation: sourceLocation)
        #expect(jobs.allSatisfy { $0.state == .done || $0.state == .queued }, "\(jobs.map(\.state))", sourceLocation: sourceLocation)
        let done = jobs.filter { $0.state == .done }.map { ($0.outputPath as NSString).lastPathComponent }
        #expect(try fixture.outputFiles() == done.sorted(), sourceLocation: sourceLocation)
        try fixture.expectValidOutputs(sourceLocation: sourceLocation)
        return jobs
    }

    /// SIGHUP (the terminal closed) counts as the first Ctrl-C too.
    @Test(arguments: [SIGINT, SIGHUP])
    func oneInterruptLetsRunningJobsFinishAndStartsNoMore(_ signal: Int32) async throws {
        let count = 5
        let (coordinator, runningAtSignal) = try await startBatchWithTwoRunningJobs(count)
        kill(coordinator.processIdentifier, signal)
        await coordinator.exited()

        let jobs = try expectStoppedConsistently(coordinator, count: count)
        // The jobs that were running finished; the others never started.
        #expect(runningAtSignal.isSubset(of: Set(jobs.filter { $0.state == .done }.map(\.id))), "\(jobs.map(\.state))")
        let queued = jobs.filter { $0.state == .queued }
        #expect(!queued.isEmpty, "every job ran although the batch was stopped")
        #expect(queued.allSatisfy { $0.attempts == 0 }, "\(queued.map(\.attempts))")
        #expect(fixture.read("stderr").contains("narrate: stopping: running jobs finish, no new ones start"))
        #expect(
            fixture.read("stdout").contains(", left in the queue \(queued.count) ('narrate jobs run' goes on)"),
            "\(fixture.read("stdout"))"
        )
        try await expectJobsRunFinishesTheRest(count: count)
    }

    @Test func aSecondInterruptStopsRunningJobsAndLeavesThemQueued() async throws {
        let count = 4
        let (coordinator, runningAtSignal) = try await startBatchWithTwoRunningJobs(count)
        kill(coordinator.processIdentifier, SIGINT)
        // Two signals sent at once may merge into one: the second goes once the first was seen.
        let drained = await fixture.wait(until: { fixture.read("stderr").contains("narrate: stopping:") }, while: coordinator)
        try #require(drained, "the first interrupt was not seen: \(fixture.read("stderr"))")
        kill(coordinator.processIdentifier, SIGINT)
        await coordinator.exited()

        // Nothing is left running or cancelled: a stopped job waits in the queue for `jobs run`.
        let jobs = try expectStoppedConsistently(coordinator, count: count)
        let stopped = jobs.filter { runningAtSignal.contains($0.id) && $0.state == .queued }
        #expect(!stopped.isEmpty, "both running jobs finished before the second interrupt; make the articles longer")
        #expect(stopped.allSatisfy { $0.temporaryPath == nil && $0.lastError == nil }, "\(stopped)")

        try await expectJobsRunFinishesTheRest(count: count)
    }

    /// A worker told to stop (SIGTERM, or SIGHUP when its terminal closed) stops its job and
    /// gives it back: the coordinator starts another worker, and every job ends done, with a
    /// whole output and no temporary file.
    @Test(arguments: [SIGTERM, SIGHUP])
    func aWorkerStoppedBySignalGivesItsJobBack(_ signal: Int32) async throws {
        let count = 2
        let articles = try fixture.longArticles(count)
        let coordinator = try await fixture.start(
            ["batch"] + articles + ["--jobs", "1", "--output-dir", "out"], standardOutput: "stdout", standardError: "stderr"
        )
        var worker: pid_t?
        let started = await fixture.wait(
            until: {
                guard fixture.jobs().contains(where: { $0.state == .running && $0.temporaryPath != nil }) else { return false }
                worker = Self.workers(of: coordinator.processIdentifier).first
                return worker != nil
            }, while: coordinator)
        try #require(started, "no job ran: \(fixture.jobs().map(\.state)) \(fixture.read("stderr"))")
        let stoppedJob = try #require(fixture.jobs().first { $0.state == .running })
        kill(try #require(worker), signal)
        await coordinator.exited()
        #expect(coordinator.terminationStatus == 0, "\(fixture.read("stdout")) \(fixture.read("stderr"))")
        let jobs = fixture.jobs()
        #expect(jobs.count == count && jobs.allSatisfy { $0.state == .done }, "\(jobs.map(\.state))")
        // Given back, not lost: a worker that died instead would have left the job to be
        // reclaimed when its lease ran out, as a second attempt.
        let stopped = try #require(jobs.first { $0.id == stoppedJob.id })
        #expect(stopped.attempts == 1 && stopped.lastError == nil, "\(stopped)")
        #expect(try fixture.outputFiles().count == count)
        try fixture.expectValidOutputs()
    }

    /// The `narrate worker` processes a coordinator started (Linux: read from /proc).
    static func workers(of coordinator: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.contains("worker"), let flag = arguments.firstIndex(of: "--coordinator"),
                flag + 1 < arguments.count, arguments[flag + 1] == String(coordinator)
            else { return nil }
            return pid
        }
    }
}
