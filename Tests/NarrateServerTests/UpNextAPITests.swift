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
            #expect((empty["articles"] as? [Any])?.isEmpty == true && empty["finishTag"] is NSNull)
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
            #expect(finish["finishTag"] as? String == "archived")
            let end = #"{"sentence": 0, "finished": true, "listenedAt": \#(Date().timeIntervalSince1970)}"#
            #expect(try await client.execute(uri: "/api/articles/\(third)/position", method: .put, body: body(end)).status == .ok)
            #expect(ids(try await client.execute(uri: "/api/queue", method: .get)).isEmpty)
        }
        #expect(try fixture.library.articles.summary(id: third).tags.contains("archived"))
    }
}
