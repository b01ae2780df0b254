import Foundation
import NarrateCore
import NarrateLibrary
import NarratePostgres
import NarrateQueue

/// The queue's cost on narrate's side in instructions (callgrind), which repeat where CPU
/// times on this shared machine vary by 5% from run to run: one pass over the samples, at
/// one job, through the library's SQLite queue and through PostgreSQL.
///
/// - SQLite: `narrate batch FOLDER --jobs 1`. Its worker process is counted in a run that
///   traces every process; the coordinator in a second run that traces it alone (its worker
///   then runs at full speed: the coordinator looks at its workers every 10 ms, and beside a
///   worker 50 times slower under callgrind it would look 50 times as often).
/// - PostgreSQL: `narrate batch FOLDER --queue URL --detach` (adding and queueing),
///   `narrate worker --queue URL --jobs 1 --until-empty` (its supervisor and its worker), and
///   `narrate jobs --queue URL` (recording the renders in the library, less the same command
///   run again with nothing to record: a following batch records them in its own process,
///   as the SQLite worker does in its). Left out: the
///   `narrate` start before it becomes `narrate-queue` (callgrind counts a process from its
///   last exec), and a following batch's looks every half second (1 ms of CPU a second).
struct QueueInstructions {
    /// The `narrate` and `narrate-queue` executables, beside each other.
    var narrate: String
    var narrateQueue: String
    var server: QueueServer
    /// The articles.
    var folder: String
    var work: TemporaryDirectory

    /// Instructions of each part.
    struct Figure {
        var sqliteCoordinator: Int
        var sqliteWorker: Int
        var queueing: Int
        var workers: Int
        var recording: Int
        var sqlite: Int { sqliteCoordinator + sqliteWorker }
        var postgres: Int { queueing + workers + recording }
    }

    func measure() throws -> Figure {
        let callgrind = Callgrind(workDirectory: work.path)
        let bin = "\(work.path)/bin"
        mkdir(bin, 0o755)
        let callgrindIn = Callgrind(workDirectory: bin)
        let narrate = try callgrindIn.debuglessCopy(of: self.narrate, as: "narrate")
        _ = try callgrindIn.debuglessCopy(of: narrateQueue, as: "narrate-queue")

        func fresh(_ name: String) -> (library: String, output: String) {
            let library = "\(work.path)/\(name).sqlite"
            let output = "\(work.path)/\(name)-out"
            for suffix in ["", "-wal", "-shm"] { unlink(library + suffix) }
            TemporaryDirectory.removeTree(output)
            mkdir(output, 0o755)
            return (library, output)
        }
        var place = fresh("instructions-sqlite")
        let traced = try callgrind.instructionsByProcess(
            [narrate, "batch", folder, "--jobs", "1", "--output-dir", place.output, "--quiet", "--library", place.library]
        )
        let sqliteWorker = traced.filter { $0.command.contains(" worker ") }.map(\.instructions).reduce(0, +)
        guard sqliteWorker > 0 else { throw BenchmarkError("no worker process in the traced SQLite batch: \(traced.map(\.command))") }
        place = fresh("instructions-sqlite")
        let sqliteCoordinator = try callgrind.instructions(
            [narrate, "batch", folder, "--jobs", "1", "--output-dir", place.output, "--quiet", "--library", place.library]
        )

        place = fresh("instructions-postgres")
        let url = try server.createDatabase("instructions_\(UInt32.random(in: 0...UInt32.max))")
        func total(_ arguments: [String]) throws -> Int {
            try callgrind.instructionsByProcess(arguments).map(\.instructions).reduce(0, +)
        }
        let queueing = try total([
            narrate, "batch", folder, "--queue", url, "--output-dir", place.output, "--detach", "--quiet", "--library", place.library,
        ])
        let workers = try total([narrate, "worker", "--queue", url, "--jobs", "1", "--output-dir", place.output, "--until-empty"])
        // `narrate jobs` records the renders in a process of its own, which a following batch
        // does in its own: the same command with nothing left to record is taken off.
        let recordingRun = try total([narrate, "jobs", "--queue", url, "--library", place.library])
        let bareRun = try total([narrate, "jobs", "--queue", url, "--library", place.library])
        let recording = max(0, recordingRun - bareRun)
        let queue = try server.queue(at: url)
        defer { queue.close() }
        let jobs = try queue.jobs()
        let library = try ArticleLibrary.benchmarkLibrary(at: place.library)
        var recorded = 0
        for article in try library.articles.list() { recorded += try library.renders.renders(ofArticle: article.id).count }
        guard !jobs.isEmpty, jobs.allSatisfy({ $0.state == .done }), recorded == jobs.count else {
            throw BenchmarkError(
                "the PostgreSQL pass under callgrind did \(jobs.filter { $0.state == .done }.count) of \(jobs.count) jobs and recorded \(recorded) renders"
            )
        }
        return Figure(
            sqliteCoordinator: sqliteCoordinator, sqliteWorker: sqliteWorker, queueing: queueing, workers: workers, recording: recording)
    }
}
