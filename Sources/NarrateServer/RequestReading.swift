import Foundation
import Hummingbird
import NIOCore
import NarrateAudio

/// Reading what a request says, with a clear 400 for what does not read.
enum RequestReading {
    /// Path parameter `name` as an id (a whole number from 1).
    static func id(_ name: String, in context: some RequestContext) throws -> Int64 {
        let text = context.parameters.get(name) ?? ""
        guard let id = Int64(text), id >= 1 else {
            throw APIError(
                .badRequest, "the \(name == "id" ? "article" : "render") id must be a whole number from 1: got '\(text.prefix(40))'")
        }
        return id
    }

    /// The request body as `T`, read as JSON whatever its content type (`sendBeacon` sends
    /// text/plain); 413 over the context's upload limit, 400 when it is not such JSON.
    static func body<T: Decodable>(_ type: T.Type, of request: Request, context: some RequestContext) async throws -> T {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: context.maxUploadSize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw APIError(.contentTooLarge, "the request body is over \(context.maxUploadSize / 1_048_576) MiB: send a smaller one")
        }
        guard buffer.readableBytes > 0 else { throw APIError(.badRequest, "the request has no body: send a JSON object") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError.from(error)
        } catch {
            throw APIError(.badRequest, "the request body is not JSON: \(error)")
        }
    }

    /// Query parameter `name` as a whole number within `range`; `fallback` when absent.
    /// The field `name` of the query as a form sends it (`application/x-www-form-urlencoded`:
    /// `+` is a space), nil when it is missing or not text.
    static func formField(_ name: String, in request: Request) -> String? {
        for pair in (request.uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.first.map(String.init)?.replacingOccurrences(of: "+", with: " ").removingPercentEncoding == name else { continue }
            return parts.count == 2 ? String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding : ""
        }
        return nil
    }

    static func integer(_ name: String, in request: Request, range: ClosedRange<Int>, fallback: Int) throws -> Int {
        guard let text = request.uri.queryParameters.get(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw APIError(
                .badRequest, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound): got '\(text.prefix(40))'")
        }
        return value
    }

    /// Query parameter `name` as one of `T`'s values; nil when absent.
    static func choice<T: RawRepresentable & CaseIterable>(_ name: String, in request: Request, as: T.Type) throws -> T?
    where T.RawValue == String {
        guard let text = request.uri.queryParameters.get(name) else { return nil }
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError(.badRequest, "\(name) must be one of \(names): got '\(text.prefix(40))'")
        }
        return value
    }

    /// The formats a player plays, best first, as query parameter `formats` lists them
    /// (`formats=opus,mp3`: the web player's choice by `canPlayType`); WAV when absent.
    static func formats(in request: Request) throws -> [AudioFileFormat] {
        guard let text = request.uri.queryParameters.get("formats") else { return [.wav] }
        let playable: [AudioFileFormat] = [.opus, .mp3, .ogg, .flac, .wav]
        var formats: [AudioFileFormat] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = AudioFileFormat(rawValue: trimmed), playable.contains(format) else {
                throw APIError(
                    .badRequest,
                    "formats lists the audio formats the player plays, best first, among \(playable.map(\.rawValue).joined(separator: ", ")): got '\(trimmed.prefix(40))'"
                )
            }
            formats.append(format)
        }
        return formats
    }
}
