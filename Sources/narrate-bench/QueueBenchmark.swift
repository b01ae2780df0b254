import Foundation
import NarrateCore
import NarrateIngest
import NarrateLibrary
import NarratePostgres
import NarrateQueue
import NarrateSystem
import NarrateText

/// Measures the batch queue on PostgreSQL against the library's SQLite queue (issue 22), on
/// the tests' throwaway PostgreSQL (`QueueServer`):
///
/// 1. Claims a second under competing workers, pgbench-style: the jobs queued first (from
///    one thread), then workers, each with its own connection, claim and complete with nothing
///    between until a claim finds none: for PostgreSQL tasks with a pool each, as a
///    `narrate worker`'s; for SQLite threads with their own `ArticleLibrary` on the same file.
///    Every job must be done exactly once: the ids the workers claimed are disjoint and cover the queue, and the queue holds only done jobs.
///    PostgreSQL as deployed (each commit flushed) and with the tests' settings (no flush).
/// 2. Real renders: `narrate batch --jobs N` (the SQLite queue) against
///    `narrate worker --queue URL --jobs N` already waiting, then `narrate batch --queue URL`
///    (from the batch's start to its end: it follows its jobs and records their renders), over copies of the samples
///    as `BatchBenchmark` makes them, for N = 1 and 2, each run from a fresh library, output
///    folder and database, in the order SQLite, PostgreSQL, PostgreSQL, SQLite (their means).
///    Besides wall time: CPU time, the server's included, and the queue's transactions a job.
/// 3. narrate's instructions for one pass over the samples through each queue
///    (`QueueInstructions`; CPU times vary too much here to show a cost of 2%), with the
///    server's share of the CPU in (2): the queue's cost.
/// 4. What N machines would give: the claims a second of (1) over one machine's jobs a second
///    at `--jobs 2` in (2).
struct QueueBenchmark {
    /// The narrate executable.
    var narrate: String
    /// The directory with the samples (every .txt and .md but README.md is narrated).
    var samplesDirectory: String
    /// Jobs in each claim race of the competing workers; a race of one worker has a quarter.
    var jobs = 20_000
    /// Competing workers.
    var workers = 16
    /// Seconds of rendering at one job the render comparison is sized for.
    var renderSeconds = 30.0
    /// Only the claim races (1).
    var claimsOnly = false

    /// One claim race.
    private struct ClaimFigure {
        var label: String
        var workers: Int
        var jobs: Int
        var enqueueSeconds: Double
        var claimSeconds: Double
        /// Times a worker waited past SQLite's busy timeout (10 s) for the lock and tried again.
        var busyWaits: Int
        /// Transactions the race committed (PostgreSQL only).
        var transactions: Int?
        var claimsPerSecond: Double { Double(jobs) / claimSeconds }
        var enqueuesPerSecond: Double { Double(jobs) / enqueueSeconds }
    }

    /// One batch of real renders, through one queue.
    private struct RenderRun {
        var wallSeconds: Double
        /// narrate's processes, the workers included.
        var cpuSeconds: Double
        /// The PostgreSQL server's (0 for SQLite).
        var serverCPUSeconds = 0.0
        var audioSeconds: Double
        var jobs: Int
        /// The queue's transactions (PostgreSQL only).
        var transactions = 0
        /// The `narrate batch --queue` part of the wall time (PostgreSQL only: all of it).
        var queueingSeconds = 0.0
        /// From the batch's start to the last job's end (PostgreSQL only: the worker's own
        /// end comes after its last look at the queue).
        var lastJobSeconds = 0.0

        /// The mean of this run and `other` of the same work.
        func averaged(with other: RenderRun) -> RenderRun {
            RenderRun(
                wallSeconds: (wallSeconds + other.wallSeconds) / 2, cpuSeconds: (cpuSeconds + other.cpuSeconds) / 2,
                serverCPUSeconds: (serverCPUSeconds + other.serverCPUSeconds) / 2, audioSeconds: (audioSeconds + other.audioSeconds) / 2,
                jobs: jobs, transactions: (transactions + other.transactions) / 2,
                queueingSeconds: (queueingSeconds + other.queueingSeconds) / 2,
                lastJobSeconds: (lastJobSeconds + other.lastJobSeconds) / 2
            )
        }
    }

