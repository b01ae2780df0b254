import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOPosix
import NarrateCore
import NarrateLibrary
import NarrateRendering

/// The audio of a render, by article and render id (never by path), served by Hummingbird's
/// `FileMiddleware`: byte ranges (206, any number of seeks), ETag and Last-Modified with
/// conditional requests, HEAD; with the content type of the render's format. A render whose
/// file is gone or damaged is forgotten (the article is rendered again when asked), never
/// served as silence.
struct AudioRoute: Sendable {
    let work: LibraryWork
    let verified: VerifiedRenders

    func add(to router: Router<BasicRequestContext>) {
        router.get("api/articles/:id/renders/:render/audio") { request, context in try await audio(request, context: context) }
        router.head("api/articles/:id/renders/:render/audio") { request, context in try await audio(request, context: context) }
    }

    private func audio(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let articleId = try RequestReading.id("id", in: context)
        let renderId = try RequestReading.id("render", in: context)
        return try await serve(renderId: renderId, articleId: articleId, request: request, context: context)
    }

    /// The audio of render `renderId` of article `articleId` as `request` asks for it (whole,
    /// a range, HEAD, or 304); `format` when given must be the render's.
    func serve(
        renderId: Int64, articleId: Int64, format: String? = nil, request: Request, context: BasicRequestContext
    ) async throws -> Response {
        let render = try await verifiedRender(renderId: renderId, articleId: articleId)
        if let format, format != render.format {
            throw APIError(.notFound, "render \(renderId) is \(render.format), not \(format): the feed names its audio")
        }
        return try await serve(
            file: render.path, size: render.size, contentType: Self.contentType(ofFormat: render.format), request: request,
            context: context,
            gone: "the audio of render \(renderId) is gone: ask for the article's render again"
        )
    }

    /// The file at `path` of `size` bytes as `request` asks for it (whole, a range, HEAD, or
    /// 304), as `contentType`; `gone` is the 404's message when it went meanwhile.
    func serve(
        file path: String, size: Int, contentType: String, request: Request, context: BasicRequestContext, gone: String
    ) async throws -> Response {
        // The range asked for, read as RFC 9110 says before the file middleware serves it
        // (which ignores none): a Range on anything but a GET is ignored (14.2).
        var head = request.head
        switch ByteRange.read(request.method == .get ? request.headers[.range] : nil, size: size) {
        case .whole: head.headerFields[.range] = nil
        case .range(let lower, let upper): head.headerFields[.range] = "bytes=\(lower)-\(upper)"
        case .unsatisfiable:
            throw APIError(
                .rangeNotSatisfiable, "the range asked for is past the end of the audio (\(size) bytes): ask for bytes within it",
                headers: [.contentRange: "bytes */\(size)"]
            )
        }
        let provider = SingleFileProvider(
            path: path, files: LocalFileSystem(rootFolder: "/", threadPool: .singleton, logger: context.logger)
        )
        var response = try await FileMiddleware<BasicRequestContext, SingleFileProvider>(fileProvider: provider).handle(
            Request(head: head, body: request.body), context: context
        ) {
            _, _ in throw APIError(.notFound, gone)
        }
        if response.status == .ok || response.status == .partialContent { response.headers[.contentType] = contentType }
        return response
    }

    /// Render `renderId` of article `articleId`, checked against the library unless it was and
    /// its file has not changed since.
    private func verifiedRender(renderId: Int64, articleId: Int64) async throws -> VerifiedRenders.Entry {
        if let entry = verified.entry(renderId: renderId, articleId: articleId) { return entry }
        let (render, gone) = try await work.run { library throws(NarrateError) -> (RenderRecord?, Bool) in
            let count = try library.articles.summary(id: articleId).sentenceCount
            guard let render = try library.renders.renders(ofArticle: articleId).first(where: { $0.id == renderId }) else {
                return (nil, false)
            }
            guard try ArticleRenderer.intactSamples(of: render, expected: count, in: library) != nil else { return (nil, true) }
            return (render, false)
        }
        guard let render else {
            throw APIError(
                .notFound,
                gone
                    ? "the audio of render \(renderId) is gone or damaged: POST /api/articles/\(articleId)/render makes it again"
                    : "article \(articleId) has no render \(renderId): GET /api/articles/\(articleId) names its render"
            )
        }
        verified.remember(renderId: renderId, articleId: articleId, path: render.path, format: render.format)
        guard let entry = verified.entry(renderId: renderId, articleId: articleId) else {
            throw APIError(.notFound, "the audio of render \(renderId) is gone: POST /api/articles/\(articleId)/render makes it again")
        }
        return entry
    }

    static func contentType(ofFormat format: String) -> String {
        switch format {
        case "wav": "audio/wav"
        case "mp3": "audio/mpeg"
        case "flac": "audio/flac"
        case "ogg", "opus": "audio/ogg"
        default: "application/octet-stream"
        }
    }
}

/// One file, whatever the URL asks: the render's, looked up by id before. Read in 32 KiB
/// chunks (Hummingbird's default is 128 KiB): with a few chunks read ahead for each
/// listener, 100 listeners at once hold a quarter of the memory.
struct SingleFileProvider: FileProvider {
    typealias FileAttributes = LocalFileSystem.FileAttributes
    typealias FileIdentifier = String

    let path: String
    let files: LocalFileSystem
    let fileIO = FileIO(threadPool: .singleton)
    static let chunkLength = 32 * 1_024

    func getFileIdentifier(_: String) -> String? { path }

    func getAttributes(id: String) async throws -> FileAttributes? { try await files.getAttributes(id: id) }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        try await fileIO.loadFile(path: id, context: context, chunkLength: Self.chunkLength)
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try await fileIO.loadFile(path: id, range: range, context: context, chunkLength: Self.chunkLength)
    }
}
