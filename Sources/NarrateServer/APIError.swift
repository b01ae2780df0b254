import Foundation
public import HTTPTypes
public import Hummingbird
import NIOCore
import NIOHTTP1
import NarrateCore

/// An error answered as JSON: `{"error": {"status": 404, "message": "…"}}`, its message in
/// the project's words (what, where, what to do).
public struct APIError: Error, HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    public var message: String
    /// Headers sent with it (`WWW-Authenticate` with a 401).
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        let body = ["error": ["status": AnyEncodable(Int(status.code)), "message": AnyEncodable(message)]]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data("{\"error\":{\"status\":500,\"message\":\"\"}}".utf8)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The answer to `error`, thrown while handling a request: a library error in its own
    /// words with the status that fits it, Hummingbird's own errors (404, 413, 416) with
    /// theirs, anything else a 500 that names it.
    static func from(_ error: any Error) -> APIError {
        switch error {
        case let error as APIError: return error
        case let error as NarrateError: return from(error)
        case let error as any HTTPResponseError:
            let message = (error as? HTTPError)?.body ?? Self.defaultMessage(error.status)
            return APIError(error.status, message)
        case let error as DecodingError: return APIError(.badRequest, "the request body is not the JSON expected: \(describe(error))")
        // The client's request broke off (a body cut when it took too long) or was no HTTP.
        case let error as HTTPParserError: return APIError(.badRequest, "the request could not be read: \(error)")
        default: return APIError(.internalServerError, "the server failed: \(error)")
        }
    }

    static func from(_ error: NarrateError) -> APIError {
        switch error {
        case .module(let failure): APIError(status(for: failure.kind), error.description)
        case .invalidOption, .unknownVoice, .noVoiceSpeaks: APIError(.badRequest, error.description)
        // What was given could not be made an article (a page that would not load counts:
        // the address is the request's).
        case .invalidUTF8, .invalidEncoding, .binaryInput, .emptyInput, .noSpeakableText, .malformedInput, .noReadableArticle,
            .unsupportedContent, .fetchFailed, .inputUnavailable, .inputTooLarge:
            APIError(.unprocessableContent, error.description)
        case .readerUnavailable: APIError(.serviceUnavailable, error.description)
        default: APIError(.internalServerError, error.description)
        }
    }

    /// The status for a module's own error of `kind`.
    private static func status(for kind: FailureKind) -> HTTPResponse.Status {
        switch kind {
        case .notFound: .notFound
        case .invalidRequest: .badRequest
        case .storageFailure: .serviceUnavailable
        // A service the server itself needs (the shared queue, a worker process) failing is
        // the server's failure, as it always was.
        case .serviceUnavailable, .permissionDenied, .systemRefused: .internalServerError
        }
    }

    static func defaultMessage(_ status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: "nothing here: see /openapi.json for the API, or / for the library"
        case .contentTooLarge: "the request body is over 2 MiB: send a smaller one"
        case .rangeNotSatisfiable: "the range asked for is not in the file: ask for bytes within its length"
        case .methodNotAllowed: "this method is not allowed here: see /openapi.json"
        default: status.reasonPhrase
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// A value of any encodable type, for small ad-hoc JSON.
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