    func run() throws {
        // The SQLite runs must not go to a queue named in the environment.
        unsetenv("NARRATE_QUEUE")
        let server = try QueueServer.start()
        let work = try TemporaryDirectory()
        defer { work.remove() }
        print("")
        print(
            "queue: PostgreSQL \(try server.version()) on 127.0.0.1 (the tests' throwaway cluster) against the library's SQLite queue; load average \(Self.loadAverage())"
        )

        let claims = try measureClaims(server, work: work)
        if claimsOnly { return }
        let missing = try missingInterface(work: work)
        guard missing.isEmpty else {
            print("renders through the queues: skipped, this narrate has no \(missing.joined(separator: ", ")) yet")
            return
        }
        let (machine, serverShare) = try compareRenders(server, work: work)
        try compareInstructions(server, work: work, serverShare: serverShare)
        printMachines(claims: claims, machine: machine)
    }

    /// 4. What N machines would give: the claims a second of competing workers over one
    /// machine's jobs a second, and the same counted in the queue's transactions (a real job
    /// takes more of them than a claim and its completion).
    private func printMachines(claims: ClaimFigure, machine: RenderRun) {
        let jobsPerSecond = Double(machine.jobs) / machine.wallSeconds
        let transactionsPerClaim = Double(claims.transactions ?? 0) / Double(claims.jobs)
        let transactionsPerJob = Double(machine.transactions) / Double(machine.jobs)
        let sustained = claims.claimsPerSecond * transactionsPerClaim / transactionsPerJob
        print("")
        print(
            "what N machines would give: the queue takes \(claims.claimsPerSecond.fixed(0)) claims a second from \(claims.workers) workers (durable);"
                + " one machine of \(ProcessInfo.processInfo.activeProcessorCount) cores at --jobs 2 completes \(jobsPerSecond.fixed(2)) of these jobs a second"
                + " (\((machine.audioSeconds / Double(machine.jobs) / 60).fixed(1)) min of audio each, from the batch's start to its end)")
        print(
            "  claims a second / one machine's jobs a second: one PostgreSQL could feed about \((claims.claimsPerSecond / jobsPerSecond).fixed(0)) such machines"
        )
        print(
            "  counted in transactions (a job \(transactionsPerJob.fixed(1)): queueing, claim, lease, progress, completion, the workers' looks;"
                + " a claim and its completion \(transactionsPerClaim.fixed(1))): about \(sustained.fixed(0)) jobs a second, \((sustained / jobsPerSecond).fixed(0)) machines"
        )
        print("  (the server shared this machine with the \(claims.workers) workers of the race)")
    }

    // MARK: 1. Claims a second

