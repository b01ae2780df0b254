import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NarrateAudio
import NarrateBatch
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateSystem

/// An article's audio while its render is being made: `GET /api/articles/{id}/live` streams
/// the worker's file as it grows (a WAV's with a header of unknown length; an Ogg Opus or MP3
/// file as it is written, from its start), so listening starts long before the render is
/// finished; the stream ends with the render. `formats` (the player's, best first, as for
/// the article) picks the render. A finished render is a redirect to its audio (which seeks); no render
/// and no job is a 404. A listener who leaves mid-stream costs a closed file, nothing else.
struct LiveAudioRoute: Sendable {
    let work: LibraryWork
    let workers: any RenderWorkers

    /// How long to wait for the worker to begin the file.
    static let startTimeout: Duration = .seconds(30)
    /// While the worker has not begun the file, the job is looked at again when the library
    /// changes (its write-ahead log is written: the worker took the job), at most this often...
    static let pollInterval: Duration = .milliseconds(25)
    /// ... and at least this often (a queued job's worker is made sure of).
    static let startInterval: Duration = .milliseconds(250)
    /// How long a stream waits for the file to change before it asks whether the job is over
    /// (a worker that ends closes, renames or removes its file, which wakes the stream at
    /// once); after such a change, while the job is not yet over, a tenth of a second.
    static let quietInterval: Duration = .seconds(1)
    static let endingInterval: Duration = .milliseconds(100)

    func add(to router: Router<BasicRequestContext>) {
        router.get("api/articles/:id/live") { request, context in
            try await live(articleId: try RequestReading.id("id", in: context), formats: try RequestReading.formats(in: request))
        }
    }

    private func live(articleId id: Int64, formats: [AudioFileFormat]) async throws -> Response {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.startTimeout)
        // Every commit to the library, by this process or a worker, writes its log.
        let library = FileChanges.shared.watch(work.library.location.databasePath + "-wal")
        var looked = clock.now
        while clock.now < deadline {
            looked = clock.now
            // The worker's file, once it runs the job, until its header is written.
            var fileWatch: FileWatch?
            let state = try await work.run { library throws(NarrateError) in
                try ListeningQueue(library: library, formats: formats).state(articleId: id)
            }
            switch state {
            case .rendered(let render, _):
                return Response(status: .temporaryRedirect, headers: [.location: RenderView(render).audio, .cacheControl: "no-store"])
            case .none:
                throw APIError(.notFound, "article \(id) has no render and none is being made: POST /api/articles/\(id)/render first")
            case .failed(let job):
                throw APIError(
                    .conflict, "the render of article \(id) failed: \(job.lastError ?? "no reason given"); POST its render to try again")
            case .rendering(let job):
                if job.state == .queued { try await workers.ensureRunning() }
                if job.state == .running, let path = job.temporaryPath {
                    // Watched from before its first read: no write after it is missed.
                    let watch = FileChanges.shared.watch(path)
                    if let file = Self.growing(path: path, format: job.format) {
                        return stream(file, watch: watch, contentType: AudioRoute.contentType(ofFormat: job.format), jobId: job.id)
                    }
                    // Begun but not yet readable (a voice loading, a header unwritten): its
                    // writes, not the library's, say when to look again.
                    if watch.hasEvents { fileWatch = watch }
                }
            }
            _ = await (fileWatch ?? library).next(within: Self.startInterval)
            try Task.checkCancellation()
            if clock.now - looked < Self.pollInterval { try await Task.sleep(until: looked.advanced(by: Self.pollInterval)) }
        }
        throw APIError(.serviceUnavailable, "the render of article \(id) did not start within 30 s: try again")
    }

    /// The render being written at `path` in `format`; nil until it has begun.
    private static func growing(path: String, format: String) -> (any GrowingAudio)? {
        format == AudioFileFormat.wav.rawValue ? GrowingWAVFile(path: path) : GrowingEncodedFile(path: path)
    }

    private func stream(_ file: any GrowingAudio, watch: FileWatch, contentType: String, jobId: Int64) -> Response {
        let work = work
        // The file is read by this response only, one step at a time.
        nonisolated(unsafe) let file = file
        let body = ResponseBody { writer in
            let header = file.streamHeader()
            if !header.isEmpty { try await writer.write(ByteBuffer(bytes: header)) }
            var finished = false
            var interval = Self.quietInterval
            var lastCheck = ContinuousClock.now
            while true {
                let bytes = file.readAvailable(limit: 65_536)
                if !bytes.isEmpty {
                    try await writer.write(ByteBuffer(bytes: bytes))
                    continue
                }
                // Everything written so far is sent; once the job is over, so is the stream.
                if finished { break }
                let change = await watch.next(within: interval)
                try Task.checkCancellation()
                // More audio, told by an event: read it.
                if change == .written, watch.hasEvents { continue }
                // The file was closed or moved, a quiet interval passed, or there are no
                // events (then at most every interval as a poll): is the job over?
                if change == .closedOrMoved || ContinuousClock.now - lastCheck >= Self.endingInterval {
                    lastCheck = .now
                    let job = try await work.run { library throws(NarrateError) in try library.queue.job(id: jobId) }
                    // A last read after the job ended picks up its final block.
                    if job?.state != .running { finished = true }
                    if change == .closedOrMoved { interval = Self.endingInterval }
                }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store", .acceptRanges: "none"], body: body
        )
    }
}
