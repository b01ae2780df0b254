import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NarrateAudio
import NarrateLibrary
import NarrateListening
import NarrateQueue
import NarrateRendering
import NarrateServer
import NarrateTestSupport
import Testing

@Suite("The player's audio in the formats it plays: compressed, reused, its delay told")
struct CompressedAudioTests {
    /// The render the article's view names for a player of `formats`.
    func render(_ client: some TestClientProtocol, article id: Int64, formats: String) async throws -> [String: Any] {
        let view = try await client.execute(uri: "/api/articles/\(id)?formats=\(formats)", method: .get)
        #expect(view.status == .ok)
        return try #require(jsonObject(view)["render"] as? [String: Any], "no render for formats=\(formats)")
    }

    @Test func aPlayerOfOpusAndMP3GetsOpusMadeAtThirtyTwoKilobits() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            let started = try await client.execute(uri: "/api/articles/\(id)/render?formats=opus,mp3", method: .post)
            #expect(started.status == .accepted)
            let job = try #require(
                try fixture.library.queue.jobs(outputPath: ListeningQueue.libraryOutput(articleId: id, format: .opus)).first)
            #expect(job.format == "opus")
            #expect(try RenderRequest(json: try #require(job.renderRequest)).encoding == ListeningQueue.encoding(of: .opus))
            let opus = try await render(client, article: id, formats: "opus,mp3")
            #expect(opus["format"] as? String == "opus")
            #expect(opus["audioDelay"] as? Double == 0)
            let audio = try await client.execute(uri: try #require(opus["audio"] as? String), method: .get)
            #expect(audio.headers[.contentType] == "audio/ogg")
            #expect(Array(audio.body.readableBytesView.prefix(4)) == Array("OggS".utf8))

            _ = try await client.execute(uri: "/api/articles/\(id)/render?formats=wav", method: .post)
            let wav = try await render(client, article: id, formats: "wav")
            #expect(wav["format"] as? String == "wav")
            #expect(wav["id"] as? Int != opus["id"] as? Int)
            // The same audio in both (the fake voice's is too short for a ratio of bytes: the
            // browser test measures it on a real render).
            #expect(abs((opus["duration"] as? Double ?? 0) - (wav["duration"] as? Double ?? -1)) < 0.001)
            // Without formats, as before: the WAV.
            #expect(try await render(client, article: id, formats: "wav")["id"] as? Int == wav["id"] as? Int)
        }
    }

    @Test func aRenderInAFormatThePlayerPlaysIsReusedAndAnMP3sDelayIsTold() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            _ = try await client.execute(uri: "/api/articles/\(id)/render?formats=mp3", method: .post)
            let mp3 = try await render(client, article: id, formats: "mp3")
            let jobs = try fixture.library.queue.jobs().count
            // A browser that plays Opus too is given the MP3 there is, not a new render.
            let again = try await client.execute(uri: "/api/articles/\(id)/render?formats=opus,mp3", method: .post)
            #expect(again.status == .ok)
            let answer = try #require(jsonObject(again)["render"] as? [String: Any])
            #expect(answer["id"] as? Int == mp3["id"] as? Int)
            #expect(answer["format"] as? String == "mp3")
            #expect(try fixture.library.queue.jobs().count == jobs, "no job queued")
            // The delay players play first, as the file tells it (DecoderDelayTests: 1,105
            // samples at 22,050 Hz; none at the fake voice's 8 kHz, where the info frame fits).
            let record = try #require(try fixture.library.renders.renders(ofArticle: id).first { $0.format == "mp3" })
            let delay = try #require(answer["audioDelay"] as? Double)
            #expect(delay == DecoderDelay.seconds(ofFile: record.path, format: "mp3", sampleRate: record.sampleRate))
            let audio = try await client.execute(uri: try #require(answer["audio"] as? String), method: .head)
            #expect(audio.headers[.contentType] == "audio/mpeg")
            // Still intact on the next look (its length is libsndfile's estimate): not made again.
            #expect(try await render(client, article: id, formats: "opus,mp3")["id"] as? Int == mp3["id"] as? Int)
        }
    }

    @Test func formatsThatAreNotAudioFormatsAreRefused() async throws {
        let fixture = try ServerFixture()
        let id = try fixture.add(ServerFixture.sampleText)
        try await fixture.test { client in
            for formats in ["xx", "opus,,mp3", "raw", "au", ""] {
                for (uri, method) in [
                    ("/api/articles/\(id)/render?formats=\(formats)", HTTPRequest.Method.post),
                    ("/api/articles/\(id)?formats=\(formats)", .get),
                    ("/api/articles/\(id)/live?formats=\(formats)", .get),
                ] {
                    let message = errorMessage(try await client.execute(uri: uri, method: method), status: .badRequest)
                    #expect(message.contains("formats lists the audio formats the player plays"), "\(uri): \(message)")
                }
            }
            #expect(try fixture.library.queue.jobs().isEmpty)
        }
    }
}