    /// The claim races, printed; returns PostgreSQL's as deployed with the competing workers.
    private func measureClaims(_ server: QueueServer, work: TemporaryDirectory) throws -> ClaimFigure {
        try server.restart(.durable)
        let durable = try postgresRace(server, workers: workers, label: "PostgreSQL, durable")
        let durableAlone = try postgresRace(server, workers: 1, label: "PostgreSQL, durable")
        let sqlite = try sqliteRace(work: work, workers: workers)
        let sqliteAlone = try sqliteRace(work: work, workers: 1)
        try server.restart(.unflushed)
        let unflushed = try postgresRace(server, workers: workers, label: "PostgreSQL, no flush (tests')")
        let unflushedAlone = try postgresRace(server, workers: 1, label: "PostgreSQL, no flush (tests')")
        try server.restart(.durable)
        print(
            "claim + complete with nothing between, each worker with its own connection (pgbench-style; PostgreSQL's a task as a narrate worker's, SQLite's a thread); the jobs queued before, from one thread"
        )
        print(
            "durable: each commit waits for the disk (PostgreSQL's defaults; the library's synchronous=FULL); no flush: fsync, synchronous_commit, full_page_writes off"
        )
        print(
            Self.padded("queue", 34) + Self.padded("workers", 9, right: true) + Self.padded("jobs", 8, right: true)
                + Self.padded("claims/s", 11, right: true) + Self.padded("enqueues/s", 12, right: true) + "  transactions a claim")
        for figure in [durable, durableAlone, sqlite, sqliteAlone, unflushed, unflushedAlone] {
            print(
                Self.padded(figure.label, 34) + Self.padded("\(figure.workers)", 9, right: true)
                    + Self.padded("\(figure.jobs)", 8, right: true)
                    + Self.padded(figure.claimsPerSecond.fixed(0), 11, right: true)
                    + Self.padded(figure.enqueuesPerSecond.fixed(0), 12, right: true)
                    + "  " + (figure.transactions.map { (Double($0) / Double(figure.jobs)).fixed(2) } ?? "-"))
        }
        print("every job done exactly once in each race (claimed ids disjoint and complete, the queue all done): checked")
        for figure in [durable, durableAlone, sqlite, sqliteAlone, unflushed, unflushedAlone] where figure.busyWaits > 0 {
            print(
                "\(figure.label), \(figure.workers) workers: \(figure.busyWaits) times a worker waited past the busy timeout (10 s) for the lock and tried again (a narrate worker would have stopped with the error)"
            )
        }
        print(
            "\(workers) workers: PostgreSQL durable / SQLite \((durable.claimsPerSecond / sqlite.claimsPerSecond).fixed(2))x the claims a second; "
                + "\(workers) / 1 workers on PostgreSQL \((durable.claimsPerSecond / durableAlone.claimsPerSecond).fixed(2))x "
                + "(the workers and the server share this machine's \(ProcessInfo.processInfo.activeProcessorCount) cores)")
        return durable
    }

    /// A race on a fresh PostgreSQL database, each worker with its own connection; the jobs
    /// queued through another connection, closed before the race, so that the server's count
    /// of transactions in the database from then to the race's end is the race's (with each
    /// connection's one look at the schema).
    private func postgresRace(_ server: QueueServer, workers: Int, label: String) throws -> ClaimFigure {
        let jobs = jobs(for: workers)
        let name = "claims_\(workers)_\(UInt32.random(in: 0...UInt32.max))"
        let url = try server.createDatabase(name)
        let enqueuer = try server.queue(at: url)
        let enqueueSeconds = try enqueue(jobs, through: enqueuer) { index in
            JobSubmission(
                articleId: Int64(index + 1), settingsHash: "bench", renderRequest: #"{"voice":"en-us"}"#, format: "wav",
                outputPath: "/bench/\(index).wav", workSize: Self.workSize(index), article: #"{"title":"Article \#(index)"}"#,
                origin: "bench"
            )
        }
        enqueuer.close()
        let before = try server.transactions(database: name)
        let claimers = try (0..<workers).map { _ throws(BenchmarkError) in try server.queue(at: url) }
        let (claimSeconds, claimed) = try claimAll(through: claimers.map(\.queue))
        for handle in claimers { handle.close() }
        let transactions = try server.transactions(database: name) - before
        let inspector = try server.queue(at: url)
        defer { inspector.close() }
        try check(claimed, of: jobs, in: inspector, label: "\(label), \(workers) workers")
        return ClaimFigure(
            label: label, workers: workers, jobs: jobs, enqueueSeconds: enqueueSeconds, claimSeconds: claimSeconds, busyWaits: 0,
            transactions: transactions
        )
    }

