import Foundation
import NarrateLibrary
import NarrateQueue
import NarrateTestSupport
import Testing

/// Two coordinators on one library at once (two `narrate batch` of the same articles, or a
/// batch and `narrate jobs run`): every job is done exactly once.
@Suite("Batches at once", .endToEnd)
struct BatchConcurrencyTests {
    let fixture: BatchFixture

    init() throws {
        // Every job must be claimed once: no lease may run out under load.
        fixture = try BatchFixture(lease: 20)
    }

    /// Each article has one job, claimed once (a second claim would count a second
    /// attempt), done, with one render and one whole output file.
    func expectEveryArticleNarratedOnce(_ count: Int) throws {
        let jobs = fixture.jobs()
        #expect(jobs.count == count, "\(jobs.map { ($0.articleId, $0.outputPath) })")
        #expect(Set(jobs.map(\.articleId)).count == count)
        #expect(jobs.allSatisfy { $0.state == .done && $0.attempts == 1 }, "\(jobs.map { ($0.state, $0.attempts) })")
        let library = try fixture.library()
        for job in jobs {
            #expect(try library.renders.renders(ofArticle: job.articleId).count == 1, "article \(job.articleId)")
        }
        #expect(try fixture.outputFiles() == jobs.map { ($0.outputPath as NSString).lastPathComponent }.sorted())
        try fixture.expectValidOutputs()
    }

    /// The workers' names start with their coordinator's pid; which coordinators' workers did jobs.
    func coordinatorsThatWorked() -> Set<String> {
        Set(fixture.jobs().compactMap { $0.worker?.split(separator: "-").first.map(String.init) })
    }

    @Test func twoBatchesOfTheSameArticlesDoEachJobOnce() async throws {
        let count = 6
        let articles = try fixture.longArticles(count, fraction: 0.3)
        let arguments = ["batch"] + articles + ["--jobs", "2", "--output-dir", "out", "--quiet"]
        let first = try await fixture.start(arguments, standardOutput: "first.out", standardError: "first.err")
        let second = try await fixture.start(arguments, standardOutput: "second.out", standardError: "second.err")
        await first.exited()
        await second.exited()

        #expect(first.terminationStatus == 0, "\(fixture.read("first.out")) \(fixture.read("first.err"))")
        #expect(second.terminationStatus == 0, "\(fixture.read("second.out")) \(fixture.read("second.err"))")
        #expect(fixture.read("first.err").isEmpty && fixture.read("second.err").isEmpty)
        try expectEveryArticleNarratedOnce(count)
    }

    @Test func aBatchAndJobsRunAtOnceDoEachJobOnce() async throws {
        let count = 6
        let articles = try fixture.longArticles(count, fraction: 0.3)
        let batch = try await fixture.start(
            ["batch"] + articles + ["--jobs", "1", "--output-dir", "out", "--quiet"],
            standardOutput: "batch.out", standardError: "batch.err"
        )
        // `jobs run` once the batch has queued everything and its worker is on the first job,
        // watched for and started from a thread of its own: under a sanitizer, other tests
        // once held the cooperative pool for a minute while the batch went on to its end.
        // Watched for as long as the batch runs, however slow the machine (a batch that hangs
        // is the watchdog's): CI's AddressSanitizer run, at its start, once took more than
        // two minutes to queue the six.
        let (libraryPath, scratch, environment) = (fixture.libraryPath, fixture.scratch.path, fixture.environment)
        let started = try await onOwnThread { () throws -> Process? in
            let reader = KeptLibrary()
            func queued() -> Bool {
                let jobs = (try? reader.library(at: libraryPath)?.queue.jobs()) ?? []
                return jobs.count == count && jobs.contains { $0.state == .running }
            }
            while !queued() {
                guard batch.isRunning else { return nil }
                usleep(20_000)
            }
            let run = Process()
            run.executableURL = URL(fileURLWithPath: NarrateBinary.path)
            run.arguments = ["jobs", "run", "--jobs", "2", "--quiet"]
            run.currentDirectoryURL = URL(fileURLWithPath: scratch)
            run.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            run.standardInput = FileHandle.nullDevice
            for name in ["run.out", "run.err"] where !FileManager.default.createFile(atPath: "\(scratch)/\(name)", contents: nil) {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: "\(scratch)/\(name)"])
            }
            run.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(scratch)/run.out"))
            run.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(scratch)/run.err"))
            try run.run()
            return run
        }
        let run = try #require(started, "the batch ended before it was seen queuing its jobs: \(fixture.read("batch.err"))")
        let runStatus = await run.exited()
        await batch.exited()

        #expect(runStatus == 0, "\(fixture.read("run.out")) \(fixture.read("run.err"))")
        #expect(batch.terminationStatus == 0, "\(fixture.read("batch.out")) \(fixture.read("batch.err"))")
        #expect(fixture.read("batch.out").hasPrefix("done \(count), up to date 0, failed 0"), "\(fixture.read("batch.out"))")
        try expectEveryArticleNarratedOnce(count)
        #expect(coordinatorsThatWorked().count == 2, "only one coordinator's workers did jobs")
    }
}
