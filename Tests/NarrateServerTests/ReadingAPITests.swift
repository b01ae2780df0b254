import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateCore
import NarrateLibrary
import NarrateRendering
import NarrateTestSupport
import Testing

/// The player's "Read aloud" menu through the API: the library's reading choices, changed on
/// every device, and the listening render then one that reads what they read.
@Suite("The JSON API: what is read aloud")
struct ReadingAPITests {
    static let withReferences = """
        # The weather station

        The wind rose before dawn. Rain followed at seven, and the gauge filled by noon.

        ## References

        - Smith, J. Weather of the coast. 2020.
        """

    @Test func choicesAreKeptAndTheArticleIsRenderedByThem() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(Self.withReferences)
        try await fixture.test { client in
            let reading = jsonObject(try await client.execute(uri: "/api/reading", method: .get))
            #expect(reading["read"] as? [String] == ["images", "tables", "code", "urls"])
            let parts = reading["parts"] as? [[String: Any]] ?? []
            #expect(parts.map { $0["name"] as? String } == ["references", "footnotes", "images", "tables", "code", "urls"])
            #expect(parts.first?["read"] as? Bool == false && parts.first?["label"] as? String == "References and external links")

            // The page's blocks say which part they are.
            let view = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))
            let blocks = view["blocks"] as? [[String: Any]] ?? []
            #expect(blocks.map { $0["part"] as? String } == [nil, nil, "references", "references"])

            // Rendered without the references: their sentences take no time.
            _ = try await client.execute(uri: "/api/articles/\(id)/render", method: .post)
            let first = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))
            let firstRender = first["render"] as? [String: Any]
            let firstSentences = first["sentences"] as? [[String: Any]] ?? []
            let lengths = firstSentences.map { sentence in
                (
                    block: sentence["block"] as? Int ?? -1,
                    seconds: ((sentence["endSeconds"] as? Double) ?? 0) - ((sentence["startSeconds"] as? Double) ?? 0)
                )
            }
            #expect(lengths.count >= 5)
            #expect(lengths.allSatisfy { $0.block >= 2 ? $0.seconds == 0 : $0.seconds > 0 }, "\(lengths)")

            // References read from now on: the render that skipped them is not the one to play.
            let changed = try await client.execute(uri: "/api/reading", method: .put, body: body(#"{"read": ["references", "images"]}"#))
            #expect(changed.status == .ok)
            #expect(jsonObject(changed)["read"] as? [String] == ["references", "images"])
            #expect(try ReadingChoices.load(from: fixture.library) == ReadingChoices(read: [.references, .images]))
            #expect(jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))["render"] is NSNull)
            _ = try await client.execute(uri: "/api/articles/\(id)/render", method: .post)
            let second = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))
            let secondRender = second["render"] as? [String: Any]
            #expect(secondRender?["id"] as? Int != firstRender?["id"] as? Int)
            #expect((secondRender?["duration"] as? Double ?? 0) > (firstRender?["duration"] as? Double ?? 0) + 1)

            // Back to the defaults: the first render plays again.
            _ = try await client.execute(uri: "/api/reading", method: .put, body: body(#"{"read": ["images", "tables", "code", "urls"]}"#))
            let third = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))["render"] as? [String: Any]
            #expect(third?["id"] as? Int == firstRender?["id"] as? Int)
        }
    }

    @Test func anUnknownPartIsRefusedAndNothingChanges() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let unknown = try await client.execute(uri: "/api/reading", method: .put, body: body(#"{"read": ["references", "edits"]}"#))
            #expect(errorMessage(unknown, status: .badRequest).contains("'edits' is not a part narrate reads or skips"))
            let malformed = try await client.execute(uri: "/api/reading", method: .put, body: body(#"{"read": "references"}"#))
            _ = errorMessage(malformed, status: .badRequest)
        }
        #expect(try ReadingChoices.load(from: fixture.library) == .standard)
    }
}