    /// A race on a fresh library, each worker with its own `ArticleLibrary` on the file. The
    /// library's jobs need an article of it; they all render the one article, to different files.
    private func sqliteRace(work: TemporaryDirectory, workers: Int) throws -> ClaimFigure {
        let path = "\(work.path)/claims-\(workers).sqlite"
        let library = try ArticleLibrary.benchmarkLibrary(at: path)
        let text = "Article\n\nThe keeper wound the clock and wrote it down."
        let document = try TextReader().read(text, path: "article.txt")
        let added = try library.articles.add(
            NewArticle(
                title: document.title, language: "en", original: Array(text.utf8), document: document,
                sentences: SentenceSegmenter(language: "en").sentences(of: document)
            ))
        guard case .added(let article, _) = added else { throw BenchmarkError("the claim race's article was not added") }
        let handles = try (0..<workers).map { _ throws(BenchmarkError) in try ArticleLibrary.benchmarkLibrary(at: path) }
        let jobs = jobs(for: workers)
        let enqueueSeconds = try enqueue(jobs, through: BlockingQueue(queue: library.queue)) { index in
            JobSubmission(
                articleId: article, settingsHash: "bench", renderRequest: #"{"voice":"en-us"}"#, format: "wav",
                outputPath: "/bench/\(index).wav", workSize: Self.workSize(index)
            )
        }
        let (claimSeconds, claimed, waits) = try claimAll(through: handles.map(\.queue))
        try check(claimed, of: jobs, in: BlockingQueue(queue: library.queue), label: "SQLite, \(workers) workers")
        return ClaimFigure(
            label: "SQLite library, durable", workers: workers, jobs: jobs, enqueueSeconds: enqueueSeconds, claimSeconds: claimSeconds,
            busyWaits: waits
        )
    }

    /// Queues `count` jobs through `queue`, from one thread (SQLite's writers, when many
    /// contend, wait out each other's locks, and the race is what is measured); the seconds it
    /// took.
    private func enqueue(_ count: Int, through queue: BlockingQueue, submission: (Int) -> JobSubmission) throws -> Double {
        let start = ContinuousClock.now
        for index in 0..<count {
            guard case .queued = try queue.enqueue(submission(index)) else { throw BenchmarkError("job \(index) was already queued") }
        }
        return (ContinuousClock.now - start).seconds
    }

    /// The race over SQLite, as a worker runs it: each handle's thread claims and completes, with nothing between, until a
    /// claim finds none; the seconds it took, the ids each thread claimed, and the times a
    /// handle gave up waiting for SQLite's lock (its busy timeout) and tried again.
    private func claimAll(through handles: [LibraryJobQueue]) throws -> (seconds: Double, claimed: [[Int64]], waits: Int) {
        let outcome = try ThreadGang(count: handles.count).run { thread in
            let queue = handles[thread]
            let worker = "bench-\(thread)"
            var claimed: [Int64] = []
            var waits = 0
            while let job = try Self.patiently(
                &waits,
                { () throws(NarrateError) in
                    try queue.claimJob(worker: worker, leaseSeconds: 600, minimumPriority: .background, now: nil)
                })
            {
                guard
                    try Self.patiently(
                        &waits,
                        { () throws(NarrateError) in
                            try queue.completeJob(id: job.id, worker: worker, durationSeconds: 1, result: nil)
                        })
                else {
                    throw BenchmarkError("job \(job.id), claimed by \(worker), was not its own at completion")
                }
                claimed.append(job.id)
            }
            return (claimed, waits)
        }
        return (outcome.seconds, outcome.results.map(\.0), outcome.results.map(\.1).reduce(0, +))
    }

    /// The race over PostgreSQL as its workers run it: each handle's task (on Swift's pool, as
    /// a `narrate worker`'s) claims and completes, with nothing between, until a claim finds
    /// none; the seconds it took and the ids each task claimed.
    private func claimAll(through handles: [any JobQueue]) throws -> (seconds: Double, claimed: [[Int64]]) {
        let start = ContinuousClock.now
        let claimed = try OwnThread.wait { () async throws in
            try await withThrowingTaskGroup(of: (Int, [Int64]).self) { group in
                for (index, queue) in handles.enumerated() {
                    group.addTask {
                        let worker = "bench-\(index)"
                        var claimed: [Int64] = []
                        while let job = try await queue.claimJob(worker: worker, leaseSeconds: 600, minimumPriority: .background, now: nil)
                        {
                            guard try await queue.completeJob(id: job.id, worker: worker, durationSeconds: 1, result: nil) else {
                                throw BenchmarkError("job \(job.id), claimed by \(worker), was not its own at completion")
                            }
                            claimed.append(job.id)
                        }
                        return (index, claimed)
                    }
                }
                var all = [[Int64]](repeating: [], count: handles.count)
                for try await (index, ids) in group { all[index] = ids }
                return all
            }
        }
        return ((ContinuousClock.now - start).seconds, claimed)
    }

