import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateTestSupport
import Testing

/// The up-next queue through the API, as the library page and the player use it.
@Suite("The JSON API: the up-next queue")
struct UpNextAPITests {
    func ids(_ response: TestResponse) -> [Int64] {
        (jsonObject(response)["articles"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? Int).map(Int64.init) }
    }

    @Test func theQueueIsAddedToReorderedAndTakenFrom() async throws {
        let fixture = try ServerFixture()
        let first = try fixture.add("The wind rose before dawn.", title: "First")
        let second = try fixture.add("Rain followed at seven.", title: "Second", tags: ["news"])
        let third = try fixture.add("The gauge filled by noon.", title: "Third", tags: ["news"])
        try await fixture.test { client in
            let empty = jsonObject(try await client.execute(uri: "/api/queue", method: .get))
            #expect(
                (empty["articles"] as? [Any])?.isEmpty == true && empty["finishTag"] is NSNull && empty["onFinish"] as? String == "nothing")
            #expect(
                ids(try await client.execute(uri: "/api/queue", method: .post, body: body(#"{"ids": [\#(third), \#(first)]}"#))) == [
                    third, first,
                ])
            #expect(
                ids(try await client.execute(uri: "/api/queue", method: .post, body: body(#"{"tag": "news"}"#))) == [third, first, second])
            #expect(
                ids(try await client.execute(uri: "/api/queue", method: .put, body: body(#"{"ids": [\#(second), \#(third)]}"#))) == [
                    second, third,
                ])
            // Each article's neighbours, as the player's track buttons and its end go.
            let around = { (id: Int64) async throws -> [Int64?] in
                let answer = jsonObject(try await client.execute(uri: "/api/queue/around/\(id)", method: .get))
                return ["previous", "next"].map { ((answer[$0] as? [String: Any])?["id"] as? Int).map(Int64.init) }
            }
            #expect(try await around(second) == [nil, third])
            #expect(try await around(third) == [second, nil])
            #expect(try await around(first) == [nil, second])
            _ = errorMessage(try await client.execute(uri: "/api/queue/around/zero", method: .get), status: .badRequest)
            #expect(ids(try await client.execute(uri: "/api/queue/\(second)", method: .delete)) == [third])
            _ = errorMessage(try await client.execute(uri: "/api/queue/\(second)", method: .delete), status: .notFound)
            _ = errorMessage(try await client.execute(uri: "/api/queue", method: .post, body: body(#"{"ids": [999]}"#)), status: .notFound)
            let twice = try await client.execute(uri: "/api/queue", method: .put, body: body(#"{"ids": [\#(first), \#(first)]}"#))
            #expect(errorMessage(twice, status: .badRequest).contains("once"))
            _ = errorMessage(
                try await client.execute(uri: "/api/queue", method: .post, body: body(#"{"ids": [1], "tag": "x"}"#)), status: .badRequest)
            #expect(ids(try await client.execute(uri: "/api/queue", method: .get)) == [third])
            // The tag a finished article gets; a position at the end takes it out of the queue.
            let finish = jsonObject(try await client.execute(uri: "/api/queue/finish", method: .put, body: body(#"{"tag": "archived"}"#)))
            #expect(finish["finishTag"] as? String == "archived" && finish["onFinish"] as? String == "tag")
            let end = #"{"sentence": 0, "finished": true, "listenedAt": \#(Date().timeIntervalSince1970)}"#
            #expect(try await client.execute(uri: "/api/articles/\(third)/position", method: .put, body: body(end)).status == .ok)
            #expect(ids(try await client.execute(uri: "/api/queue", method: .get)).isEmpty)
        }
        #expect(try fixture.library.articles.summary(id: third).tags.contains("archived"))
    }

    /// Finishing archives when the library says so; the archive is a list of its own, and an
    /// article moves there and back by `PUT /api/articles/{id}/shelf`.
    @Test func finishingArchivesAndArticlesMoveBetweenTheLibraryAndTheArchive() async throws {
        let fixture = try ServerFixture()
        let first = try fixture.add("The wind rose before dawn.", title: "First", tags: ["heard"])
        let second = try fixture.add("Rain followed at seven.", title: "Second", tags: ["rain"])
        try await fixture.test { client in
            let choose = { (json: String) async throws -> TestResponse in
                try await client.execute(uri: "/api/queue/finish", method: .put, body: body(json))
            }
            let archive = jsonObject(try await choose(#"{"onFinish": "archive"}"#))
            #expect(archive["onFinish"] as? String == "archive" && archive["finishTag"] is NSNull)
            #expect(errorMessage(try await choose(#"{"onFinish": "shelve"}"#), status: .badRequest).contains("nothing, archive or tag"))
            #expect(errorMessage(try await choose(#"{"onFinish": "tag"}"#), status: .badRequest).contains("needs a tag"))
            #expect(ids(try await client.execute(uri: "/api/queue", method: .post, body: body(#"{"ids": [\#(first)]}"#))) == [first])
            let end = #"{"sentence": 0, "finished": true, "listenedAt": \#(Date().timeIntervalSince1970)}"#
            #expect(try await client.execute(uri: "/api/articles/\(first)/position", method: .put, body: body(end)).status == .ok)
            let listed = { (query: String) async throws -> [Int64] in
                ids(try await client.execute(uri: "/api/articles\(query)", method: .get))
            }
            #expect(try await listed("") == [second])
            #expect(try await listed("?shelf=archive") == [first])
            #expect(try await listed("?shelf=archive&q=wind") == [first])
            #expect(try await listed("?q=wind").isEmpty)
            _ = errorMessage(try await client.execute(uri: "/api/articles?shelf=attic", method: .get), status: .badRequest)
            let item = jsonObject(try await client.execute(uri: "/api/articles?shelf=archive", method: .get))
            #expect(((item["articles"] as? [[String: Any]])?.first?["archivedAt"] as? String)?.isEmpty == false)
            // By hand: back to the library, and the other to the archive.
            let shelve = { (id: Int64, shelf: String) async throws -> TestResponse in
                try await client.execute(uri: "/api/articles/\(id)/shelf", method: .put, body: body(#"{"shelf": "\#(shelf)"}"#))
            }
            #expect(jsonObject(try await shelve(first, "library"))["archivedAt"] is NSNull)
            #expect(jsonObject(try await shelve(second, "archive"))["archivedAt"] is String)
            #expect(try await listed("") == [first])
            // The filters' tags and languages are the shelf's.
            let tags = { (query: String) async throws -> [String] in
                let facets = jsonObject(try await client.execute(uri: "/api/facets\(query)", method: .get))
                return (facets["tags"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            }
            #expect(try await tags("") == ["heard"])
            #expect(try await tags("?shelf=archive") == ["rain"])
            _ = errorMessage(try await client.execute(uri: "/api/facets?shelf=attic", method: .get), status: .badRequest)
            _ = errorMessage(try await shelve(999, "archive"), status: .notFound)
            _ = errorMessage(try await shelve(first, "attic"), status: .badRequest)
        }
        #expect(try fixture.library.articles.summary(id: second).shelf == .archive)
    }
}
