import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateBatch
import NarrateLibrary
import NarrateListening
import NarrateRendering
import NarrateServer
import NarrateTestSupport
import Synchronization
import Testing

@Suite("Positions over the API: one truth across devices")
struct PositionAPITests {
    @Test func theNewestListeningWinsWhateverOrderSavesArriveIn() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            let phone = try await client.execute(
                uri: "/api/articles/\(id)/position", method: .put,
                body: body(#"{"sentence": 4, "word": 0, "listenedAt": 1764064900.5, "device": "web: phone"}"#)
            )
            #expect(phone.status == .ok)
            #expect(jsonObject(phone)["saved"] as? Bool == true)
            // A laptop's save made earlier arrives later: kept out.
            let laptop = try await client.execute(
                uri: "/api/articles/\(id)/position", method: .put,
                body: body(#"{"sentence": 1, "listenedAt": 1764064800, "device": "web: laptop"}"#)
            )
            #expect(jsonObject(laptop)["saved"] as? Bool == false)
            let position = jsonObject(laptop)["position"] as? [String: Any]
            #expect(position?["sentence"] as? Int == 4)
            #expect(position?["device"] as? String == "web: phone")

            // navigator.sendBeacon posts text/plain.
            let beacon = try await client.execute(
                uri: "/api/articles/\(id)/position", method: .post, headers: [.contentType: "text/plain;charset=UTF-8"],
                body: body(#"{"sentence": 5, "listenedAt": 1764065000, "device": "web: phone", "finished": true}"#)
            )
            #expect(jsonObject(beacon)["saved"] as? Bool == true)
            let read = jsonObject(try await client.execute(uri: "/api/articles/\(id)/position", method: .get))
            #expect((read["position"] as? [String: Any])?["finished"] as? Bool == true)
            let history = read["history"] as? [[String: Any]] ?? []
            // The phone's saves, minutes apart, are one listening in the history; the laptop's was refused.
            #expect(history.map { $0["sentence"] as? Int } == [5])
            #expect(history.first?["number"] as? Int == 1)
        }
        // What `narrate position` reads is the same.
        let saved = try #require(try fixture.library.positions.position(ofArticle: id))
        #expect(saved.sentence == 5)
        #expect(saved.finished)
        #expect(saved.device == "web: phone")
    }

    @Test func aPositionThatNarratePositionSetIsWhatThePageGets() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        _ = try ListeningQueue(library: fixture.library).request(articleId: id)
        try await fixture.workers.ensureRunning()
        let position = try ArticlePosition(articleId: id, renderer: ArticleRenderer(library: fixture.library, engine: FakeEngine()))
        try position.move(toSentence: 3)
        try await fixture.test { client in
            let view = jsonObject(try await client.execute(uri: "/api/articles/\(id)", method: .get))
            let saved = view["position"] as? [String: Any]
            #expect(saved?["sentence"] as? Int == 3)
            let sentences = view["sentences"] as? [[String: Any]] ?? []
            #expect(saved?["seconds"] as? Double == sentences[3]["startSeconds"] as? Double)
        }
    }

    @Test func aPositionOutsideTheArticleIsRefusedAndNothingChanges() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try fixture.library.positions.savePosition(articleId: id, sentence: 2, finished: false, listenedAt: 1_764_064_800)
        try await fixture.test { client in
            for bad in [
                #"{"sentence": 99, "listenedAt": 1764064900}"#,
                #"{"sentence": -1, "listenedAt": 1764064900}"#,
                #"{"sentence": 1, "word": 5000, "listenedAt": 1764064900}"#,
                #"{"sentence": 1, "listenedAt": 99999999999}"#,
                #"{"sentence": 1, "listenedAt": -5}"#,
                #"{"sentence": "one", "listenedAt": 1764064900}"#,
                #"{"listenedAt": 1764064900}"#,
            ] {
                let answer = try await client.execute(uri: "/api/articles/\(id)/position", method: .put, body: body(bad))
                _ = errorMessage(answer, status: .badRequest)
            }
        }
        let saved = try #require(try fixture.library.positions.position(ofArticle: id))
        #expect(saved.sentence == 2)
        #expect(try fixture.library.positions.positionHistory(ofArticle: id).count == 1)
    }
}
