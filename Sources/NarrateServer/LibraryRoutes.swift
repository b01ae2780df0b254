import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NarrateAudio
import NarrateBatch
import NarrateCore
import NarrateFetch
import NarrateImport
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateRendering

/// The JSON API: everything the pages do, over the use-case modules (`NarrateListening`, `NarrateImport`, ...) and the library.
struct LibraryRoutes: Sendable {
    let work: LibraryWork
    let workers: any RenderWorkers
    let environment: [String: String]
    /// Audio checked before, forgotten with its article.
    let verified: VerifiedRenders
    /// Articles added one at a time.
    let addGate = AddGate()
    /// The voices installed, for the voice picker.
    let engine: @Sendable () throws(NarrateError) -> any SpeechEngine

    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("articles") { request, _ in try await listArticles(request) }
        api.post("articles") { request, context in try await addArticle(request, context: context) }
        api.get("facets") { request, _ in
            try await facets(shelf: try RequestReading.choice("shelf", in: request, as: Shelf.self) ?? .library)
        }
        api.get("articles/:id") { request, context in
            let id = try RequestReading.id("id", in: context)
            let formats = try RequestReading.formats(in: request)
            return try await Self.json(
                work.run { library throws(NarrateError) in try ArticleView(articleId: id, library: library, formats: formats) })
        }
        api.delete("articles/:id") { _, context in
            let id = try RequestReading.id("id", in: context)
            _ = try await work.run { library throws(NarrateError) in try library.articles.remove(ids: [id]) }
            verified.forget(articleId: id)
            return Response(status: .noContent)
        }
        api.put("articles/:id/tags") { request, context in try await retag(request, context: context) }
        api.put("articles/:id/shelf") { request, context in
            let id = try RequestReading.id("id", in: context)
            let body = try await RequestReading.body(ShelfBody.self, of: request, context: context)
            return try await Self.json(
                work.run { library throws(NarrateError) in
                    try library.articles.shelve(ids: [id], on: body.shelf)
                    return ArticleItem(summary: try library.articles.summary(id: id))
                })
        }
        api.get("articles/:id/voice") { _, context in
            let id = try RequestReading.id("id", in: context)
            return try await Self.json(
                work.run { library throws(NarrateError) in
                    VoiceChoiceView(try ArticleVoiceChoice(articleId: id, library: library, engine: try engine()))
                })
        }
        api.put("articles/:id/voice") { request, context in
            let id = try RequestReading.id("id", in: context)
            let body = try await RequestReading.body(VoiceChoiceBody.self, of: request, context: context)
            return try await Self.json(
                work.run { library throws(NarrateError) in
                    VoiceChoiceView(try ArticleVoiceChoice.choose(body.voice, articleId: id, library: library, engine: try engine()))
                })
        }
        api.get("reading") { _, _ in
            try await Self.json(work.run { library throws(NarrateError) in ReadingView(try ReadingChoices.load(from: library)) })
        }
        api.put("reading") { request, context in
            let body = try await RequestReading.body(ReadingChoiceBody.self, of: request, context: context)
            let read = try ReadingChoices.parts(body.read.joined(separator: ","), option: "read")
            return try await Self.json(
                work.run { library throws(NarrateError) in
                    let choices = ReadingChoices(read: read)
                    try choices.save(to: library)
                    return ReadingView(choices)
                })
        }
        api.get("offline") { _, _ in
            try await Self.json(
                work.run { library throws(NarrateError) in
                    OfflineBody(keepDownloaded: try OfflineListening.load(from: library).keepDownloaded)
                })
        }
        api.put("offline") { request, context in
            let body = try await RequestReading.body(OfflineBody.self, of: request, context: context)
            return try await Self.json(
                work.run { library throws(NarrateError) in
                    let choice = try OfflineListening(keepDownloaded: body.keepDownloaded)
                    try choice.save(to: library)
                    return OfflineBody(keepDownloaded: choice.keepDownloaded)
                })
        }
        api.get("articles/:id/position") { _, context in try await position(articleId: try RequestReading.id("id", in: context)) }
        api.put("articles/:id/position") { request, context in try await savePosition(request, context: context) }
        api.post("articles/:id/position") { request, context in try await savePosition(request, context: context) }
        api.post("articles/:id/render") { request, context in
            try await render(
                articleId: try RequestReading.id("id", in: context), formats: try RequestReading.formats(in: request), start: true)
        }
        api.get("articles/:id/render") { request, context in
            try await render(
                articleId: try RequestReading.id("id", in: context), formats: try RequestReading.formats(in: request), start: false)
        }
    }

    // MARK: The library

    private func listArticles(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters.get("q")
        let tag = request.uri.queryParameters.get("tag").flatMap { $0.isEmpty ? nil : $0 }
        let language = request.uri.queryParameters.get("language").flatMap { $0.isEmpty ? nil : $0 }
        let progress = try RequestReading.choice("progress", in: request, as: ProgressFilter.self)
        let shelf = try RequestReading.choice("shelf", in: request, as: Shelf.self) ?? .library
        let sort = try RequestReading.choice("sort", in: request, as: ArticleSort.self) ?? .saved
        let limit = try RequestReading.integer("limit", in: request, range: 1...500, fallback: 100)
        let offset = try RequestReading.integer("offset", in: request, range: 0...Int(Int32.max), fallback: 0)
        let listed = try await work.run { library throws(NarrateError) in
            try LibraryPage.load(
                from: library, query: query, tag: tag, language: language, progress: progress, shelf: shelf, order: sort, limit: limit,
                offset: offset)
        }
        let page = ArticlePage(total: listed.total, articles: listed.articles.map { ArticleItem(summary: $0.summary, snippet: $0.snippet) })
        return try Self.json(page)
    }

    private struct ArticlePage: Encodable, Sendable {
        var total: Int
        var articles: [ArticleItem]
    }

    private func addArticle(_ request: Request, context: some RequestContext) async throws -> Response {
        let body = try await RequestReading.body(NewArticleBody.self, of: request, context: context)
        let format: SourceFormat?
        if let name = body.format {
            // A book is a file (`narrate add book.epub`), not pasted text or a page's format.
            guard let known = SourceFormat(rawValue: name), known != .epub, known != .pdf else {
                throw APIError(.badRequest, "format must be text, markdown or html: got '\(name.prefix(40))'")
            }
            format = known
        } else {
            format = nil
        }
        if let title = body.title, title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw APIError(.badRequest, "title is empty: leave it out to use the article's own")
        }
        let importer = ArticleImport(format: format, title: body.title, language: body.language, tags: body.tags ?? [])
        let source: ArticleImport.Source
        switch (body.url, body.text) {
        case (let url?, nil):
            // Only web addresses (ArticleImport refuses a path: it would read the server's own files).
            source = .url(url)
        case (nil, let text?):
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw APIError(.badRequest, "text is empty: paste the article's text")
            }
            source = .pasted(text)
        default:
            throw APIError(.badRequest, "give either url (a web address to fetch) or text (the article pasted), not both or neither")
        }
        let environment = environment
        let outcome = try await addGate.run {
            try await work.run { library throws(NarrateError) in try importer.add(source, to: library, environment: environment) }
        }
        let added: Bool = if case .added = outcome.outcome { true } else { false }
        return try Self.json(AddedArticle(added: added, article: ArticleItem(summary: outcome.summary)), status: added ? .created : .ok)
    }

    private struct AddedArticle: Encodable, Sendable {
        var added: Bool
        var article: ArticleItem
    }

    private func facets(shelf: Shelf) async throws -> Response {
        let counted = try await work.run { library throws(NarrateError) in try library.articles.facets(shelf: shelf) }
        return try Self.json(
            Facets(
                tags: counted.tags.map { Facets.Tag(name: $0.value, count: $0.articles) },
                languages: counted.languages.map { Facets.Language(code: $0.value, count: $0.articles) }
            ))
    }

    private struct Facets: Encodable, Sendable {
        struct Tag: Encodable, Sendable {
            var name: String
            var count: Int
        }
        struct Language: Encodable, Sendable {
            var code: String
            var count: Int
        }
        var tags: [Tag]
        var languages: [Language]
    }

    private func retag(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try RequestReading.id("id", in: context)
        let body = try await RequestReading.body(TagChangeBody.self, of: request, context: context)
        let tags = try await work.run { library throws(NarrateError) in
            try library.articles.retag(id: id, adding: body.add ?? [], removing: body.remove ?? [])
        }
        return try Self.json(["tags": tags])
    }

    // MARK: Positions

    private func position(articleId id: Int64) async throws -> Response {
        let answer = try await work.run { library throws(NarrateError) -> PositionAnswer in
            let history = try library.positions.positionHistory(ofArticle: id).prefix(20).map { PositionChangeView(change: $0) }
            return PositionAnswer(position: try PositionView.saved(articleId: id, library: library), history: Array(history))
        }
        return try Self.json(answer)
    }

    private struct PositionAnswer: Encodable, Sendable {
        @Nullable var position: PositionView?
        var history: [PositionChangeView]
    }

    private func savePosition(_ request: Request, context: some RequestContext) async throws -> Response {
        let id = try RequestReading.id("id", in: context)
        let body = try await RequestReading.body(PositionBody.self, of: request, context: context)
        let reported = ReportedPosition(
            sentence: body.sentence, word: body.word, finished: body.finished ?? false, listenedAt: body.listenedAt, device: body.device
        )
        let answer = try await work.run { library throws(NarrateError) -> SavedPosition in
            let saved = try reported.save(articleId: id, library: library)
            return SavedPosition(saved: saved, position: try PositionView.saved(articleId: id, library: library))
        }
        return try Self.json(answer)
    }

    private struct SavedPosition: Encodable, Sendable {
        var saved: Bool
        @Nullable var position: PositionView?
    }

    // MARK: Rendering

    private func render(articleId id: Int64, formats: [AudioFileFormat], start: Bool) async throws -> Response {
        let (state, estimate) = try await work.run { library throws(NarrateError) in
            let queue = ListeningQueue(library: library, formats: formats)
            let state = start ? try queue.request(articleId: id) : try queue.state(articleId: id)
            return (state, try library.articles.summary(id: id).listeningSeconds)
        }
        var answer = RenderAnswer(state: "none")
        switch state {
        case .rendered(let render, _):
            answer = RenderAnswer(state: "done", render: RenderView(render))
        case .rendering(let job):
            // A job queued as the last worker left is taken by a new one.
            try await workers.ensureRunning()
            answer = RenderAnswer(state: job.state.rawValue, job: JobView(job: job, estimatedSeconds: estimate))
        case .failed(let job):
            answer = RenderAnswer(state: "failed", job: JobView(job: job, estimatedSeconds: estimate))
        case .none:
            break
        }
        let status: HTTPResponse.Status = start && answer.render == nil ? .accepted : .ok
        return try Self.json(answer, status: status)
    }

    private struct RenderAnswer: Encodable, Sendable {
        var state: String
        @Nullable var render: RenderView? = nil
        @Nullable var job: JobView? = nil
    }

    // MARK: Answers

    /// `value` as a JSON response.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
