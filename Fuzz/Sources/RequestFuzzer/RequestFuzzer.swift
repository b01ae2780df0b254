import Dispatch
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOEmbedded
import NarrateAudio
import NarrateBatch
import NarrateCore
import NarrateImport
import NarrateLibrary
import NarrateQueue
import NarrateServer
import Synchronization

/// The server's request handling under libFuzzer: the input is a request (its first byte picks
/// the method, then come the target up to a newline, header lines up to an empty line, and the
/// body), answered by the whole router of `narrate serve` (error answers, access and cross-site
/// checks, static files, every route) over a small library of its own. Every answer must be
/// below 500 (a 5xx is a bug: bad input earns a 4xx), and an error under /api must be the JSON
/// error the OpenAPI document describes.
///
/// Bodies that name a web address (`://`) are skipped: adding by URL would fetch from the
/// network. Render jobs are cancelled instead of rendered (no worker runs), so the live stream
/// answers at once.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let request = FuzzRequest(bytes) else { return 0 }
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var outcome: (status: Int, contentType: String?, body: [UInt8])?
    Task {
        outcome = try? await FuzzServer.shared.answer(request)
        done.signal()
    }
    done.wait()
    guard let outcome else { fatalError("the router threw instead of answering \(request.method) \(request.target)") }
    if outcome.status >= 500 {
        fatalError(
            "\(request.method) \(request.target) answered \(outcome.status): \(String(decoding: outcome.body.prefix(300), as: UTF8.self))")
    }
    if outcome.status >= 400, request.target.hasPrefix("/api/") {
        guard outcome.contentType?.hasPrefix("application/json") == true,
            let object = try? JSONSerialization.jsonObject(with: Data(outcome.body)) as? [String: Any],
            let error = object["error"] as? [String: Any], error["status"] as? Int == outcome.status,
            (error["message"] as? String)?.isEmpty == false
        else {
            fatalError("\(request.method) \(request.target) answered \(outcome.status) without its JSON error")
        }
    }
    return 0
}

/// A request read from the fuzzer's bytes.
struct FuzzRequest: Sendable {
    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .head, .patch, .options]

    var method: HTTPRequest.Method
    var target: String
    var headers: HTTPFields
    var body: [UInt8]

    init?(_ bytes: [UInt8]) {
        method = Self.methods[Int(bytes[0]) % Self.methods.count]
        var rest = bytes.dropFirst()
        func line() -> String? {
            guard let end = rest.firstIndex(of: 10) else { return nil }
            defer { rest = rest[(end + 1)...] }
            return String(decoding: rest[rest.startIndex..<end], as: UTF8.self)
        }
        guard let target = line(), target.hasPrefix("/") else { return nil }
        self.target = target
        headers = [:]
        while let header = line(), !header.isEmpty {
            let parts = header.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let name = HTTPField.Name(String(parts[0])) else { continue }
            headers.append(HTTPField(name: name, value: parts[1].trimmingCharacters(in: .whitespaces)))
        }
        body = Array(rest)
        if body.count > 3, String(decoding: body, as: UTF8.self).contains("://") { return nil }
    }
}

/// Cancels queued render jobs instead of starting a worker.
struct CancellingWorkers: RenderWorkers {
    let library: ArticleLibrary
    func ensureRunning(for priority: JobPriority) throws(NarrateError) { _ = try library.queue.cancelJobs() }
}

/// The server the fuzzer talks to, made once.
final class FuzzServer: Sendable {
    static let shared = FuzzServer()

    let library: ArticleLibrary
    let responder: any HTTPResponder<BasicRequestContext>
    let channel = EmbeddedChannel()

    init() {
        let folder = NSTemporaryDirectory() + "narrate-request-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            library = try ArticleLibrary(location: LibraryLocation(databasePath: "\(folder)/library.sqlite"))
        } catch {
            fatalError("cannot open the fuzzer's library: \(error)")
        }
        let server = NarrateServer(
            settings: ServerSettings(host: "127.0.0.1", port: 8080, location: library.location, feedSecret: "fuzz-secret"),
            library: library, workers: CancellingWorkers(library: library),
            engine: { () throws(NarrateError) -> any SpeechEngine in FuzzEngine() }
        )
        responder = server.router().buildResponder()
    }

    /// Article 1 is there for the fuzzer to find, whatever earlier inputs deleted; the library
    /// is kept small.
    func prepare() {
        guard let count = try? library.articles.count() else { return }
        if count > 20 { _ = try? library.articles.remove(ids: ((try? library.articles.list()) ?? []).map(\.id)) }
        if (try? library.articles.count()) == 0 {
            let importer = ArticleImport(format: .markdown, title: "A fuzzed article", language: "en")
            _ = try? library.articles.add(importer.article(pasted: "# Weather\n\nThe wind rose. Rain followed at seven.", detector: nil))
        }
        // An episode in MP3 (a second of silence, its sentences spread over it), so the feeds
        // have one to list and its files are served.
        if let article = try? library.articles.list().first, (try? library.renders.episodes(format: "mp3").isEmpty) == true,
            let sentences = try? library.articles.sentences(ofArticle: article.id), !sentences.isEmpty
        {
            let path = "\(library.location.audioDirectory)/episode-\(article.id).mp3"
            try? FileManager.default.createDirectory(atPath: library.location.audioDirectory, withIntermediateDirectories: true)
            guard
                let writer = try? AudioFileWriter(
                    destination: path, sampleRate: 22_050, encoding: AudioEncoding(format: .mp3), overwrite: true),
                (try? writer.writeSilence(samples: 22_050)) != nil, (try? writer.commit()) != nil
            else { return }
            let total = Int64(writer.fileFramesWritten)
            let step = total / Int64(sentences.count)
            let samples = sentences.indices.map { Int64($0) * step..<($0 == sentences.count - 1 ? total : Int64($0 + 1) * step) }
            _ = try? library.renders.recordRender(
                articleId: article.id, settingsHash: "fuzz", path: path, ownedByLibrary: true, format: "mp3",
                sampleRate: writer.fileSampleRate, sampleCount: total, sentenceSamples: samples
            )
        }
    }

    func answer(_ request: FuzzRequest) async throws -> (status: Int, contentType: String?, body: [UInt8]) {
        prepare()
        var head = HTTPRequest(method: request.method, scheme: "http", authority: "127.0.0.1:8080", path: request.target)
        head.headerFields = request.headers
        let context = BasicRequestContext(source: ApplicationRequestContextSource(channel: channel, logger: Logger(label: "fuzz")))
        let response = try await responder.respond(
            to: Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: request.body))), context: context
        )
        let collector = BodyCollector()
        try await response.body.write(collector)
        _ = collector
        return (Int(response.status.code), response.headers[.contentType], BodyCollector.last.withLock { $0 })
    }
}

/// Keeps the first 64 KiB of an answer's body.
struct BodyCollector: ResponseBodyWriter {
    static let last = Mutex<[UInt8]>([])

    init() { Self.last.withLock { $0 = [] } }

    mutating func write(_ buffer: ByteBuffer) async throws {
        Self.last.withLock { if $0.count < 65_536 { $0 += buffer.readableBytesView } }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
