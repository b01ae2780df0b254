import Foundation
import NarrateCore
import NarrateLibrary
import NarratePostgresCluster
import NarrateQueue
import NarrateTestSupport
import Testing

/// `--queue`: a batch queued on PostgreSQL and drained by `narrate worker` processes as on
/// separate machines (each its own home folder and name, one shared output folder), with
/// the faults a cluster of machines has: a worker killed mid-job, the database restarted
/// mid-batch, a machine whose output folder cannot be written, and bad addresses.
@Suite(.serialized, .endToEnd)
struct SharedQueueTests {
    /// The reason these tests skip, when they do.
    @Test(.enabled(if: !PostgresCluster.isAvailable, "PostgreSQL is available: the shared queue tests run"))
    func sharedQueueTestsNeedPostgreSQL() async {
        Issue.record("PostgreSQL cannot be started here, so the shared queue tests are skipped: \(PostgresCluster.unavailableReason)")
    }

    /// 200 short articles, three machines: each job done once, by one worker, every output
    /// recorded in the submitting library and decoding, the workers' figures adding up.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func threeMachinesDrainTwoHundredArticles() async throws {
        let fixture = try await SharedQueueFixture()
        _ = try fixture.articles(200)
        let queued = try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory, "--detach", "--quiet"])
        #expect(queued.status == 0, "\(queued.standardError)")
        #expect(try await fixture.listing().jobs.count == 200)
        var workers: [Process] = []
        for machine in ["machine-a", "machine-b", "machine-c"] {
            workers.append(try await fixture.startWorker(on: machine, ["--jobs", "1", "--until-empty", "--name", machine], lease: 20))
        }
        for worker in workers {
            #expect(await fixture.wait(for: worker))
            #expect(worker.terminationStatus == 0)
        }
        let listing = try await fixture.listing()
        #expect(listing.rendersRecorded == 200)
        #expect(listing.jobs.count == 200 && listing.jobs.allSatisfy { $0.state == .done && $0.attempts == 1 })
        // Each done once: the workers' counts add up to the jobs, and every machine took part.
        #expect(listing.workers.map(\.jobsDone).reduce(0, +) == 200)
        #expect(Set(listing.workers.map { String($0.name.prefix { $0 != "/" }) }) == ["machine-a", "machine-b", "machine-c"])
        #expect(listing.workers.allSatisfy { $0.jobsDone > 0 && $0.audioSeconds > 0 && $0.host.isEmpty == false })
        #expect(Set(listing.jobs.map(\.outputPath)).count == 200)
        try await fixture.expectValidOutputs()
        // The renders are the library's now: a second batch finds every article up to date.
        let again = try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("done 0, up to date 200"), "\(again.standardOutput)")
    }

    /// A worker killed with its job in hand: the job's lease runs out, another machine takes
    /// it, removes what the dead one left and finishes it.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aKilledWorkersJobIsFinishedByAnother() async throws {
        let fixture = try await SharedQueueFixture()
        _ = try fixture.articles(3, sentences: 400)
        #expect(try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory, "--detach", "--quiet"]).status == 0)
        let doomed = try await fixture.startWorker(on: "machine-a", ["--jobs", "1", "--name", "machine-a"])
        #expect(try await fixture.wait { try await fixture.listing().jobs.contains { $0.state == .running && $0.progress > 0 } })
        // The machine dies: its worker process first, then the process that watches it.
        for child in SharedQueueFixture.children(of: doomed.processIdentifier) { kill(child, SIGKILL) }
        kill(doomed.processIdentifier, SIGKILL)
        await fixture.wait(for: doomed)
        let taken = try #require(try await fixture.listing().jobs.first { $0.state == .running })
        let rescuer = try await fixture.startWorker(on: "machine-b", ["--jobs", "1", "--until-empty", "--name", "machine-b"])
        #expect(await fixture.wait(for: rescuer))
        #expect(rescuer.terminationStatus == 0)
        let jobs = try await fixture.listing().jobs
        #expect(jobs.allSatisfy { $0.state == .done })
        let reclaimed = try #require(jobs.first { $0.id == taken.id })
        #expect(reclaimed.attempts == 2 && reclaimed.worker?.hasPrefix("machine-b/") == true)
        try await fixture.expectValidOutputs()
    }

    /// PostgreSQL restarted mid-batch: the workers reconnect with backoff and finish.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func workersFinishAcrossADatabaseRestart() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.shutDown() }
        let fixture = try await SharedQueueFixture(cluster: cluster)
        _ = try fixture.articles(40, sentences: 15)
        #expect(try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory, "--detach", "--quiet"]).status == 0)
        var workers: [Process] = []
        for machine in ["machine-a", "machine-b"] {
            workers.append(try await fixture.startWorker(on: machine, ["--jobs", "1", "--until-empty", "--name", machine]))
        }
        #expect(try await fixture.wait { try await fixture.doneJobs() >= 1 })
        // The workers are held still while the server goes down, so work is left whatever the
        // machine's speed (under ThreadSanitizer they once finished all 40 before a restart
        // was through), then let go against the stopped server: they meet refused
        // connections and back off until it is started again.
        let held = workers.flatMap { [$0.processIdentifier] + SharedQueueFixture.children(of: $0.processIdentifier) }
        for pid in held { kill(pid, SIGSTOP) }
        #expect(try await fixture.doneJobs() < 40, "no work was left when the server went down")
        try await cluster.stopServer()
        for pid in held { kill(pid, SIGCONT) }
        #expect(workers.allSatisfy { $0.isRunning })
        try await cluster.startAgain()
        for worker in workers {
            #expect(await fixture.wait(for: worker))
            #expect(worker.terminationStatus == 0, "\(fixture.errors(of: "machine-a")) \(fixture.errors(of: "machine-b"))")
        }
        let jobs = try await fixture.listing().jobs
        #expect(jobs.count == 40 && jobs.allSatisfy { $0.state == .done })
        try await fixture.expectValidOutputs()
    }

    /// A machine whose output folder cannot be written fails the job it took with one line,
    /// says so once and stops (exit 73), rather than failing every job; the other machine
    /// does them all.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aMachineThatCannotWriteStopsAndTheOthersGoOn() async throws {
        let fixture = try await SharedQueueFixture()
        _ = try fixture.articles(4)
        #expect(try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory, "--detach", "--quiet"]).status == 0)
        // A folder under a file cannot be made, not even by root.
        let blocker = try fixture.scratch.write("not-a-folder", text: "a file")
        let broken = try await NarrateBinary.run(
            ["worker", "--output-dir", "\(blocker)/shared", "--jobs", "1", "--until-empty", "--name", "machine-a"],
            directory: fixture.scratch.path, environment: fixture.environment(machine: "machine-a")
        )
        #expect(broken.status == 73)
        #expect(broken.errorLines.count == 1 && broken.errorLines[0].contains("\(blocker)/shared"), "\(broken.errorLines)")
        let failed = try #require(try await fixture.listing().jobs.first { $0.lastError != nil })
        #expect(failed.state == .queued && failed.attempts == 1 && failed.lastError?.contains("\n") == false)
        let good = try await fixture.startWorker(on: "machine-b", ["--jobs", "1", "--until-empty", "--name", "machine-b"])
        #expect(await fixture.wait(for: good))
        #expect(good.terminationStatus == 0)
        #expect(try await fixture.listing().jobs.allSatisfy { $0.state == .done })
        try await fixture.expectValidOutputs()
    }

    /// A neural voice on a shared queue, picked by the submitting library's preference (so
    /// each job carries it: a worker has no library to prefer anything): a machine without the
    /// voice gives each job back with one line naming the voice (its attempt not counted, the
    /// reason kept on the job) and, with `--until-empty`, ends once only such jobs are left; a
    /// machine with the voice renders them, and the submitter records the renders with their
    /// word timings.
    @Test(.enabled(if: PostgresCluster.isAvailable && NeuralVoiceTests.canWriteVoices, "needs PostgreSQL, onnx and onnxruntime"))
    func aMachineWithoutTheVoiceLeavesItsJobsToOneWithIt() async throws {
        let fixture = try await SharedQueueFixture()
        let script = "\(NarrateBinary.packageRoot)/Tests/NarratePiperTests/make_tiny_voice.py"
        for machine in ["submitter", "machine-a"] {
            let folder = "\(fixture.scratch.path)/\(machine)/.local/share/narrate/voices"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Of high quality, so English picks it over any other voice installed (the joe voice).
            try await #require(NeuralVoiceTests.python([script, "\(folder)/en_US-tiny-high.onnx", "high"]).status == 0)
        }
        _ = try fixture.articles(2, sentences: 3)
        #expect(try await fixture.narrate(["voices", "prefer", "neural"]).status == 0)
        let queued = try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory, "--detach", "--quiet"])
        #expect(queued.status == 0, "\(queued.standardError)")
        let lacking = try await NarrateBinary.run(
            ["worker", "--output-dir", fixture.outputDirectory, "--jobs", "1", "--until-empty", "--name", "machine-b"],
            directory: fixture.scratch.path, environment: fixture.environment(machine: "machine-b")
        )
        #expect(lacking.status == 0, "\(lacking.standardError)")
        #expect(lacking.errorLines.count == 2, "\(lacking.errorLines)")
        #expect(
            lacking.errorLines.allSatisfy { $0.contains("left for another machine") && $0.contains("'piper:en_US-tiny-high'") },
            "\(lacking.errorLines)")
        let waiting = try await fixture.listing().jobs
        #expect(waiting.count == 2)
        for job in waiting {
            #expect(job.state == .queued && job.attempts == 0, "\(job)")
            #expect(
                job.lastError?.contains("unknown voice 'piper:en_US-tiny-high'") == true && job.lastError?.contains("machine-b") == true,
                "\(job)")
        }
        let able = try await fixture.startWorker(on: "machine-a", ["--jobs", "1", "--until-empty", "--name", "machine-a"])
        #expect(await fixture.wait(for: able))
        #expect(able.terminationStatus == 0, "\(fixture.errors(of: "machine-a"))")
        let listing = try await fixture.listing()
        #expect(listing.jobs.allSatisfy { $0.state == .done && $0.attempts == 1 && $0.worker?.hasPrefix("machine-a/") == true })
        #expect(listing.rendersRecorded == 2)
        try await fixture.expectValidOutputs()
        let library = try fixture.library()
        for article in try library.articles.list() {
            let render = try #require(try library.renders.renders(ofArticle: article.id).first)
            #expect(render.wordTimings == .exact, "\(render)")
            #expect(try library.renders.sentenceSamples(ofRender: render.id).count >= 3)
            #expect(try library.renders.words(ofRender: render.id).count >= 30)
        }
    }

    /// SIGTERM, as a service manager stops a worker: the job in hand goes back to the queue
    /// at once (its attempt not counted, its temporary file removed) and the worker exits 0.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aTerminatedWorkerGivesItsJobBack() async throws {
        let fixture = try await SharedQueueFixture()
        // Long enough that it is still being made when the signal comes, even under a sanitizer.
        _ = try fixture.articles(1, sentences: 1_500)
        #expect(try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory, "--detach", "--quiet"]).status == 0)
        let worker = try await fixture.startWorker(on: "machine-a", ["--jobs", "1", "--name", "machine-a"])
        #expect(try await fixture.wait { try await fixture.listing().jobs.contains { $0.state == .running && $0.progress > 0 } })
        // The signals are the main thread's to take (the commands run on Swift's pool, whose
        // threads block signals and come and go): the supervisor's stop signals, and its
        // worker's stop and drain signals.
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            #expect(!NarrateBinary.mainThreadBlocks(signal, pid: worker.processIdentifier), "the supervisor blocks signal \(signal)")
        }
        let child = try #require(SharedQueueFixture.children(of: worker.processIdentifier).first)
        for signal in [SIGTERM, SIGUSR1] {
            #expect(!NarrateBinary.mainThreadBlocks(signal, pid: child), "the worker blocks signal \(signal)")
        }
        worker.terminate()
        #expect(await fixture.wait(for: worker, seconds: 30))
        #expect(worker.terminationStatus == 0)
        #expect(fixture.errors(of: "machine-a").isEmpty)
        let job = try #require(try await fixture.listing().jobs.first)
        let files = try FileManager.default.contentsOfDirectory(atPath: fixture.outputDirectory)
        #expect(job.state == .queued && job.attempts == 0 && job.temporaryPath == nil, "\(job) \(files)")
        #expect(files.isEmpty)
    }

    /// A batch that waits: it follows its jobs while a worker renders them and ends with the
    /// summary, the renders recorded.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func aBatchWaitsForTheWorkersAndRecordsTheRenders() async throws {
        let fixture = try await SharedQueueFixture()
        _ = try fixture.articles(6)
        let worker = try await fixture.startWorker(on: "machine-a", ["--jobs", "2", "--name", "machine-a"])
        // Stopped however the test ends; waited for when it passes.
        defer { worker.terminate() }
        let batch = try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory])
        #expect(batch.status == 0, "\(batch.standardError)")
        #expect(batch.standardOutput.contains("done 6, up to date 0, failed 0"), "\(batch.standardOutput)")
        let library = try fixture.library()
        for article in try library.articles.list() {
            #expect(try library.renders.renders(ofArticle: article.id).count == 1)
        }
        try await fixture.expectValidOutputs()
        worker.terminate()
        await fixture.wait(for: worker)
    }

    /// `jobs cancel`, `retry` and `clear` on the shared queue; clearing takes this library's
    /// renders in first, so none is lost with its job.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func jobsAreCancelledRetriedAndClearedOnTheSharedQueue() async throws {
        let fixture = try await SharedQueueFixture()
        _ = try fixture.articles(2)
        #expect(try await fixture.narrate(["batch", "in", "--output-dir", fixture.outputDirectory, "--detach", "--quiet"]).status == 0)
        #expect(try await fixture.narrate(["jobs", "cancel", "--all"]).standardOutput == "cancelled: 2\n")
        #expect(try await fixture.listing().jobs.allSatisfy { $0.state == .cancelled })
        #expect(try await fixture.narrate(["jobs", "retry", "--failed"]).standardOutput.hasPrefix("queued again: 2"))
        let worker = try await fixture.startWorker(on: "machine-a", ["--jobs", "1", "--until-empty"])
        #expect(await fixture.wait(for: worker) && worker.terminationStatus == 0)
        let cleared = try await fixture.narrate(["jobs", "clear", "--done"])
        #expect(cleared.status == 0 && cleared.standardOutput == "removed: 2\n", "\(cleared.standardError)")
        #expect(try await fixture.listing().jobs.isEmpty)
        let library = try fixture.library()
        #expect(try library.articles.list().allSatisfy { try library.renders.renders(ofArticle: $0.id).count == 1 })
        let unknown = try await fixture.narrate(["jobs", "retry", "99"])
        #expect(unknown.status == 64 && unknown.errorLines.count == 1, "\(unknown.standardError)")
    }

    /// `narrate` hands a command with a shared queue to `narrate-queue` beside it; without
    /// one, that is one line and exit 69, and nothing is queued.
    @Test func narrateWithoutNarrateQueueBesideItSaysSo() async throws {
        let scratch = try ScratchDirectory()
        let alone = "\(scratch.path)/narrate"
        try FileManager.default.copyItem(atPath: NarrateBinary.path, toPath: alone)
        let outcome = try await NarrateBinary.run(
            ["jobs", "--queue", "postgresql://narrate@127.0.0.1:1/narrate"], executable: alone, directory: scratch.path,
            environment: ["NARRATE_LIBRARY": "\(scratch.path)/library.sqlite"]
        )
        #expect(outcome.status == 69)
        #expect(outcome.errorLines.count == 1 && outcome.errorLines[0].contains("narrate-queue"), "\(outcome.errorLines)")
    }

    /// Bad queues: one line each, the sysexits status, and nothing added or queued.
    @Test(.enabled(if: PostgresCluster.isAvailable))
    func badQueuesGetOneLineAndNothingIsQueued() async throws {
        let fixture = try await SharedQueueFixture()
        _ = try fixture.articles(2)
        let cluster = fixture.cluster
        let port = try PostgresCluster.freePort()
        // A database of another owner: PostgreSQL 15 lets nobody else create in its schema.
        let locked = "locked_\(UUID().uuidString.prefix(8).lowercased())"
        let role = "reader_\(UUID().uuidString.prefix(8).lowercased())"
        try await cluster.psql("CREATE DATABASE \(locked)", database: "postgres")
        try await cluster.psql("CREATE ROLE \(role) LOGIN PASSWORD 'readerpass'", database: "postgres")
        let cases: [(url: String, status: Int32, words: String)] = [
            ("mysql://narrate@127.0.0.1/narrate", 64, "postgresql://"),
            ("postgresql://narrate@127.0.0.1:\(port)/narrate?sslmode=disable", 69, "127.0.0.1:\(port)"),
            (
                cluster.url(user: PostgresCluster.user, password: "wrong", database: PostgresCluster.database) + "?sslmode=disable", 77,
                "password"
            ),
            (cluster.url(user: role, password: "readerpass", database: locked) + "?sslmode=disable", 77, "permission"),
        ]
        for (url, status, words) in cases {
            for arguments in [
                ["batch", "in", "--output-dir", fixture.outputDirectory, "--queue", url], ["worker", "--queue", url],
                ["jobs", "--queue", url],
            ] {
                let outcome = try await fixture.narrate(arguments)
                #expect(outcome.status == status, "\(arguments[0]) \(url): \(outcome.standardError)")
                #expect(
                    outcome.errorLines.count == 1 && outcome.errorLines.first?.contains(words) == true,
                    "\(arguments[0]): \(outcome.errorLines)")
                #expect(!outcome.standardError.contains("readerpass") && !outcome.standardError.contains(":wrong@"))
            }
        }
        #expect(try fixture.library().articles.list().isEmpty)
        #expect(try await fixture.listing().jobs.isEmpty)
    }
}
