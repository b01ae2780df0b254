import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateBatch
import NarrateLibrary
import NarrateListening
import NarrateServer
import NarrateTestSupport
import Synchronization
import Testing

@Suite("Audio by article and render id: ranges, validators, HEAD")
struct AudioTests {
    /// An article rendered by the in-process worker: its id, the audio's URL and bytes.
    func rendered(_ fixture: ServerFixture) async throws -> (id: Int64, url: String, bytes: [UInt8]) {
        let id = try fixture.add(ServerFixture.sampleText)
        _ = try ListeningQueue(library: fixture.library).request(articleId: id)
        try await fixture.workers.ensureRunning()
        let render = try #require(try fixture.library.renders.renders(ofArticle: id).first)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: render.path)))
        return (id, "/api/articles/\(id)/renders/\(render.id)/audio", bytes)
    }

    @Test func servesTheWholeFileAndAnyRangeOfIt() async throws {
        let fixture = try ServerFixture()
        let (_, url, bytes) = try await rendered(fixture)
        try await fixture.test { client in
            let whole = try await client.execute(uri: url, method: .get)
            #expect(whole.status == .ok)
            #expect(whole.headers[.contentType] == "audio/wav")
            #expect(whole.headers[.acceptRanges] == "bytes")
            #expect(whole.headers[.contentLength] == "\(bytes.count)")
            #expect(Array(whole.body.readableBytesView) == bytes)
            let etag = try #require(whole.headers[.eTag])
            #expect(whole.headers[.lastModified] != nil)

            // Seeks: several ranges, each exactly those bytes.
            for (lower, upper) in [(0, 1), (44, 1_043), (bytes.count - 10, bytes.count - 1)] {
                let part = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=\(lower)-\(upper)"])
                #expect(part.status == .partialContent)
                #expect(part.headers[.contentRange] == "bytes \(lower)-\(upper)/\(bytes.count)")
                #expect(Array(part.body.readableBytesView) == Array(bytes[lower...upper]))
            }
            // An open range, and a suffix (the last bytes, as RFC 9110 says).
            let open = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=100-"])
            #expect(Array(open.body.readableBytesView) == Array(bytes[100...]))
            let suffix = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=-16"])
            #expect(suffix.status == .partialContent)
            #expect(Array(suffix.body.readableBytesView) == Array(bytes.suffix(16)))
            // Past the end: 416, with the length.
            let past = try await client.execute(uri: url, method: .get, headers: [.range: "bytes=\(bytes.count)-"])
            _ = errorMessage(past, status: .rangeNotSatisfiable)
            #expect(past.headers[.contentRange] == "bytes */\(bytes.count)")
            // Unchanged since: 304.
            let cached = try await client.execute(uri: url, method: .get, headers: [.ifNoneMatch: etag])
            #expect(cached.status == .notModified)
            // HEAD: the headers alone.
            let head = try await client.execute(uri: url, method: .head)
            #expect(head.status == .ok)
            #expect(head.headers[.contentLength] == "\(bytes.count)")
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test func refusesRendersOfOtherArticlesAndIdsThatAreNotIds() async throws {
        let fixture = try ServerFixture()
        let (id, url, _) = try await rendered(fixture)
        let other = try fixture.add("Another article entirely. It has two sentences.")
        try await fixture.test { client in
            let renderId = url.split(separator: "/")[4]
            _ = errorMessage(
                try await client.execute(uri: "/api/articles/\(other)/renders/\(renderId)/audio", method: .get), status: .notFound)
            _ = errorMessage(try await client.execute(uri: "/api/articles/\(id)/renders/999/audio", method: .get), status: .notFound)
            _ = errorMessage(try await client.execute(uri: "/api/articles/999/renders/\(renderId)/audio", method: .get), status: .notFound)
            _ = errorMessage(try await client.execute(uri: "/api/articles/\(id)/renders/abc/audio", method: .get), status: .badRequest)
        }
    }
}
