import Foundation
import NarrateAudio
import NarrateLibrary
import NarratePostgresCluster
import NarrateQueue
import NarrateTestSupport
import Testing

/// Machines sharing one queue, as the tests of `--queue` make them: a database of its own
/// in a throwaway PostgreSQL, a shared output folder, a submitting library, and a home
/// folder for each worker "machine" (nothing else is shared between them). Leases are 2 s,
/// so a killed worker's job comes back fast.
struct SharedQueueFixture {
    let scratch: ScratchDirectory
    let cluster: PostgresCluster
    /// The queue's URL (password included).
    let url: String
    /// The shared folder, as every machine here names it.
    var outputDirectory: String { "\(scratch.path)/shared" }
    var libraryPath: String { "\(scratch.path)/submitter/library.sqlite" }

    /// The queue's database in `cluster`.
    let database: String

    /// The jobs done, read with psql: a look that takes milliseconds even when narrate runs
    /// instrumented (a `narrate list` then takes seconds, in which workers finish more jobs).
    func doneJobs() async throws -> Int {
        Int(
            try await cluster.psql("SELECT count(*) FROM narrate_job WHERE state = 'done'", database: database)
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// A fresh database in `cluster` (the test process's shared one by default).
    init(cluster: PostgresCluster? = nil) async throws {
        scratch = try ScratchDirectory()
        let cluster = try cluster ?? PostgresCluster.shared.get()
        self.cluster = cluster
        database = "cli_\(UUID().uuidString.prefix(8).lowercased())"
        try await cluster.psql("CREATE DATABASE \(database)", database: "postgres")
        url = cluster.url(user: PostgresCluster.user, password: PostgresCluster.password, database: database) + "?sslmode=disable"
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(scratch.path)/in", withIntermediateDirectories: true)
    }

    /// The environment of `machine`: its own home, the queue by `NARRATE_QUEUE`, leases of
    /// `lease` seconds.
    func environment(machine: String, lease: Int = 2) -> [String: String] {
        var environment = ["HOME": "\(scratch.path)/\(machine)", "NARRATE_QUEUE": url, "NARRATE_JOB_LEASE": String(lease)]
        if machine == "submitter" { environment["NARRATE_LIBRARY"] = libraryPath }
        return environment
    }

    /// Runs narrate to the end on `machine`.
    func narrate(_ arguments: [String], on machine: String = "submitter") async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, directory: scratch.path, environment: environment(machine: machine))
    }

    /// Starts `narrate worker` on `machine` with `arguments` after the queue options;
    /// standard error goes to the file `machine.err`. A test that counts every claim asks
    /// for the product's 20 s `lease`: a loaded machine may stall a renewal past 2 s.
    func startWorker(on machine: String, _ arguments: [String], lease: Int = 2) async throws -> Process {
        let path = "\(scratch.path)/\(machine).err"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return try await NarrateBinary.start(
            ["worker", "--output-dir", outputDirectory] + arguments, directory: scratch.path,
            environment: environment(machine: machine, lease: lease),
            standardOutput: FileHandle.nullDevice, standardError: try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        )
    }

    /// What `machine`'s worker said on standard error.
    func errors(of machine: String) -> [String] {
        ((try? String(contentsOfFile: "\(scratch.path)/\(machine).err", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// `count` short articles, each its own sentence; their paths.
    func articles(_ count: Int, sentences: Int = 1) throws -> [String] {
        let words = ["harbour", "lantern", "granite", "orchard", "meadow", "copper", "willow", "thunder", "saffron", "marble"]
        return try (1...count).map { number in
            let body = (0..<sentences).map { index in
                "Note \(number) tells of the \(words[number % 10]) and the \(words[(number / 10 + index) % 10]) by the sea."
            }.joined(separator: " ")
            return try scratch.write("in/article-\(number).txt", text: "Article \(number)\n\n\(body)\n")
        }
    }

    /// The queue as the submitter lists it (its finished renders recorded on the way).
    func listing() async throws -> Listing {
        let outcome = try await narrate(["jobs", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return try JSONDecoder().decode(Listing.self, from: Data(outcome.standardOutput.utf8))
    }

    /// `narrate jobs --queue URL --json`.
    struct Listing: Decodable {
        var jobs: [BatchJob]
        var workers: [QueueWorker]
        var rendersRecorded: Int
    }

    /// The submitting library, opened afresh.
    func library() throws -> ArticleLibrary {
        try ArticleLibrary(location: LibraryLocation(databasePath: libraryPath))
    }

    /// Waits until `process` ends, at most `seconds`; whether it did. One that has not is
    /// killed (and waited for), so the test can read its status and leaves nothing running.
    @discardableResult
    func wait(for process: Process, seconds: Double = 300) async -> Bool {
        if await poll(every: 0.05, for: seconds, until: { !process.isRunning }) { return true }
        // What it waited for, to tell a stuck worker from a slow one.
        let unfinished =
            (try? await cluster.psql(
                "SELECT id, state, worker, attempts FROM narrate_job WHERE state <> 'done' ORDER BY id", database: database)) ?? "?"
        // Where each of its processes is stuck, before they are killed (gdb, when installed).
        var stacks = ""
        for pid in [process.processIdentifier] + Self.children(of: process.processIdentifier) {
            let trace = try? await NarrateBinary.run(
                ["timeout", "30", "gdb", "-p", String(pid), "-batch", "-ex", "thread apply all bt 20"], executable: "/usr/bin/env")
            let frames = (trace?.standardOutput ?? "").split(separator: "\n").filter { $0.hasPrefix("#") || $0.hasPrefix("Thread ") }
            stacks += "\n--- process \(pid):\n" + frames.prefix(400).joined(separator: "\n")
        }
        Issue.record("a worker still ran after \(seconds) s; the jobs not done (id|state|worker|attempts): \(unfinished)\(stacks)")
        for child in Self.children(of: process.processIdentifier) { kill(child, SIGKILL) }
        kill(process.processIdentifier, SIGKILL)
        await process.exited()
        return false
    }

    /// Polls `condition` every 50 ms for up to two minutes; whether it held.
    @discardableResult
    func wait(until condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if try await condition() { return true }
            await pause(0.05)
        }
        return try await condition()
    }

    /// Every done job's output is recorded in the submitting library, decodes, and has the
    /// recorded length; no temporary file is left in the shared folder.
    func expectValidOutputs(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let library = try library()
        let listing = try await self.listing()
        for job in listing.jobs where job.state == .done {
            let path = "\(outputDirectory)/\(job.outputPath)"
            let render = try #require(
                try library.renders.renders(ofArticle: job.articleId).first { $0.path == path }, sourceLocation: sourceLocation)
            let reader = try AudioFileReader(path: path)
            #expect(reader.frames > 0 && Int64(reader.frames) == render.sampleCount, sourceLocation: sourceLocation)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: outputDirectory)
        let leftovers = names.filter { $0.hasSuffix(".tmp") || $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)", sourceLocation: sourceLocation)
    }

    /// The processes whose parent is `pid`.
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && Int32(fields[1]) == pid
        }
    }
}