    /// `body`, tried again (up to 5 times in a row) when the library was busy past its busy
    /// timeout: nothing was done then. Each such time is counted in `waits`.
    private static func patiently<Value>(_ waits: inout Int, _ body: () throws(NarrateError) -> Value) throws(NarrateError) -> Value {
        var failures = 0
        while true {
            do {
                return try body()
            } catch {
                guard case .unavailable = error.module(as: LibraryError.self), failures < 5 else { throw error }
                failures += 1
                waits += 1
            }
        }
    }

    /// Checks that every one of `count` jobs was done exactly once: no id claimed twice (by
    /// two threads or by one), every job claimed, and the queue holding only done jobs.
    private func check(_ claimed: [[Int64]], of count: Int, in queue: BlockingQueue, label: String) throws {
        let ids = claimed.flatMap { $0 }
        let distinct = Set(ids)
        guard distinct.count == ids.count else { throw BenchmarkError("\(label): \(ids.count - distinct.count) jobs claimed twice") }
        guard ids.count == count else { throw BenchmarkError("\(label): \(ids.count) of \(count) jobs claimed") }
        let all = try queue.jobs()
        let done = all.filter { $0.state == .done }
        guard all.count == count, done.count == count, Set(done.map(\.id)) == distinct else {
            throw BenchmarkError("\(label): \(done.count) of \(all.count) jobs done, \(count) queued")
        }
    }

    /// The jobs of a race of `workers` workers: a quarter for one, which is slower.
    private func jobs(for workers: Int) -> Int {
        workers == 1 ? jobs / 4 : jobs
    }

    /// A spread of article sizes, so the queue's largest-first order has work to do.
    private static func workSize(_ index: Int) -> Int {
        (index &* 7_919) % 5_000 + 100
    }

    // MARK: 2. Real renders

    /// The options of `narrate batch` and `narrate worker` the render comparison uses that
    /// this narrate's help does not name.
    private func missingInterface(work: TemporaryDirectory) throws(BenchmarkError) -> [String] {
        let help = "\(work.path)/help.txt"
        var missing: [String] = []
        for (command, options) in [("batch", ["--queue"]), ("worker", ["--queue", "--jobs", "--output-dir"])] {
            let run = try ChildProcess.run([narrate, command, "--help"], output: help)
            let text = run.status == 0 ? (try? String(contentsOfFile: help, encoding: .utf8)) ?? "" : ""
            missing += options.filter { !text.contains($0 + " ") && !text.contains($0 + "\n") }.map { "`\(command) \($0)`" }
        }
        return missing
    }

