import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns every error thrown while handling a request into one clear answer: JSON
/// (`APIError`) for the API, the OpenAPI document and the audio, plain text for the pages,
/// with the status that fits it. A 5xx is logged.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = APIError.from(error)
            if apiError.status.code >= 500 {
                context.logger.error("\(request.method) \(FeedSecret.redacted(request.uri.path)): \(apiError.message)")
            }
            if Self.wantsJSON(request.uri.path) {
                return try apiError.response(from: request, context: context)
            }
            var headers = apiError.headers
            headers[.contentType] = "text/plain; charset=utf-8"
            headers[.cacheControl] = "no-store"
            let text = "\(apiError.status.code) \(apiError.status.reasonPhrase): \(apiError.message)\n"
            return Response(status: apiError.status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    /// Whether errors at `path` are answered as JSON.
    static func wantsJSON(_ path: String) -> Bool {
        path.hasPrefix("/api/") || path == "/api" || path == "/openapi.json"
    }
}
