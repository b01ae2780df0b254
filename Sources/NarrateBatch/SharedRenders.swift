import Foundation
public import NarrateCore
public import NarrateLibrary
public import NarrateQueue
import NarrateRendering

/// Taking in what a shared queue's workers made for a library: each finished job of the
/// library's carries its render (`SharedRender`), which is recorded in the library under the
/// output's name on this machine, so `play`, `serve` and the next batch's up-to-date check
/// find it, and then dropped from the queue.
public struct SharedRenders {
    /// The library.
    public let library: ArticleLibrary
    /// The shared queue.
    public let queue: any SharedJobQueue

    public init(library: ArticleLibrary, queue: any SharedJobQueue) {
        self.library = library
        self.queue = queue
    }

    /// The library's name in a shared queue: this machine and the library file, so two
    /// libraries submitting to one queue each take in only their own renders.
    public static func origin(of library: ArticleLibrary) -> String {
        "\(ProcessInfo.processInfo.hostName):\(library.location.databasePath)"
    }

    /// The library's name in the queue.
    public var origin: String { Self.origin(of: library) }

    /// Records the renders of the library's jobs finished since the last look; how many. A
    /// job whose article has been removed since, or whose result this narrate cannot read,
    /// is dropped without a render.
    @discardableResult
    public func collect() async throws(NarrateError) -> Int {
        var recorded = 0
        while true {
            let finished = try await queue.finishedJobs(origin: origin, limit: 200)
            guard !finished.isEmpty else { return recorded }
            for job in finished {
                guard let json = job.result, let render = try? SharedRender(json: json) else { continue }
                let path = Self.submitterPath(of: job)
                do throws(NarrateError) {
                    try library.renders.recordRender(
                        articleId: job.articleId, settingsHash: render.settingsHash, path: path, ownedByLibrary: false,
                        format: render.audio.format, sampleRate: render.audio.sampleRate, sampleCount: render.audio.sampleCount,
                        sentenceSamples: render.audio.sentenceSamples, words: render.audio.words, wordTimings: render.audio.wordTimings,
                        voice: render.audio.voice, reading: render.audio.reading
                    )
                    recorded += 1
                } catch {
                    if case .noSuchArticle = error.module(as: LibraryError.self) { continue }
                    throw error
                }
            }
            try await queue.forgetResults(ids: finished.map(\.id))
        }
    }

    /// Where the submitter sees a job's output.
    public static func submitterPath(of job: BatchJob) -> String {
        guard let folder = job.outputFolder, !job.outputPath.hasPrefix("/") else { return job.outputPath }
        return folder == "/" ? "/\(job.outputPath)" : "\(folder)/\(job.outputPath)"
    }

}