    /// Both queues with `--jobs` 1 and 2, printed; returns the PostgreSQL runs' mean at
    /// `--jobs 2` and the server's share of the CPU over all PostgreSQL runs.
    private func compareRenders(_ server: QueueServer, work: TemporaryDirectory) throws -> (RenderRun, serverShare: Double) {
        let samples = try FileManager.default.contentsOfDirectory(atPath: samplesDirectory).filter {
            ($0.hasSuffix(".txt") || $0.hasSuffix(".md")) && $0 != "README.md"
        }.sorted()
        guard !samples.isEmpty else { throw BenchmarkError("no samples in \(samplesDirectory)") }
        // How long one pass over the samples takes at one job (a batch in a fresh library).
        let pass = "\(work.path)/pass"
        mkdir(pass, 0o755)
        for name in samples { _ = try work.createFile("pass/\(name)", containing: try FileContents.read("\(samplesDirectory)/\(name)")) }
        let probe = try sqliteBatch(folder: pass, jobs: 1, work: work)
        let copies = max(1, Int((renderSeconds / probe.wallSeconds).rounded(.up)))
        let folder = "\(work.path)/articles"
        mkdir(folder, 0o755)
        for copy in 1...copies {
            for name in samples {
                let text = try FileContents.read("\(samplesDirectory)/\(name)") + Array("\n\nCopy \(copy).\n".utf8)
                _ = try work.createFile("articles/\(copy)-\(name)", containing: text)
            }
        }
        print("")
        print(
            "renders through the queues: \(samples.joined(separator: ", ")) (one pass \(probe.wallSeconds.fixed(2)) s at one job); \(copies) copies of each, \(copies * samples.count) articles"
        )
        print(
            "SQLite: `narrate batch FOLDER --jobs N --output-dir DIR --quiet`; PostgreSQL (durable): `narrate worker --queue URL --jobs N --output-dir DIR` waiting, then `narrate batch FOLDER --queue URL --output-dir DIR --quiet`, which follows its jobs and records the renders in its library"
        )
        print("each run in a fresh library, output folder and database; in the order SQLite, PostgreSQL, PostgreSQL, SQLite, their means")
        let idleRate = try server.idleCPURate(over: 5)
        print("the server idle takes \((idleRate * 1000).fixed(1)) ms of CPU a second (its own background work; measured over 5 s)")
        var postgresRuns: [RenderRun] = []
        for jobs in [1, 2] {
            let firstSQLite = try sqliteBatch(folder: folder, jobs: jobs, work: work)
            let firstPostgres = try postgresBatch(server, folder: folder, jobs: jobs, work: work)
            let secondPostgres = try postgresBatch(server, folder: folder, jobs: jobs, work: work)
            let secondSQLite = try sqliteBatch(folder: folder, jobs: jobs, work: work)
            let sqlite = firstSQLite.averaged(with: secondSQLite)
            let postgres = firstPostgres.averaged(with: secondPostgres)
            let order = [firstSQLite, firstPostgres, secondPostgres, secondSQLite].map { $0.wallSeconds.fixed(1) }.joined(separator: ", ")
            let total = postgres.cpuSeconds + postgres.serverCPUSeconds
            let serverBusy = max(0, postgres.serverCPUSeconds - idleRate * postgres.wallSeconds)
            print("--jobs \(jobs) (runs \(order) s wall)")
            print(
                "  SQLite queue      \(sqlite.wallSeconds.fixed(1)) s wall, \(sqlite.cpuSeconds.fixed(1)) s CPU, \((sqlite.audioSeconds / 3600).fixed(2)) h of audio, \((Double(sqlite.jobs) / sqlite.wallSeconds).fixed(2)) jobs/s"
            )
            print(
                "  PostgreSQL queue  \(postgres.wallSeconds.fixed(1)) s wall (last job done at \(postgres.lastJobSeconds.fixed(1)) s), \(postgres.cpuSeconds.fixed(1)) s CPU + server \(postgres.serverCPUSeconds.fixed(2)) s, \((postgres.audioSeconds / 3600).fixed(2)) h of audio, \((Double(postgres.jobs) / postgres.wallSeconds).fixed(2)) jobs/s, \((Double(postgres.transactions) / Double(postgres.jobs)).fixed(1)) transactions a job"
            )
            print(
                "  PostgreSQL / SQLite: wall \((postgres.wallSeconds / sqlite.wallSeconds).fixed(3))x (goal: the queue under 2% of the work, below 1.02x), to the last job done \((postgres.lastJobSeconds / sqlite.wallSeconds).fixed(3))x; CPU \((total / sqlite.cpuSeconds).fixed(3))x, the server's share \((100 * postgres.serverCPUSeconds / total).fixed(2))% (\((100 * serverBusy / total).fixed(2))% over its idle rate)"
            )
            postgresRuns.append(postgres)
        }
        print(
            "load average at the end \(Self.loadAverage()); the PostgreSQL batch's wall time includes recording the renders in its library, and the workers' CPU time their idle looks at the queue"
        )
        let serverShare =
            postgresRuns.map(\.serverCPUSeconds).reduce(0, +) / postgresRuns.map { $0.cpuSeconds + $0.serverCPUSeconds }.reduce(0, +)
        return (postgresRuns[1], serverShare)
    }

