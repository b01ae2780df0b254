import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NarrateAudio
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateQueue

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
    /// How often to look for more audio.
    static let pollInterval: Duration = .milliseconds(25)

    func add(to router: Router<BasicRequestContext>) {
        router.get("api/articles/:id/live") { request, context in
            try await live(articleId: try RequestReading.id("id", in: context), formats: try RequestReading.formats(in: request))
        }
    }

    private func live(articleId id: Int64, formats: [AudioFileFormat]) async throws -> Response {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: Self.startTimeout)
        while clock.now < deadline {
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
                if job.state == .queued { try workers.ensureRunning() }
                if job.state == .running, let path = job.temporaryPath, let file = Self.growing(path: path, format: job.format) {
                    return stream(file, contentType: AudioRoute.contentType(ofFormat: job.format), jobId: job.id)
                }
            }
            try await Task.sleep(for: Self.pollInterval)
        }
        throw APIError(.serviceUnavailable, "the render of article \(id) did not start within 30 s: try again")
    }

    /// The render being written at `path` in `format`; nil until it has begun.
    private static func growing(path: String, format: String) -> (any GrowingAudio)? {
        format == AudioFileFormat.wav.rawValue ? GrowingWAVFile(path: path) : GrowingEncodedFile(path: path)
    }

    private func stream(_ file: any GrowingAudio, contentType: String, jobId: Int64) -> Response {
        let work = work
        // The file is read by this response only, one step at a time.
        nonisolated(unsafe) let file = file
        let body = ResponseBody { writer in
            let header = file.streamHeader()
            if !header.isEmpty { try await writer.write(ByteBuffer(bytes: header)) }
            var finished = false
            var lastCheck = ContinuousClock.now
            while true {
                let bytes = file.readAvailable(limit: 65_536)
                if !bytes.isEmpty {
                    try await writer.write(ByteBuffer(bytes: bytes))
                    continue
                }
                // Everything written so far is sent; once the job is over, so is the stream.
                if finished { break }
                if ContinuousClock.now - lastCheck > .milliseconds(100) {
                    lastCheck = .now
                    let job = try await work.run { library throws(NarrateError) in try library.queue.job(id: jobId) }
                    // A last read after the job ended picks up its final block.
                    if job?.state != .running { finished = true }
                }
                if !finished { try await Task.sleep(for: Self.pollInterval) }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store", .acceptRanges: "none"], body: body
        )
    }
}
