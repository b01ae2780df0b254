import Foundation
import HTTPTypes
import Hummingbird

/// Refuses a path no route should see: one holding a NUL character, written as it is or as
/// `%00` (a file name stops at a NUL, so `/static/style.css%00.js` was style.css served as
/// JavaScript), is 400; under `/static/`, anything but a plain file name (`.`, `..`, an empty
/// or encoded-slash segment, which the file server answered with a redirect to `/ /` or `/`)
/// is 404, never a redirect.
struct PathMiddleware<Context: RequestContext>: RouterMiddleware {
    static var staticPrefix: String { "/static/" }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let raw = (request.head.path ?? "").prefix { $0 != "?" }
        if raw.contains("\0") || raw.range(of: "%00", options: .caseInsensitive) != nil {
            throw APIError(.badRequest, "the path holds a NUL character: ask for a path without one")
        }
        if raw.hasPrefix(Self.staticPrefix), !Self.isFileName(raw.dropFirst(Self.staticPrefix.count)) {
            throw APIError(.notFound, "no such file: /static/ serves the pages' files by their names")
        }
        return try await next(request, context)
    }

    /// Whether `name` (as sent, percent-encoded) names a file by a plain relative path.
    static func isFileName(_ name: Substring) -> Bool {
        guard !name.isEmpty, name.range(of: "%2f", options: .caseInsensitive) == nil,
            let decoded = String(name).removingPercentEncoding
        else { return false }
        return decoded.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
