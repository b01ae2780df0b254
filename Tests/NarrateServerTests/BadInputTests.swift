import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateLibrary
import NarrateTestSupport
import Synchronization
import Testing

@Suite("Bad input: one clear JSON error, nothing served from outside, nothing changed")
struct BadInputTests {
    @Test func unknownIdsAre404AndIdsThatAreNotIds400() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for (uri, method) in [
                ("/api/articles/42", HTTPRequest.Method.get), ("/api/articles/42", .delete), ("/api/articles/42/position", .get),
                ("/api/articles/42/render", .get), ("/api/articles/42/render", .post), ("/api/articles/42/renders/1/audio", .get),
                ("/api/nothing", .get),
            ] {
                _ = errorMessage(try await client.execute(uri: uri, method: method), status: .notFound)
            }
            let unknownPage = try await client.execute(uri: "/articles/42", method: .get)
            #expect(unknownPage.status == .notFound)
            for uri in ["/api/articles/abc", "/api/articles/0", "/api/articles/-3", "/api/articles/99999999999999999999999"] {
                _ = errorMessage(try await client.execute(uri: uri, method: .get), status: .badRequest)
            }
        }
    }

    /// A NUL in a path, written or encoded, is 400 on every route; /static/ serves files by
    /// name only: no file with another's type, no redirect to somewhere else.
    @Test func aNulInAPathIs400AndStaticServesNamesOnly() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let port = try #require(client.port)
            let answers = try await onOwnThread {
                try [
                    "/static/style.css%00.js", "/static/%00", "/%00", "/api/articles/1%00", "/articles/1%00",
                    "/static/.", "/static/..", "/static/", "/static/%2e", "/static/style.css%2F", "/static/style.css",
                ].map { path in (path, try RawConnection.exchange(port: port, "GET", path, headers: ["Host": "localhost"])) }
            }
            for (path, answer) in answers.prefix(5) {
                #expect(answer.status == 400, "\(path): \(answer.status)")
                #expect(answer.body.contains("NUL"), "\(path): \(answer.body.prefix(200))")
            }
            for (path, answer) in answers.dropFirst(5).dropLast() {
                #expect(answer.status == 404, "\(path): \(answer.status) \(answer.headers["location"] ?? "")")
                #expect(answer.headers["location"] == nil)
            }
            #expect(answers.last?.1.status == 200)
            #expect(answers.last?.1.headers["content-type"]?.hasPrefix("text/css") == true)
        }
    }

    @Test func pathTraversalInEveryParameterServesNothingFromOutside() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        let secret = try fixture.scratch.write("secret.txt", text: "SECRET")
        try await fixture.test { client in
            let attempts = [
                "/static/../../../../../../etc/passwd", "/static/..%2F..%2F..%2Fetc%2Fpasswd", "/static/%2e%2e/%2e%2e/etc/passwd",
                "/static/\(secret)", "/static//etc/passwd", "/api/articles/..%2F..%2Fetc%2Fpasswd",
                "/api/articles/\(id)/renders/..%2F..%2F..%2Fetc%2Fpasswd/audio", "/api/articles/%2e%2e/renders/1/audio",
                "/articles/..%2F..%2Fetc%2Fpasswd", "/api/articles/\(id)/renders/1/audio/../../../../etc/passwd",
                "/..%2F..%2Fetc%2Fpasswd", "/static/style.css/../../Package.swift",
            ]
            for uri in attempts {
                let answer = try await client.execute(uri: uri, method: .get)
                let text = String(buffer: answer.body)
                #expect(answer.status.code >= 400 && answer.status.code < 500, "\(uri): \(answer.status)")
                #expect(!text.contains("root:") && !text.contains("SECRET") && !text.contains("PackageDescription"), "\(uri)")
            }
            // A URL to add must be a web address: a path would read the server's own files.
            for url in ["/etc/passwd", "file:///etc/passwd", secret, "../secret.txt"] {
                let answer = try await client.execute(uri: "/api/articles", method: .post, body: body(#"{"url": "\#(url)"}"#))
                _ = errorMessage(answer, status: .badRequest)
            }
        }
        #expect(try fixture.library.articles.count() == 1)
    }

    @Test func invalidJSONOversizedBodiesAndWrongParametersAreRefused() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            for bad in [
                "", "{", "[]", "null", #"{"text": 5}"#, #"{"url": "https://example.org", "text": "both"}"#, #"{}"#, #"{"text": "   "}"#,
                #"{"text": "Fine text.", "format": "pdf"}"#, #"{"text": "Fine text.", "language": "english!"}"#,
            ] {
                let answer = try await client.execute(uri: "/api/articles", method: .post, body: body(bad))
                _ = errorMessage(answer, status: .badRequest)
            }
            let huge = String(repeating: "a", count: 3 * 1_048_576)
            let oversized = try await client.execute(uri: "/api/articles", method: .post, body: body(#"{"text": "\#(huge)"}"#))
            #expect(errorMessage(oversized, status: .contentTooLarge).contains("MiB"))
            let tags = try await client.execute(uri: "/api/articles/\(id)/tags", method: .put, body: body("{\"add\": 3}"))
            _ = errorMessage(tags, status: .badRequest)
            for query in ["progress=half", "sort=random", "limit=0", "limit=501", "offset=-1", "limit=ten"] {
                _ = errorMessage(try await client.execute(uri: "/api/articles?\(query)", method: .get), status: .badRequest)
            }
            let wrongMethod = try await client.execute(uri: "/api/facets", method: .post)
            #expect(wrongMethod.status.code == 404 || wrongMethod.status.code == 405)
        }
        #expect(try fixture.library.articles.count() == 1)
        #expect(try fixture.library.articles.article(id: id).summary.tags.isEmpty)
    }
}