    /// narrate's instructions for one pass over the samples through each queue
    /// (`QueueInstructions`), printed with the server's share of the CPU: the queue's cost.
    private func compareInstructions(_ server: QueueServer, work: TemporaryDirectory, serverShare: Double) throws {
        guard Callgrind(workDirectory: work.path).isAvailable else {
            print("narrate's instructions through each queue: skipped, valgrind is not installed")
            return
        }
        let narrateQueue = URL(fileURLWithPath: narrate).deletingLastPathComponent().appendingPathComponent("narrate-queue").path
        let figure = try QueueInstructions(
            narrate: narrate, narrateQueue: narrateQueue, server: server, folder: "\(work.path)/pass", work: work
        ).measure()
        func giga(_ count: Int) -> String { (Double(count) / 1e9).fixed(3) + " G" }
        let ratio = Double(figure.postgres) / Double(figure.sqlite)
        print("")
        print("narrate's instructions (callgrind), one pass over the samples at one job:")
        print(
            "  SQLite queue      \(giga(figure.sqlite)): the batch \(giga(figure.sqliteCoordinator)), its worker \(giga(figure.sqliteWorker))"
        )
        print(
            "  PostgreSQL queue  \(giga(figure.postgres)): queueing \(giga(figure.queueing)), the worker and its supervisor \(giga(figure.workers)), recording the renders \(giga(figure.recording))"
        )
        let narrateShare = ratio - 1
        print(
            "  PostgreSQL / SQLite \(ratio.fixed(4))x; with the server's \((100 * serverShare).fixed(2))% of the CPU (the runs above), the queue costs \((100 * (narrateShare + serverShare)).fixed(2))% of the work (goal: under 2%)"
        )
    }

    /// `narrate batch FOLDER --jobs N` in a fresh library: its queue is the library's.
    private func sqliteBatch(folder: String, jobs: Int, work: TemporaryDirectory) throws -> RenderRun {
        let libraryPath = "\(work.path)/sqlite-\(jobs).sqlite"
        let output = "\(work.path)/out-sqlite-\(jobs)"
        for suffix in ["", "-wal", "-shm"] { unlink(libraryPath + suffix) }
        TemporaryDirectory.removeTree(output)
        let run = try runLogged(
            [narrate, "batch", folder, "--jobs", "\(jobs)", "--output-dir", output, "--quiet", "--library", libraryPath], work: work
        )
        let library = try ArticleLibrary.benchmarkLibrary(at: libraryPath)
        let all = try library.queue.jobs()
        let done = all.filter { $0.state == .done }
        guard done.count == all.count, !all.isEmpty else {
            throw BenchmarkError("narrate batch --jobs \(jobs) did \(done.count) of \(all.count) jobs")
        }
        try checkOutputs(output, count: all.count)
        TemporaryDirectory.removeTree(output)
        return RenderRun(
            wallSeconds: run.wallSeconds, cpuSeconds: run.cpuSeconds, audioSeconds: done.compactMap(\.durationSeconds).reduce(0, +),
            jobs: all.count
        )
    }

