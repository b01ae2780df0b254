import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import NarrateCore
import NarrateImport
import NarrateLibrary

/// The pages, their scripts and style, the service worker and the OpenAPI document.
struct PageRoutes: Sendable {
    let work: LibraryWork
    /// The server's settings (the feeds' addresses on the library page).
    let settings: ServerSettings
    /// The folder of the files served as they are (Public/ in the package).
    let publicFolder: String

    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in
            let articles = try await work.run { library throws(NarrateError) in try library.articles.list(shelf: .library) }
            let tags = Set(articles.flatMap(\.tags)).sorted()
            return Self.html(PageWriter.library(articles, feeds: FeedRoutes.offered(tags: tags, request: request, settings: settings)))
        }
        router.get("articles/:id") { request, context in
            let id = try RequestReading.id("id", in: context)
            let article = try await work.run { library throws(NarrateError) in try library.articles.article(id: id) }
            // A book (or an article of chapters) is offered as a podcast of its own.
            let feed = PageWriter.isBook(article) ? FeedRoutes.bookFeed(id: id, request: request, settings: settings) : nil
            return Self.html(PageWriter.article(article, bookFeed: feed))
        }
        // What another app shares (the manifest's share target, the bookmarklet): a page of this
        // server's own that adds it through the API, by itself only when the browser says no
        // other site sent the listener here (the share sheet, an address typed or bookmarked).
        router.get("share") { request, _ in
            let item = SharedItem(
                title: RequestReading.formField("title", in: request), text: RequestReading.formField("text", in: request),
                url: RequestReading.formField("url", in: request))
            let site = request.headers[AccessMiddleware<BasicRequestContext>.secFetchSite]
            let automatic = site == "none" || site == "same-origin"
            return Self.html(PageWriter.share(item, automatic: automatic), status: item == .nothing ? .badRequest : .ok)
        }
        router.get("openapi.json") { request, context in
            try await file("openapi.json", contentType: "application/json; charset=utf-8", request: request, context: context)
        }
        // The service worker, at the root so that its scope is every page (offline listening).
        router.get("sw.js") { request, context in
            var response = try await file("sw.js", contentType: "text/javascript; charset=utf-8", request: request, context: context)
            response.headers[.cacheControl] = "no-cache"
            return response
        }
    }

    /// The file `name` of Public/, as `contentType`, read off the event loop.
    private func file(_ name: String, contentType: String, request: Request, context: BasicRequestContext) async throws -> Response {
        let provider = SingleFileProvider(
            path: publicFolder + "/" + name,
            files: LocalFileSystem(rootFolder: "/", threadPool: .singleton, logger: context.logger)
        )
        var response = try await FileMiddleware<BasicRequestContext, SingleFileProvider>(fileProvider: provider).handle(
            request, context: context
        ) {
            _, _ in throw APIError(.notFound, "\(name) is missing from this installation")
        }
        response.headers[.contentType] = contentType
        return response
    }

    /// The middleware that serves Public/ under /static/.
    func staticFiles(logger: Logger) -> FileMiddleware<BasicRequestContext, LocalFileSystem> {
        FileMiddleware(
            fileProvider: LocalFileSystem(rootFolder: publicFolder, threadPool: .singleton, logger: logger), urlBasePath: "/static",
            cacheControl: .init([(MediaType(type: .any), [.noCache])])
        )
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                .contentSecurityPolicy: "default-src 'self'; media-src 'self' blob:; img-src 'self' data:; frame-ancestors 'none'",
                .xContentTypeOptions: "nosniff",
            ],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}
