import Foundation
import NarrateAudio
import NarrateLibrary
import NarrateQueue
import NarrateTestSupport
import Testing

/// A scratch folder with its own library for batch tests, and what they do with it: run or
/// start narrate, read the queue, write long articles, check the outputs. Leases are 2 s
/// (`NARRATE_JOB_LEASE`) so a dead worker's job comes back fast, unless a suite that counts
/// every claim asks for the product's 20 s: a loaded machine may stall a renewal past 2 s.
struct BatchFixture {
    let scratch: ScratchDirectory
    let libraryPath: String
    /// Seconds a claimed job is held without a renewal.
    let lease: Int
    var environment: [String: String] { ["NARRATE_LIBRARY": libraryPath, "NARRATE_JOB_LEASE": String(lease)] }
    /// Where the batches write (`--output-dir out`).
    var outputDirectory: String { "\(scratch.path)/out" }

    init(lease: Int = 2) throws {
        scratch = try ScratchDirectory()
        libraryPath = "\(scratch.path)/lib/library.sqlite"
        self.lease = lease
    }

    /// Runs narrate to the end in the scratch folder.
    func narrate(_ arguments: [String]) async throws -> NarrateBinary.Outcome {
        try await NarrateBinary.run(arguments, directory: scratch.path, environment: environment)
    }

    /// The library, opened afresh (another process changes it).
    func library() throws -> ArticleLibrary {
        try ArticleLibrary(location: LibraryLocation(databasePath: libraryPath))
    }

    /// The jobs, or none while the library cannot be read yet. Read through one library kept
    /// open once the batch has made it: opening it afresh at every look (50 a second while a
    /// test waits) runs the schema check and a write each time, and under ThreadSanitizer
    /// those writes kept a starting batch from the library past its 10-second busy timeout.
    func jobs() -> [BatchJob] {
        (try? reader.library(at: libraryPath)?.queue.jobs()) ?? []
    }

    private let reader = KeptLibrary()

    /// Starts narrate in the scratch folder; standard output and error go to the files
    /// `standardOutput` and `standardError` in it when named, else nowhere.
    func start(_ arguments: [String], standardOutput: String? = nil, standardError: String? = nil) async throws -> Process {
        try await NarrateBinary.start(
            arguments, directory: scratch.path, environment: environment,
            standardOutput: try handle(standardOutput), standardError: try handle(standardError)
        )
    }

    private func handle(_ name: String?) throws -> FileHandle {
        guard let name else { return FileHandle.nullDevice }
        let path = "\(scratch.path)/\(name)"
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    /// The text of the file `name` in the scratch folder ("" when it is not there).
    func read(_ name: String) -> String {
        (try? String(contentsOfFile: "\(scratch.path)/\(name)", encoding: .utf8)) ?? ""
    }

    /// Writes `count` articles of the long sample (about 35 minutes of audio, a few seconds
    /// to render), each with its own first line so the library keeps them apart; a
    /// `fraction` of the sample makes them shorter. Returns their paths.
    func longArticles(_ count: Int, fraction: Double = 1) throws -> [String] {
        let long = try String(contentsOfFile: NarrateBinary.sample("en-long.txt"), encoding: .utf8)
        let paragraphs = long.components(separatedBy: "\n\n")
        let body = paragraphs.prefix(max(1, Int(Double(paragraphs.count) * fraction))).joined(separator: "\n\n")
        return try (1...count).map { number in
            try scratch.write("long-\(number).txt", text: "Long article number \(number)\n\n" + body)
        }
    }

    /// Polls `condition` every 50 ms until it holds, `process` (when given) ends, or two
    /// minutes pass; whether it held. Generous: the machine is shared.
    @discardableResult
    func wait(until condition: () -> Bool, while process: Process? = nil) async -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if condition() { return true }
            if let process, !process.isRunning { return condition() }
            await pause(0.05)
        }
        return condition()
    }

    /// The files in the output folder, hidden ones included.
    func outputFiles() throws -> [String] {
        guard FileManager.default.fileExists(atPath: outputDirectory) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: outputDirectory).sorted()
    }

    /// Every done job's output is a whole render (its frames are the recorded ones), and no
    /// temporary file is left in the output folder.
    func expectValidOutputs(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let library = try library()
        for job in try library.queue.jobs(in: [.done]) {
            let render = try #require(
                try library.renders.renders(ofArticle: job.articleId).first { $0.path == job.outputPath }, sourceLocation: sourceLocation
            )
            let reader = try AudioFileReader(path: job.outputPath)
            #expect(Int64(reader.frames) == render.sampleCount, sourceLocation: sourceLocation)
            #expect(reader.frames > 0, sourceLocation: sourceLocation)
        }
        let leftovers = try outputFiles().filter { $0.hasSuffix(".tmp") || $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)", sourceLocation: sourceLocation)
    }
}