    /// `narrate worker --queue URL --jobs N` waiting, then `narrate batch FOLDER --queue URL`
    /// until its jobs are done and recorded, in a fresh library and a fresh database.
    private func postgresBatch(_ server: QueueServer, folder: String, jobs: Int, work: TemporaryDirectory) throws -> RenderRun {
        let name = "renders_\(jobs)_\(UInt32.random(in: 0...UInt32.max))"
        let url = try server.createDatabase(name)
        let libraryPath = "\(work.path)/postgres-\(jobs).sqlite"
        let output = "\(work.path)/out-postgres-\(jobs)"
        for suffix in ["", "-wal", "-shm"] { unlink(libraryPath + suffix) }
        TemporaryDirectory.removeTree(output)
        mkdir(output, 0o755)
        let serverBefore = try server.cpuSeconds()
        let startTime = Self.secondsSince1970()
        let start = ContinuousClock.now
        // As deployed: the workers are waiting when the batch is queued; the batch follows its
        // jobs and records their renders in the library, then the workers are stopped.
        let workers = try ChildProcess.start(
            [narrate, "worker", "--queue", url, "--jobs", "\(jobs)", "--output-dir", output], output: "\(work.path)/worker.log"
        )
        let batch = try runLogged(
            [narrate, "batch", folder, "--queue", url, "--output-dir", output, "--quiet", "--library", libraryPath], work: work
        )
        let wall = (ContinuousClock.now - start).seconds
        kill(workers.pid, SIGTERM)
        let worker = try workers.wait()
        guard worker.status == 0 else {
            throw BenchmarkError("narrate worker --queue exited with \(worker.status) (\(work.path)/worker.log)")
        }

        // The server's CPU time before this benchmark's own looks at it (psql) add theirs.
        let serverCPU = try server.cpuSeconds() - serverBefore
        let transactions = try server.transactions(database: name)
        let lastJob = try server.lastFinish(database: name) - startTime
        let queue = try server.queue(at: url)
        defer { queue.close() }
        let all = try queue.jobs()
        let done = all.filter { $0.state == .done }
        guard done.count == all.count, !all.isEmpty else {
            throw BenchmarkError("narrate worker --jobs \(jobs) did \(done.count) of \(all.count) jobs on PostgreSQL")
        }
        // Every render recorded in the submitting library, as `play` and `serve` need them.
        let library = try ArticleLibrary.benchmarkLibrary(at: libraryPath)
        var recorded = 0
        do {
            for article in try library.articles.list() { recorded += try library.renders.renders(ofArticle: article.id).count }
        } catch {
            throw BenchmarkError("cannot read \(libraryPath): \(error)")
        }
        guard recorded == done.count else { throw BenchmarkError("the batch recorded \(recorded) of \(done.count) renders in its library") }
        try checkOutputs(output, count: all.count)
        TemporaryDirectory.removeTree(output)
        return RenderRun(
            wallSeconds: wall, cpuSeconds: batch.cpuSeconds + worker.cpuSeconds, serverCPUSeconds: serverCPU,
            audioSeconds: done.compactMap(\.durationSeconds).reduce(0, +), jobs: all.count, transactions: transactions,
            queueingSeconds: batch.wallSeconds, lastJobSeconds: lastJob
        )
    }

    /// Checks that `folder` holds `count` audio files, none empty, and nothing else.
    private func checkOutputs(_ folder: String, count: Int) throws(BenchmarkError) {
        var files: [String] = []
        if let walker = FileManager.default.enumerator(atPath: folder) {
            while let name = walker.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: "\(folder)/\(name)", isDirectory: &isFolder), !isFolder.boolValue {
                    files.append(name)
                }
            }
        }
        let empty = files.filter { ((try? FileManager.default.attributesOfItem(atPath: "\(folder)/\($0)")[.size] as? Int) ?? 0) == 0 }
        guard files.count == count, empty.isEmpty else {
            throw BenchmarkError(
                "\(folder): \(files.count) files (\(empty.count) empty) for \(count) jobs: \(files.sorted().prefix(5).joined(separator: ", "))"
            )
        }
    }

    /// Runs `arguments` with their output in a log; on failure, the error shows its end.
    private func runLogged(_ arguments: [String], work: TemporaryDirectory) throws(BenchmarkError) -> ChildProcess {
        let log = "\(work.path)/command.log"
        let run = try ChildProcess.run(arguments, output: log)
        guard run.status == 0 else {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let tail = text.split(separator: "\n").suffix(8).joined(separator: "\n")
            throw BenchmarkError("\(arguments.joined(separator: " ")) exited with \(run.status):\n\(tail)")
        }
        return run
    }

    /// This machine's clock, in seconds since 1970 (the server's, on the same machine).
    private static func secondsSince1970() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: Printing

    private static func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// The one-minute load average, which tells how much else the machine was doing.
    private static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) == 3 ? loads[0].fixed(2) : "unknown"
    }
}
