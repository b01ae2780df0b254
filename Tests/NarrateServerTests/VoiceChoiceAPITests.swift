import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateLibrary
import NarrateTestSupport
import Testing

/// The article page's voice picker through the API: the voices for the article's language,
/// the pick kept in the library (every device), and the listening render then one in that voice.
@Suite("The JSON API: an article's voice")
struct VoiceChoiceAPITests {
    @Test func aVoicePickedIsKeptAndTheArticleIsRenderedInIt() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            let choice = jsonObject(try await client.execute(uri: "/api/articles/\(id)/voice", method: .get))
            #expect(choice["voice"] is NSNull)
            #expect(choice["automatic"] as? String == "en-us" && choice["language"] as? String == "en")
            #expect(choice["preference"] as? String == "espeak")
            #expect((choice["voices"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["gmw/en-US"])

            // Rendered in the automatic voice, which the render names.
            _ = try await client.execute(uri: "/api/articles/\(id)/render", method: .post)
            let first = jsonObject(try await client.execute(uri: "/api/articles/\(id)/render", method: .get))["render"] as? [String: Any]
            #expect(first?["voice"] as? String == "en-us")

            // Another voice picked: kept, and the render in the first voice is no longer the one to play.
            let picked = try await client.execute(uri: "/api/articles/\(id)/voice", method: .put, body: body(#"{"voice": "uk"}"#))
            #expect(picked.status == .ok)
            let kept = jsonObject(picked)
            #expect(kept["voice"] as? String == "uk")
            // The kept voice is listed whatever the article's language.
            #expect((kept["voices"] as? [[String: Any]])?.compactMap { $0["identifier"] as? String } == ["gmw/en-US", "zle/uk"])
            #expect(try fixture.library.articles.article(id: id).voice == "uk")
            #expect(jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))["render"] is NSNull)
            _ = try await client.execute(uri: "/api/articles/\(id)/render", method: .post)
            let second = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))["render"] as? [String: Any]
            #expect(second?["voice"] as? String == "uk")
            #expect(second?["id"] as? Int != first?["id"] as? Int)

            // Back to automatic: the newest render plays, whatever its voice.
            let automatic = try await client.execute(uri: "/api/articles/\(id)/voice", method: .put, body: body(#"{"voice": null}"#))
            #expect(jsonObject(automatic)["voice"] is NSNull)
            let third = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))["render"] as? [String: Any]
            #expect(third?["id"] as? Int == second?["id"] as? Int)
            #expect(try fixture.library.renders.renders(ofArticle: id).count == 2)
        }
    }

    @Test func anUnknownVoiceOrArticleIsRefusedAndNothingChanges() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            let unknown = try await client.execute(uri: "/api/articles/\(id)/voice", method: .put, body: body(#"{"voice": "klingon"}"#))
            #expect(errorMessage(unknown, status: .badRequest).contains("unknown voice 'klingon'"))
            let missing = try await client.execute(uri: "/api/articles/999/voice", method: .put, body: body(#"{"voice": "uk"}"#))
            _ = errorMessage(missing, status: .notFound)
            _ = errorMessage(try await client.execute(uri: "/api/articles/999/voice", method: .get), status: .notFound)
            let malformed = try await client.execute(uri: "/api/articles/\(id)/voice", method: .put, body: body(#"{"voice": 12}"#))
            _ = errorMessage(malformed, status: .badRequest)
        }
        #expect(try fixture.library.articles.article(id: id).voice == nil)
    }
}
