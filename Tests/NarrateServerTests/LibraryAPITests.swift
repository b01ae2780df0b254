import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateLibrary
import NarrateTestSupport
import Synchronization
import Testing

@Suite("The JSON API: the library, articles, renders")
struct LibraryAPITests {
    @Test func addsPastedTextListsSearchesAndFilters() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let added = try await client.execute(
                uri: "/api/articles", method: .post, headers: [.contentType: "application/json"],
                body: body(#"{"text": "Storms over the harbour. The ferries stopped.", "title": "Harbour", "tags": ["news"]}"#)
            )
            #expect(added.status == .created)
            let article = jsonObject(added)["article"] as? [String: Any]
            #expect(article?["title"] as? String == "Harbour")
            #expect(article?["tags"] as? [String] == ["news"])
            #expect(jsonObject(added)["added"] as? Bool == true)
            // The same text again: already there.
            let again = try await client.execute(
                uri: "/api/articles", method: .post,
                body: body(#"{"text": "Storms over the harbour. The ferries stopped.", "title": "Harbour"}"#)
            )
            #expect(again.status == .ok)
            #expect(jsonObject(again)["added"] as? Bool == false)
            try fixture.add("Bread rises overnight in a cool kitchen.", title: "Baking")

            let all = jsonObject(try await client.execute(uri: "/api/articles", method: .get))
            #expect(all["total"] as? Int == 2)
            let items = all["articles"] as? [[String: Any]] ?? []
            #expect(items.count == 2)
            // Nulls are spelled out, as the OpenAPI document says.
            #expect(items.allSatisfy { $0.keys.contains("site") && $0.keys.contains("position") })

            let found = jsonObject(try await client.execute(uri: "/api/articles?q=ferries", method: .get))
            let hits = found["articles"] as? [[String: Any]] ?? []
            #expect(hits.map { $0["title"] as? String } == ["Harbour"])
            #expect((hits.first?["snippet"] as? String)?.isEmpty == false)
            // As the page searches while a word is typed: a prefix, another form, a typo.
            for partial in ["fer", "ferry", "harbours", "ferires"] {
                let typed = jsonObject(try await client.execute(uri: "/api/articles?q=\(partial)", method: .get))
                #expect((typed["articles"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Harbour"], "\(partial)")
            }

            let tagged = jsonObject(try await client.execute(uri: "/api/articles?tag=news", method: .get))
            #expect((tagged["articles"] as? [[String: Any]])?.count == 1)
            let paged = jsonObject(try await client.execute(uri: "/api/articles?sort=title&limit=1&offset=1", method: .get))
            #expect((paged["articles"] as? [[String: Any]])?.first?["title"] as? String == "Harbour")
            #expect(paged["total"] as? Int == 2)

            let facets = jsonObject(try await client.execute(uri: "/api/facets", method: .get))
            #expect((facets["tags"] as? [[String: Any]])?.first?["name"] as? String == "news")
            #expect((facets["languages"] as? [[String: Any]])?.first?["count"] as? Int == 2)
        }
    }

    @Test func tagsAndDeletes() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText, tags: ["old"])
        try await fixture.test { client in
            let retagged = try await client.execute(
                uri: "/api/articles/\(id)/tags", method: .put, body: body(#"{"add": ["weather", "later"], "remove": ["old"]}"#)
            )
            #expect(retagged.status == .ok)
            #expect(jsonObject(retagged)["tags"] as? [String] == ["later", "weather"])
            let deleted = try await client.execute(uri: "/api/articles/\(id)", method: .delete)
            #expect(deleted.status == .noContent)
            _ = errorMessage(try await client.execute(uri: "/api/articles/\(id)", method: .get), status: .notFound)
        }
        #expect(try fixture.library.articles.count() == 0)
    }

    @Test func anArticleIsTimedOnceRenderedByAWorker() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            let before = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))
            #expect(before["render"] is NSNull)
            #expect((before["words"] as? [Any])?.isEmpty == true)
            let sentences = before["sentences"] as? [[String: Any]] ?? []
            #expect(sentences.count == 6)
            #expect(sentences.first?["startSeconds"] is NSNull)
            let blocks = before["blocks"] as? [[String: Any]] ?? []
            #expect(blocks.first?["kind"] as? String == "heading")
            #expect(blocks.first?["level"] as? Int == 1)

            // Asked for: a job, which a worker (here in process) renders.
            let asked = try await client.execute(uri: "/api/articles/\(id)/render", method: .post)
            #expect(asked.status == .accepted)
            #expect((jsonObject(asked)["job"] as? [String: Any])?["state"] as? String == "queued")
            #expect(fixture.workers.asked.load(ordering: .relaxed) == 1)

            let state = jsonObject(try await client.execute(uri: "/api/articles/\(id)/render", method: .get))
            #expect(state["state"] as? String == "done")
            let render = state["render"] as? [String: Any]
            let renderId = render?["id"] as? Int ?? 0
            #expect(render?["audio"] as? String == "/api/articles/\(id)/renders/\(renderId)/audio")

            let after = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))
            let words = after["words"] as? [[String: Any]] ?? []
            let timed = after["sentences"] as? [[String: Any]] ?? []
            #expect(words.count == 28)
            #expect(timed.first?["startSeconds"] as? Double == 0)
            // Words in order, each inside its sentence's time.
            for word in words {
                let sentence = timed[word["sentence"] as? Int ?? 0]
                let start = word["startSeconds"] as? Double ?? -1
                #expect(start >= sentence["startSeconds"] as? Double ?? .infinity)
                #expect(start < sentence["endSeconds"] as? Double ?? 0)
            }
            // Asked again: the render is there; no job.
            let again = try await client.execute(uri: "/api/articles/\(id)/render", method: .post)
            #expect(again.status == .ok)
            #expect(jsonObject(again)["job"] is NSNull)
        }
    }

    @Test func aRenderWhoseFileVanishedIsMadeAgainNotServed() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            _ = try await client.execute(uri: "/api/articles/\(id)/render", method: .post)
            let first = try #require(try fixture.library.renders.renders(ofArticle: id).first)
            try FileManager.default.removeItem(atPath: first.path)
            let audio = try await client.execute(uri: "/api/articles/\(id)/renders/\(first.id)/audio", method: .get)
            #expect(errorMessage(audio, status: .notFound).contains("gone"))
            let view = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))
            #expect(view["render"] is NSNull)
            let asked = try await client.execute(uri: "/api/articles/\(id)/render", method: .post)
            #expect(asked.status == .accepted)
            let again = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))
            let render = again["render"] as? [String: Any]
            let renderId = try #require(render?["id"] as? Int)
            #expect(renderId != Int(first.id))
            let served = try await client.execute(uri: "/api/articles/\(id)/renders/\(renderId)/audio", method: .get)
            #expect(served.status == .ok)
        }
    }
}
